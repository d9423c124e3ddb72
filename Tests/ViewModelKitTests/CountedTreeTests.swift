import DemoData
import Testing
import ViewModelKit

/// The counted tree against an array doing the same edits: positions, order, and sorted
/// insertion, through splits and merges at every level.
@Suite("CountedTree")
struct CountedTreeTests {
    @Test(arguments: [1, 2, 3])
    func randomEditsMatchAnArray(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var tree = CountedTree<Int>()
        var array: [Int] = []
        for step in 0..<40_000 {
            // Grow to a few thousand, then shrink, so leaves and inner nodes split and merge.
            let grows = step < 20_000 ? 3 : 1
            switch Int.random(in: 0..<(grows + 2), using: &random) {
            case 0..<grows:
                let at = Int.random(in: 0...array.count, using: &random)
                array.insert(step, at: at)
                tree.insert(step, at: at)
            case grows:
                guard !array.isEmpty else { continue }
                let at = Int.random(in: 0..<array.count, using: &random)
                #expect(tree.remove(at: at) == array.remove(at: at))
            default:
                guard !array.isEmpty else { continue }
                let at = Int.random(in: 0..<array.count, using: &random)
                array[at] = -step
                tree.replace(at: at, with: -step)
            }
            if step % 997 == 0 {
                #expect(Array(tree) == array, "step \(step)")
            }
        }
        #expect(tree.count == array.count)
        #expect(Array(tree) == array)
        for at in stride(from: 0, to: array.count, by: 7) { #expect(tree[at] == array[at]) }
    }

    @Test func aSortedTreeFindsWhereEachElementGoes() {
        var random = SeededRandom(seed: 42)
        var tree = CountedTree<Int>()
        var array: [Int] = []
        for _ in 0..<5_000 {
            let value = Int.random(in: 0..<1_000, using: &random)
            let at = tree.insertionIndex(of: value, by: <)
            #expect(at == array.firstIndex { $0 >= value } ?? array.count)
            tree.insert(value, at: at)
            array.insert(value, at: at)
        }
        #expect(Array(tree) == array.sorted())
        #expect(tree.insertionIndex(of: -1, by: <) == 0 && tree.insertionIndex(of: 5_000, by: <) == tree.count)
    }

    @Test func aTreeBuiltFromASequenceIsThatSequenceAndCopiesAreValues() {
        let tree = CountedTree(0..<100_000)
        #expect(tree.count == 100_000 && tree[0] == 0 && tree[99_999] == 99_999 && tree[54_321] == 54_321)
        var copy = tree
        copy.replace(at: 5, with: -5)
        copy.remove(at: 0)
        #expect(tree[5] == 5 && tree.count == 100_000, "the original is untouched")
        #expect(copy[4] == -5 && copy.count == 99_999)
        #expect(CountedTree<Int>().isEmpty && CountedTree<Int>([]).count == 0)
        #expect(tree.element(at: -1) == nil && tree.element(at: 100_000) == nil)
    }
}
