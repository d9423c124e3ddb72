import Reactive

extension ReactiveWidget where Base: Button {
    /// The action a click runs. Setting it binds, for the button's lifetime, the button's
    /// sensitivity to `isEnabled`, its busy state (the accessible `busy` state and the `.busy`
    /// CSS class) to `isExecuting`, and each click to `execute`. Setting another replaces it;
    /// nil unbinds it and leaves the button sensitive and not busy.
    public var pressed: CocoaAction<Base>? {
        get { base.state.attachment("pressed") as? CocoaAction<Base> }
        nonmutating set {
            base.state.setAttachment("pressed", newValue)
            guard let action = newValue else {
                isSensitive <~ SignalProducer(value: true)
                isBusy <~ SignalProducer(value: false)
                cssClass("busy") <~ SignalProducer(value: false)
                pressTarget(nil) <~ SignalProducer<Void, Never>.empty
                return
            }
            isSensitive <~ action.isEnabled
            isBusy <~ action.isExecuting
            cssClass("busy") <~ action.isExecuting
            pressTarget(action) <~ clicked
        }
    }

    /// The slot "pressed": the click binding of the current action (which it keeps alive).
    private func pressTarget(_ action: CocoaAction<Base>?) -> BindingTarget<Void> {
        makeBindingTarget("pressed") { button, _ in action?.execute(button) }
    }
}
