import CGtk
import Reactive

extension ReactiveWidget where Base: ListView {
    /// The position of each row activated (a click on a single-click list, Enter, a double click).
    public var activated: SignalProducer<Int, Never> {
        producer { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "activate", receivingUInt: { send(Int($0)) })]
        }
    }
}
