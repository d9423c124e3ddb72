import CGtk
import CWebKit

/// A web view's `decide-policy` and `load-failed` handlers: connected once, they call whatever
/// closures the wrapper holds now. GObject owns one retain on the box and releases it when the
/// widget is finalised (the handlers' destroy notify), so a handler never outlives its data.
@MainActor
final class WebViewHandlers {
    var decide: (@MainActor (WebNavigation) -> WebNavigation.Answer)?
    var loadFailed: (@MainActor (WebLoadFailure) -> Void)?

    /// Handlers connected to `widget` (a `WebKitWebView`).
    static func connected(to widget: UnsafeMutableRawPointer) -> WebViewHandlers {
        let handlers = WebViewHandlers()
        handlers.connect("decide-policy", unsafeBitCast(decidePolicyTrampoline, to: GCallback.self), to: widget)
        handlers.connect("load-failed", unsafeBitCast(loadFailedTrampoline, to: GCallback.self), to: widget)
        return handlers
    }

    private init() {}

    /// Connects `callback` to `signal` with one retain of this box as its data.
    private func connect(_ signal: String, _ callback: GCallback, to widget: UnsafeMutableRawPointer) {
        let data = Unmanaged.passRetained(self).toOpaque()
        g_signal_connect_data(widget, signal, callback, data, releaseTrampoline, GConnectFlags(rawValue: 0))
    }

    /// Answers a decision: navigations (in the view or a new window) go to `decide`; the rest
    /// (responses) keep WebKit's default.
    func answer(_ decision: gpointer, type: UInt32) -> gboolean {
        guard let decide, type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION.rawValue
                || type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION.rawValue else { return 0 }
        let navigation = OpaquePointer(decision)
        let uri = webkit_navigation_policy_decision_get_navigation_action(navigation)
            .flatMap { webkit_navigation_action_get_request($0) }
            .flatMap { webkit_uri_request_get_uri($0) }
            .map { String(cString: $0) } ?? ""
        let policy = decision.assumingMemoryBound(to: WebKitPolicyDecision.self)
        switch decide(WebNavigation(uri: uri, isNewWindow: type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION.rawValue)) {
        case .allow: webkit_policy_decision_use(policy)
        case .refuse: webkit_policy_decision_ignore(policy)
        }
        return 1
    }
}

/// `decide-policy`: (view, decision, type, data) → handled.
private let decidePolicyTrampoline: @convention(c) (gpointer?, gpointer?, UInt32, gpointer?) -> gboolean = { _, decision, type, data in
    guard let decision, let data else { return 0 }
    let box = UnsafeSendable(decision: decision, data: data)
    // safe: GTK emits the view's signals on the GTK thread, which is the main thread.
    return MainActor.assumeIsolated {
        Unmanaged<WebViewHandlers>.fromOpaque(box.data).takeUnretainedValue().answer(box.decision, type: type)
    }
}

/// `load-failed`: (view, event, failing URI, error, data) → handled (never: WebKit's page shows).
private let loadFailedTrampoline: @convention(c) (gpointer?, UInt32, UnsafePointer<gchar>?, UnsafeMutablePointer<GError>?, gpointer?) -> gboolean = {
    _, _, uri, error, data in
    guard let data else { return 0 }
    let failure = WebLoadFailure(
        uri: uri.map { String(cString: $0) } ?? "",
        message: error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "",
        isInterruption: error.map(isInterruption) ?? false)
    let box = UnsafeSendable(decision: data, data: data)
    // safe: as above, the GTK thread.
    MainActor.assumeIsolated {
        Unmanaged<WebViewHandlers>.fromOpaque(box.data).takeUnretainedValue().loadFailed?(failure)
    }
    return 0
}

/// The handlers' destroy notify: drops the box's retain when the widget goes.
private let releaseTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    if let data { Unmanaged<WebViewHandlers>.fromOpaque(data).release() }
}

/// Whether `error` is a cancellation or the policy's interruption, not a failure to report.
private func isInterruption(_ error: UnsafeMutablePointer<GError>) -> Bool {
    let domain = error.pointee.domain, code = error.pointee.code
    return (domain == webkit_network_error_quark() && code == Int32(WEBKIT_NETWORK_ERROR_CANCELLED.rawValue))
        || (domain == webkit_policy_error_quark() && code == Int32(WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE.rawValue))
}

/// Pointers carried into `MainActor.assumeIsolated` from a C callback on the GTK thread.
private struct UnsafeSendable: @unchecked Sendable { // safe: used only on the GTK thread that received them
    let decision: gpointer
    let data: gpointer
}
