// Bridges to Swift concurrency: producers from async work, and streams as async sequences.

extension SignalProducer {
    /// A producer that runs `work` in a task on every start: sends its result and completes, or
    /// fails with its error. Disposing the start cancels the task.
    public init(_ work: @escaping @Sendable () async throws(Error) -> Value) {
        self.init { observer, lifetime in
            let task = Task {
                do throws(Error) {
                    let value = try await work()
                    observer.send(value: value)
                    observer.sendCompleted()
                } catch {
                    if Task.isCancelled { observer.sendInterrupted() } else { observer.send(error: error) }
                }
            }
            lifetime.observeEnded { task.cancel() }
        }
    }

    /// A producer that, on every start, iterates `sequence` in a task and sends its elements.
    /// Disposing the start cancels the iteration.
    public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Value, Error == any Swift.Error {
        self.init { observer, lifetime in
            let task = Task {
                do {
                    for try await element in sequence {
                        observer.send(value: element)
                    }
                    if Task.isCancelled { observer.sendInterrupted() } else { observer.sendCompleted() }
                } catch {
                    if Task.isCancelled { observer.sendInterrupted() } else { observer.send(error: error) }
                }
            }
            lifetime.observeEnded { task.cancel() }
        }
    }

    /// The first value the producer sends, awaited; `nil` when it completes without one. Cancelling
    /// the awaiting task interrupts the producer.
    public func first() async throws(Error) -> Value? {
        let outcome: Result<Value?, Error> = await withCheckedContinuation { continuation in
            let once = LockedState<CheckedContinuation<Result<Value?, Error>, Never>?>(continuation)
            let resume: @Sendable (Result<Value?, Error>) -> Void = { result in
                once.withLock { pending -> CheckedContinuation<Result<Value?, Error>, Never>? in
                    defer { pending = nil }
                    return pending
                }?.resume(returning: result)
            }
            let disposable = take(first: 1).start(Observer { event in
                switch event {
                case let .value(value): resume(.success(value))
                case let .failed(error): resume(.failure(error))
                case .completed, .interrupted: resume(.success(nil))
                }
            })
            if Task.isCancelled { disposable.dispose() }
        }
        return try outcome.get()
    }
}

extension SignalProducer where Error == Never {
    /// The producer's values as an asynchronous sequence: iterating starts it, the sequence ends
    /// when it terminates, and cancelling the iterating task disposes it.
    public var values: AsyncStream<Value> {
        AsyncStream { continuation in
            let disposable = start(Observer { event in
                switch event {
                case let .value(value): continuation.yield(value)
                default: continuation.finish()
                }
            })
            continuation.onTermination = { _ in disposable.dispose() }
        }
    }
}

extension SignalProducer {
    /// The producer's values as an asynchronous sequence that throws the producer's failure.
    public var throwingValues: AsyncThrowingStream<Value, any Swift.Error> {
        AsyncThrowingStream { continuation in
            let disposable = start(Observer { event in
                switch event {
                case let .value(value): continuation.yield(value)
                case let .failed(error): continuation.finish(throwing: error)
                case .completed, .interrupted: continuation.finish()
                }
            })
            continuation.onTermination = { _ in disposable.dispose() }
        }
    }
}

extension Signal where Error == Never {
    /// The signal's values from now on, as an asynchronous sequence.
    public var values: AsyncStream<Value> { producer.values }
}
