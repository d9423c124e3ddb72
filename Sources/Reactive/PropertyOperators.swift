// Derived properties: each follows its sources and always has a value.

extension PropertyProtocol {
    /// A property holding `transform` of this property's value.
    @inlinable
    public func map<U: Sendable>(_ transform: @escaping @Sendable (Value) -> U) -> Property<U> {
        Property(deriving: producer.map(transform), fallback: transform(value))
    }

    /// A property that changes only when `isEquivalent` says the value really changed.
    @inlinable
    public func skipRepeats(_ isEquivalent: @escaping @Sendable (Value, Value) -> Bool) -> Property<Value> {
        Property(deriving: producer.skipRepeats(isEquivalent), fallback: value)
    }

    /// A property holding both values, changing when either does.
    @inlinable
    public func combineLatest<Other: PropertyProtocol>(with other: Other) -> Property<(Value, Other.Value)> {
        Property(
            deriving: SignalProducer.combineLatest(producer, other.producer),
            fallback: (value, other.value))
    }

    /// A property holding the value of the property `transform` picks from this one's value,
    /// following the latest pick (a view model that swaps its sub-model, for example).
    @inlinable
    public func flatMap<P: PropertyProtocol>(
        _ transform: @escaping @Sendable (Value) -> P
    ) -> Property<P.Value> {
        Property(
            deriving: producer.flatMap(.latest) { transform($0).producer },
            fallback: transform(value).value)
    }

    /// Every value, including the current one, as an asynchronous sequence.
    public var values: AsyncStream<Value> { producer.values }
}

extension PropertyProtocol where Value: Equatable {
    /// A property that changes only when its value really changes.
    @inlinable
    public func skipRepeats() -> Property<Value> { skipRepeats(==) }
}

extension PropertyProtocol where Value == Bool {
    /// A property holding the opposite value.
    @inlinable
    public func negate() -> Property<Bool> { map { !$0 } }

    /// A property that is true when both are true.
    @inlinable
    public func and<P: PropertyProtocol>(_ other: P) -> Property<Bool> where P.Value == Bool {
        combineLatest(with: other).map { $0 && $1 }
    }

    /// A property that is true when either is true.
    @inlinable
    public func or<P: PropertyProtocol>(_ other: P) -> Property<Bool> where P.Value == Bool {
        combineLatest(with: other).map { $0 || $1 }
    }
}

extension Property {
    /// A property holding the values of all `properties`, in order.
    @inlinable
    public static func combineLatest<P: PropertyProtocol>(_ properties: [P]) -> Property<[P.Value]>
    where Value == [P.Value] {
        Property(
            deriving: SignalProducer.combineLatest(properties.map(\.producer)),
            fallback: properties.map(\.value))
    }

    /// A property holding `reduce` of the values of all `properties`.
    @inlinable
    public static func combineLatest<P: PropertyProtocol>(
        _ properties: [P], reduce: @escaping @Sendable ([P.Value]) -> Value
    ) -> Property<Value> {
        Property<[P.Value]>.combineLatest(properties).map(reduce)
    }

    /// A property holding both values, changing when either does.
    @inlinable
    public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol>(
        _ a: A, _ b: B
    ) -> Property<(A.Value, B.Value)> where Value == (A.Value, B.Value) {
        a.combineLatest(with: b)
    }

    /// A property holding `reduce` of both values.
    @inlinable
    public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol>(
        _ a: A, _ b: B, reduce: @escaping @Sendable (A.Value, B.Value) -> Value
    ) -> Property<Value> {
        a.combineLatest(with: b).map(reduce)
    }

    /// A property holding three values, changing when any does.
    @inlinable
    public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol, C: PropertyProtocol>(
        _ a: A, _ b: B, _ c: C
    ) -> Property<(A.Value, B.Value, C.Value)> where Value == (A.Value, B.Value, C.Value) {
        a.combineLatest(with: b).combineLatest(with: c).map { ($0.0, $0.1, $1) }
    }
}
