import DemoData
import Testing
@testable import ViewModelKit

/// The flag tree against an array of flags doing the same edits: flags, counts and the set
/// flags before each position, through splits and merges.
@Suite("FlagTree")
struct FlagTreeTests {
    @Test(arguments: [1, 2])
    func randomEditsMatchAnArray(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var tree = FlagTree(Array(repeating: true, count: 3_000))
        var array = Array(repeating: true, count: 3_000)
        for step in 0..<60_000 {
            // Grow past many leaves, then shrink, so nodes split and merge.
            let grows = step < 30_000 ? 3 : 1
            switch Int.random(in: 0..<(grows + 2), using: &random) {
            case 0..<grows:
                let at = Int.random(in: 0...array.count, using: &random)
                let flag = Bool.random(using: &random)
                array.insert(flag, at: at)
                tree.insert(flag, at: at)
            case grows:
                guard !array.isEmpty else { continue }
                let at = Int.random(in: 0..<array.count, using: &random)
                #expect(tree.remove(at: at) == array.remove(at: at))
            default:
                guard !array.isEmpty else { continue }
                let at = Int.random(in: 0..<array.count, using: &random)
                let flag = Bool.random(using: &random)
                #expect(tree.set(flag, at: at) == array[at])
                array[at] = flag
            }
            if step % 4_999 == 0 {
                #expect(tree.all == array, "step \(step)")
                let at = Int.random(in: 0...array.count, using: &random)
                #expect(tree.setCount(before: at) == array[..<at].filter { $0 }.count, "step \(step)")
            }
        }
        #expect(tree.count == array.count && tree.setCount == array.filter { $0 }.count)
        var setBefore = 0
        for at in 0..<array.count {
            if at % 37 == 0 {
                #expect(tree.setCount(before: at) == setBefore && tree[at] == array[at])
            }
            if array[at] { setBefore += 1 }
        }
        #expect(tree.setCount(before: array.count) == setBefore)
    }

    @Test func copiesAreValues() {
        let tree = FlagTree((0..<5_000).map { $0 % 3 == 0 })
        var copy = tree
        copy.set(true, at: 1)
        copy.remove(at: 0)
        #expect(tree.setCount == 1_667 && tree.count == 5_000 && !tree[1], "the original is untouched")
        #expect(copy.setCount == 1_667 && copy.count == 4_999 && copy[0])
    }
}
