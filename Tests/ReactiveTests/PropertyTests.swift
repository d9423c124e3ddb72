import Testing
import Reactive

@Suite("Property")
struct PropertyTests {
    @Test func producerStartsWithCurrentValueThenChanges() {
        let property = MutableProperty(1)
        let (recorder, _) = property.producer.record()
        property.value = 2
        property.value = 3
        #expect(recorder.values == [1, 2, 3])
    }

    @Test func signalSendsChangesOnly() {
        let property = MutableProperty(1)
        let (recorder, _) = property.signal.record()
        property.value = 2
        #expect(recorder.values == [2])
    }

    @Test func mapFollowsTheSource() {
        let property = MutableProperty(2)
        let doubled = property.map { $0 * 2 }
        #expect(doubled.value == 4)
        let (recorder, _) = doubled.producer.record()
        property.value = 5
        #expect(doubled.value == 10)
        #expect(recorder.values == [4, 10])
    }

    @Test func combineLatestOfPropertiesHasAValueAtOnceAndFollowsBoth() {
        let a = MutableProperty("")
        let b = MutableProperty("")
        let both = a.combineLatest(with: b).map { !$0.isEmpty && !$1.isEmpty }
        #expect(both.value == false)
        let (recorder, _) = both.producer.record()
        a.value = "1"
        #expect(both.value == false)
        b.value = "2"
        #expect(both.value == true)
        #expect(recorder.values == [false, false, true])
    }
}
