import Reactive
import Testing
import ViewModelKit

/// An owner with a lifetime of its own, as a screen's controller has.
@MainActor
private final class Owner: LifetimeOwning {
    let token = Lifetime.make().token
    var lifetime: Lifetime { token.lifetime }
    var seen: [Int] = []
    var clicks = 0
}

@MainActor
@Suite("Observing for an owner")
struct OwnedObservationTests {
    @Test func theOwnerReceivesEachValueAndIsNotKeptAlive() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (clicks, click) = Signal<Void, Never>.pipe()
        weak var released: Owner?
        do {
            let owner = Owner()
            released = owner
            signal.observe(with: owner) { owner, value in owner.seen.append(value) }
            clicks.observe(with: owner) { owner in owner.clicks += 1 }
            input.send(value: 1)
            input.send(value: 2)
            click.send(value: ())
            #expect(owner.seen == [1, 2])
            #expect(owner.clicks == 1)
        }
        #expect(released == nil, "the observation holds its owner weakly")
        input.send(value: 3)
        click.send(value: ())
    }

    @Test func theObservationEndsWithTheOwnersLifetime() {
        let property = MutableProperty(1)
        let owner = Owner()
        let disposable = property.producer.observe(with: owner) { owner, value in owner.seen.append(value) }
        property.value = 2
        #expect(owner.seen == [1, 2], "a producer starts at once with its current value")
        owner.token.dispose()
        property.value = 3
        #expect(owner.seen == [1, 2], "nothing arrives once the owner's lifetime has ended")
        #expect(disposable.isDisposed)
    }

    @Test func anOwnersBindingTargetAppliesToItUntilItsLifetimeEnds() {
        let property = MutableProperty(1)
        let owner = Owner()
        BindingTarget<Int>(with: owner) { owner, value in owner.seen.append(value) } <~ property
        property.value = 2
        #expect(owner.seen == [1, 2], "the target shows the current value, then each change")
        owner.token.dispose()
        property.value = 3
        #expect(owner.seen == [1, 2], "nothing is applied once the owner's lifetime has ended")
    }

    @Test func anOwnersBindingTargetDoesNotKeepItAlive() {
        let property = MutableProperty(1)
        weak var released: Owner?
        do {
            let owner = Owner()
            released = owner
            BindingTarget<Int>(with: owner) { owner, value in owner.seen.append(value) } <~ property
            #expect(owner.seen == [1])
        }
        #expect(released == nil, "the target holds its owner weakly")
        property.value = 2
    }

    @Test func aViewModelIsAnOwner() {
        let (signal, input) = Signal<String, Never>.pipe()
        let viewModel = ViewModel()
        signal.observe(with: viewModel) { viewModel, title in viewModel.title.value = title }
        input.send(value: "商品")
        #expect(viewModel.title.value == "商品")
    }
}
