import Foundation
import Reactive

/// What opening the store reports: how the import goes, then the store.
public enum StoreOpeningEvent: Sendable {
    /// The last run did not close cleanly: the whole file is being checked.
    case checking
    case progress(ImportProgress)
    case opened(GoodsStore)
}

extension GoodsStore {
    /// Opens the store at `path` on a thread of its own (an import of a million goods takes
    /// seconds, and the GTK thread must not wait): progress at most once per percent, then the
    /// store. Observe it on the main loop.
    public static func opening(
        at path: String, dataSet: @escaping @Sendable () throws(DataSetError) -> DataSet, log: @escaping @Sendable (String) -> Void
    ) -> SignalProducer<StoreOpeningEvent, StoreError> {
        SignalProducer { observer, lifetime in
            let thread = Thread {
                var reported = -1
                var options = StoreOptions()
                options.checking = { observer.send(value: .checking) }
                do throws(StoreError) {
                    let store = try GoodsStore.open(at: path, dataSet: dataSet, options: options, progress: { progress in
                        let percent = Int(progress.fraction * 100)
                        guard percent != reported, !lifetime.hasEnded else { return }
                        reported = percent
                        observer.send(value: .progress(progress))
                    }, log: log)
                    observer.send(value: .opened(store))
                    observer.sendCompleted()
                } catch {
                    observer.send(error: error)
                }
            }
            thread.name = "goodsdesk.store-open"
            thread.start()
        }
    }
}
