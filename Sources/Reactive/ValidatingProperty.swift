import Synchronization

/// A mutable property that validates every value proposed for it (a form field): a valid value
/// is stored, a coerced one is replaced before it is stored, an invalid one is not stored at
/// all, and `result` tells which, with the error to show.
///
/// Values reaching the wrapped property directly (a binding from an entry) are validated too.
/// A property validated `with` another one is validated again, with its last proposed value,
/// whenever the other changes.
public final class ValidatingProperty<Value: Sendable, ValidationError: Swift.Error & Sendable>:
    MutablePropertyProtocol, @unchecked Sendable { // safe: only immutable references to thread-safe parts
    // `result` and `inner` carry the state, `writebacks` counts the stores this property is
    // making into `inner` (whose echo it must not validate again).

    /// What the validator decides about a proposed value.
    public enum Decision: Sendable {
        case valid
        case coerced(Value, ValidationError?)
        case invalid(ValidationError)
    }

    /// The outcome of the latest validation.
    public enum Result: Sendable {
        case valid(Value)
        case coerced(replacement: Value, proposed: Value, error: ValidationError?)
        case invalid(Value, ValidationError)

        init(_ proposed: Value, _ decision: Decision) {
            switch decision {
            case .valid: self = .valid(proposed)
            case let .coerced(replacement, error): self = .coerced(replacement: replacement, proposed: proposed, error: error)
            case let .invalid(error): self = .invalid(proposed, error)
            }
        }

        /// Whether the proposed value was rejected.
        public var isInvalid: Bool {
            if case .invalid = self { return true }
            return false
        }

        /// The value stored: the proposed one if valid, its replacement if coerced, else nil.
        public var value: Value? {
            switch self {
            case let .valid(value): return value
            case let .coerced(replacement, _, _): return replacement
            case .invalid: return nil
            }
        }

        /// The value last proposed, whatever the outcome.
        public var proposed: Value {
            switch self {
            case let .valid(value): return value
            case let .coerced(_, proposed, _): return proposed
            case let .invalid(proposed, _): return proposed
            }
        }

        /// The validation error, if any.
        public var error: ValidationError? {
            switch self {
            case .valid: return nil
            case let .coerced(_, _, error): return error
            case let .invalid(_, error): return error
            }
        }
    }

    private let inner: MutableProperty<Value>
    private let results: MutableProperty<Result>
    private let validator: @Sendable (Value) -> Decision
    private let writebacks = WritebackCount()
    private let monitor: (any Disposable)?

    /// The outcome of the latest validation.
    public let result: Property<Result>

    /// Ends when the wrapped property is released.
    public var lifetime: Lifetime { inner.lifetime }

    /// Validates what `inner` holds now and every value proposed later, through this property
    /// or set on `inner` directly.
    public init(_ inner: MutableProperty<Value>, _ validator: @escaping @Sendable (Value) -> Decision) {
        self.inner = inner
        self.validator = validator
        let results = MutableProperty(Result(inner.value, validator(inner.value)))
        self.results = results
        result = Property(capturing: results)
        let writebacks = self.writebacks
        monitor = inner.signal.observeValues { [weak results] value in
            guard writebacks.count.load(ordering: .acquiring) == 0 else { return }
            results?.value = Result(value, validator(value))
        }
    }

    /// A property holding `initial`, validated by `validator`.
    public convenience init(_ initial: Value, _ validator: @escaping @Sendable (Value) -> Decision) {
        self.init(MutableProperty(initial), validator)
    }

    /// Validates with the latest value of `other` too, and again whenever `other` changes.
    public convenience init<Other: PropertyProtocol>(
        _ initial: Value, with other: Other, _ validator: @escaping @Sendable (Value, Other.Value) -> Decision
    ) {
        let other = Property(other)
        self.init(MutableProperty(initial)) { validator($0, other.value) }
        other.signal.take(during: lifetime).observeValues { [weak self] _ in
            guard let self else { return }
            self.value = self.result.value.proposed
        }
    }

    deinit { monitor?.dispose() }

    /// The value stored (the last valid or coerced one). Setting proposes a value: it is
    /// validated, and stored only if valid or coerced.
    public var value: Value {
        get { inner.value }
        set {
            let outcome = Result(newValue, validator(newValue))
            results.value = outcome
            guard let stored = outcome.value else { return }
            writebacks.count.add(1, ordering: .acquiringAndReleasing)
            inner.value = stored
            writebacks.count.subtract(1, ordering: .acquiringAndReleasing)
        }
    }

    public var producer: SignalProducer<Value, Never> { inner.producer }
    public var signal: Signal<Value, Never> { inner.signal }
}

/// How many stores a `ValidatingProperty` is making into its wrapped property right now.
private final class WritebackCount: Sendable {
    let count = Atomic<Int>(0)
}
