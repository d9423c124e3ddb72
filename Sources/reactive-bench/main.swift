// reactive-bench: the reactive core against a hand-written closure chain, in one run.
//
// Usage: swift run -c release reactive-bench [--quick]
// Prints, per case, nanoseconds per operation and the ratio to the closure floor; the last line is
// one JSON object (keys are a contract read by checks).
import Reactive
import HeapStats
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

let quick = CommandLine.arguments.contains("--quick")
let scale = quick ? 10 : 1

/// Nanoseconds per operation of `body`, which performs `operations` operations: one warm-up
/// run (page faults, lazy initialisation), then the best of `runs` runs, which rejects
/// interference from other work on a shared machine.
func measure(_ operations: Int, runs: Int = 5, _ body: () -> Void) -> Double {
    body()
    var best = Double.infinity
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        best = min(best, Double(elapsed) / Double(operations))
    }
    return best
}

/// Keeps results observable so the optimiser cannot delete the work.
final class Sink: @unchecked Sendable {
    // Written by one thread only: the benchmark is single-threaded.
    var total = 0
}

@inline(never)
func opaque<T>(_ value: T) -> T { value }

// (floor) The same pipeline as hand-written closures: source → map → filter → observer.
func floorCase(_ count: Int) -> Double {
    let sink = Sink()
    let observer: (Int) -> Void = { sink.total &+= $0 }
    let filter: (Int) -> Void = { if $0 & 1 == 0 { observer($0) } }
    let map: (Int) -> Void = { filter($0 &+ 1) }
    let send = opaque(map)
    let ns = measure(count) { for i in 0..<count { send(i) } }
    precondition(sink.total != 42)
    return ns
}

// (a) 10M values through a signal, map, filter and one observer.
func mapFilterCase(_ count: Int) -> Double {
    let sink = Sink()
    let (signal, input) = Signal<Int, Never>.pipe()
    signal.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.observeValues { sink.total &+= $0 }
    let ns = measure(count) { for i in 0..<count { input.send(value: i) } }
    precondition(sink.total != 42)
    return ns
}

// (b) observe + dispose one observer on one signal, 1M times.
func observeDisposeCase(_ count: Int) -> Double {
    let (signal, input) = Signal<Int, Never>.pipe()
    let sink = Sink()
    return withExtendedLifetime(input) {
        measure(count) {
            for _ in 0..<count {
                let disposable = signal.observeValues { sink.total &+= $0 }
                disposable?.dispose()
            }
        }
    }
}

/// A reproducible shuffle (xorshift) so every run disposes in the same "random" order.
func shuffled(_ count: Int) -> [Int] {
    var order = Array(0..<count)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for i in stride(from: count - 1, to: 0, by: -1) {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        order.swapAt(i, Int(state % UInt64(i + 1)))
    }
    return order
}

// (c) hold `held` observers, then dispose them in random order; ns per observe-or-dispose.
func heldCase(_ held: Int, rounds: Int) -> Double {
    let (signal, input) = Signal<Int, Never>.pipe()
    let order = shuffled(held)
    let sink = Sink()
    var disposables = [(any Disposable)?]()
    disposables.reserveCapacity(held)
    // Cache-bound at 100,000 (the observers outgrow the caches), so more runs to reject noise.
    let ns = measure(held * rounds * 2, runs: 5) {
        for _ in 0..<rounds {
            for _ in 0..<held { disposables.append(signal.observeValues { sink.total &+= $0 }) }
            precondition(signal.observerCount == held, "observers must stay attached while held")
            for index in order { disposables[index]?.dispose() }
            disposables.removeAll(keepingCapacity: true)
        }
    }
    withExtendedLifetime(input) {}
    return ns
}

// (d) combineLatest of two sources, 1M alternating sends.
func combineLatestCase(_ count: Int) -> Double {
    let (a, inputA) = Signal<Int, Never>.pipe()
    let (b, inputB) = Signal<Int, Never>.pipe()
    let sink = Sink()
    Signal.combineLatest(a, b).observeValues { sink.total &+= $0.0 &+ $0.1 }
    return measure(count) {
        for i in 0..<count {
            if i & 1 == 0 { inputA.send(value: i) } else { inputB.send(value: i) }
        }
    }
}

// (e) MutableProperty set with one observer, 10M times.
func propertySetCase(_ count: Int) -> Double {
    let property = MutableProperty(0)
    let sink = Sink()
    property.signal.observeValues { sink.total &+= $0 }
    return measure(count) { for i in 0..<count { property.value = i } }
}

// (f) heap bytes per held observer, from glibc's allocator statistics.
func bytesPerObserver(_ count: Int) -> Double {
    let (signal, input) = Signal<Int, Never>.pipe()
    let sink = Sink()
    var disposables = [(any Disposable)?]()
    disposables.reserveCapacity(count)
    let before = heap_stats_bytes_in_use()
    for _ in 0..<count { disposables.append(signal.observeValues { sink.total &+= $0 }) }
    let after = heap_stats_bytes_in_use()
    precondition(signal.observerCount == count, "observers must stay attached while measured")
    withExtendedLifetime((disposables, input)) {}
    return Double(after - before) / Double(count)
}

let events = 10_000_000 / scale
let pairs = 1_000_000 / scale

// `--held-only N`: run only case (c) with N held observers, then show where a round's time
// goes (observe, dispose, release of the disposables), for profiling.
if let flag = CommandLine.arguments.firstIndex(of: "--held-only"),
   flag + 1 < CommandLine.arguments.count, let held = Int(CommandLine.arguments[flag + 1]) {
    print("held \(held): \(heldCase(held, rounds: max(1, 100_000 / held))) ns/op")
    let (signal, input) = Signal<Int, Never>.pipe()
    let order = shuffled(held)
    let sink = Sink()
    var disposables = [(any Disposable)?]()
    disposables.reserveCapacity(held)
    for round in 0..<3 {
        let t0 = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<held { disposables.append(signal.observeValues { sink.total &+= $0 }) }
        let t1 = DispatchTime.now().uptimeNanoseconds
        for index in order { disposables[index]?.dispose() }
        let t2 = DispatchTime.now().uptimeNanoseconds
        disposables.removeAll(keepingCapacity: true)
        let t3 = DispatchTime.now().uptimeNanoseconds
        print("round \(round): observe \((t1 - t0) / UInt64(held)) dispose \((t2 - t1) / UInt64(held)) release \((t3 - t2) / UInt64(held))")
    }
    withExtendedLifetime(input) {}
    exit(0)
}

let floor = floorCase(events)
let mapFilter = mapFilterCase(events)
let observeDispose = observeDisposeCase(pairs)
// The two held cases alternate, so that interference from the machine hits both alike; the
// best of each is kept (their ratio is what shows O(1) removal).
var held100k = Double.infinity
var held100 = Double.infinity
for _ in 0..<3 {
    held100k = min(held100k, heldCase(100_000 / scale, rounds: 1))
    held100 = min(held100, heldCase(100, rounds: 1_000 / scale))
}
let combine = combineLatestCase(pairs)
let propertySet = propertySetCase(events)
let bytes = bytesPerObserver(100_000)

func row(_ name: String, _ ns: Double, ratio: Double? = nil) {
    let value = (ns * 10).rounded() / 10
    if let ratio {
        print("\(name): \(value) ns/op, \((ratio * 10).rounded() / 10)x")
    } else {
        print("\(name): \(value)")
    }
}

print("reactive-bench (\(quick ? "quick" : "full") run); ratios are to the closure floor unless stated")
row("closure floor (source → map → filter → observer)", floor, ratio: 1)
row("(a) signal → map → filter → observer", mapFilter, ratio: mapFilter / floor)
row("(b) observe + dispose", observeDispose, ratio: observeDispose / floor)
row("(c) \(100_000 / scale) held, random dispose", held100k, ratio: held100k / floor)
row("(c) 100 held, random dispose", held100, ratio: held100 / floor)
print("(c) \(100_000 / scale)/100 ratio: \((held100k / held100 * 100).rounded() / 100)")
row("(d) combineLatest, alternating sends", combine, ratio: combine / floor)
row("(e) MutableProperty set, one observer", propertySet, ratio: propertySet / floor)
row("(f) heap bytes per held observer", bytes)

func json(_ value: Double) -> String { String((value * 100).rounded() / 100) }
print("{\"floor_ns\": \(json(floor)), \"map_filter_ns\": \(json(mapFilter)), \"observe_dispose_ns\": \(json(observeDispose)), \"held_100k_ns\": \(json(held100k)), \"held_100_ns\": \(json(held100)), \"combine_latest_ns\": \(json(combine)), \"property_set_ns\": \(json(propertySet)), \"bytes_per_observer\": \(json(bytes))}")
