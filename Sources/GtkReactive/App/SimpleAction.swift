import CGtk
import Reactive

/// A `GSimpleAction` without a parameter: one named command (`refresh`, `quit`) that menu items,
/// accelerators and the shortcuts window activate by its detailed name (`win.refresh`,
/// `app.quit`) once it is added to a window or the application (`ActionMap`). It says what was
/// asked (`activated`); whoever made it decides what that does. A disabled action shows its menu
/// items insensitive and ignores activations.
///
/// ```swift
/// let refresh = SimpleAction(name: "refresh")
/// refresh?.reactive.isEnabled <~ viewModel.refresh.isEnabled
/// refresh?.reactive.activated.observe(during: lifetime) { viewModel.refresh() }
/// ```
@MainActor
public final class SimpleAction {
    /// The action's name, without the group's prefix (`refresh`).
    public let name: String
    /// The `GSimpleAction`, one reference of ours.
    let pointer: OpaquePointer
    private let activatedPipe = Signal<Void, Never>.pipe()
    private var connection: SignalConnection?
    private let token: Lifetime.Token
    /// The slot of `reactive.isEnabled`: binding it again replaces the first binding.
    let enabledSlot = BindingSlot()
    /// Ends when this wrapper is released: bindings to the action end with it.
    public let lifetime: Lifetime

    /// A new enabled action named `name`; nil when GIO would refuse the name (letters, digits,
    /// `-` and `.` only, not empty), as a plugin's id might.
    public init?(name: String) {
        guard !name.isEmpty, g_action_name_is_valid(name) != 0, let action = g_simple_action_new(name, nil) else { return nil }
        self.name = name
        pointer = action
        (lifetime, token) = Lifetime.make()
        let input = activatedPipe.input
        // "activate" passes the parameter (NULL here) besides the instance.
        connection = SignalConnection(UnsafeMutableRawPointer(action), signal: "activate", arguments: 1) { input.send(value: ()) }
    }

    isolated deinit {
        connection?.dispose()
        activatedPipe.input.sendCompleted()
        token.dispose()
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// Whether the action can be activated (its menu items sensitive, its accelerators live).
    public var isEnabled: Bool {
        get { g_action_get_enabled(pointer) != 0 }
        set { g_simple_action_set_enabled(pointer, newValue ? 1 : 0) }
    }

    /// Activates the action as a menu item or an accelerator would: nothing while it is disabled.
    public func activate() {
        guard isEnabled else { return }
        g_action_activate(pointer, nil)
    }

    /// Each activation (menu item, accelerator, `activate()`); completes when the action is released.
    public var activated: Signal<Void, Never> { activatedPipe.output }

    /// The action's signals and binding targets: `action.reactive.isEnabled <~ canRefresh`.
    public var reactive: SimpleActionReactive { SimpleActionReactive(self) }
}

/// A `SimpleAction`'s binding targets and signals, for its lifetime.
@MainActor
public struct SimpleActionReactive {
    let base: SimpleAction

    init(_ base: SimpleAction) { self.base = base }

    /// Each activation of the action.
    public var activated: Signal<Void, Never> { base.activated }

    /// Whether the action is enabled, until the action is released (a new binding replaces the old).
    public var isEnabled: BindingTarget<Bool> {
        BindingTarget(on: UIScheduler.shared, lifetime: base.lifetime, slot: base.enabledSlot) { [weak base] value in
            GtkThread.assumeCurrent { base?.isEnabled = value }
        }
    }
}
