import Reactive
import Testing

@Suite("Throttle bookkeeping")
struct ThrottleTests {
    let start = SchedulerInstant.zero

    func at(_ seconds: Int) -> SchedulerInstant { start.advanced(by: .seconds(seconds)) }

    @Test func theFirstGoesAtOnceThenTheLatestWhenTheIntervalEnds() {
        let throttle = Throttle<Int>(interval: .seconds(1))
        guard case .send = throttle.offer(1, at: at(0)) else { Issue.record("the first value waits"); return }
        guard case let .holdAndSchedule(due, _) = throttle.offer(2, at: at(0)) else { Issue.record("no timer asked for"); return }
        #expect(due == at(1))
        guard case .hold = throttle.offer(3, at: at(0)) else { Issue.record("a second timer asked for"); return }
        #expect(throttle.fire(at: at(1)) == 3, "the latest waiting value")
        #expect(throttle.fire(at: at(1)) == nil)
        guard case .holdAndSchedule = throttle.offer(4, at: at(1)) else { Issue.record("sent within the interval"); return }
        #expect(throttle.takePending() == 4)
        #expect(throttle.takePending() == nil)
    }

    @Test func aTimerHandedOverAfterItFiredIsDisposedNotKept() {
        // An immediate scheduler runs the timer before `schedule` returns: the timer handed over
        // afterwards is spent, and keeping it would block every later timer.
        let throttle = Throttle<Int>(interval: .seconds(1))
        _ = throttle.offer(1, at: at(0))
        guard case let .holdAndSchedule(_, ticket) = throttle.offer(2, at: at(0)) else { Issue.record("no timer"); return }
        #expect(throttle.fire(at: at(1)) == 2)
        let late = AnyDisposable()
        throttle.setTimer(late, ticket: ticket)
        #expect(late.isDisposed)
        guard case .holdAndSchedule = throttle.offer(3, at: at(1)) else { Issue.record("a later value got no timer"); return }
    }

    @Test func cancellingStopsTheTimerAndRefusesLaterOnes() {
        let throttle = Throttle<Int>(interval: .seconds(1))
        _ = throttle.offer(1, at: at(0))
        guard case let .holdAndSchedule(_, ticket) = throttle.offer(2, at: at(0)) else { Issue.record("no timer"); return }
        let timer = AnyDisposable()
        throttle.setTimer(timer, ticket: ticket)
        #expect(!timer.isDisposed)
        throttle.cancel()
        #expect(timer.isDisposed)
        let late = AnyDisposable()
        throttle.setTimer(late, ticket: ticket)
        #expect(late.isDisposed)
    }
}
