import CGtk
import Dispatch
import GtkShim
import Reactive

/// Decoded pictures shared by every widget that shows them, within a budget of bytes.
///
/// A picture is decoded off the GTK thread (on a queue of its own) at the size it is shown in
/// device pixels, becomes a texture on the main loop, and is kept under its path and size: 400
/// rows showing 96 distinct pictures decode each once. Requests for a picture being decoded wait
/// for that decode. Beyond the budget the least recently used textures are dropped from the
/// cache; widgets still showing one keep it alive until they let go (rows clear their pictures
/// on unbind), so memory follows what is on screen plus the budget.
@MainActor
public final class TextureCache {
    /// The app's cache: 32 MB of decoded pixels (textures widgets still show live on beyond it),
    /// about 1,100 row pictures of 84×84 pixels or four 1920×1080 screens' worth.
    public static let shared = TextureCache(budgetBytes: 32 * 1024 * 1024)

    /// A cached picture: its path and the size it was decoded for.
    public struct Key: Hashable, Sendable {
        public let path: String
        public let width: Int
        public let height: Int

        /// `path` decoded to fit `width`×`height` device pixels (0: unconstrained).
        public init(path: String, width: Int, height: Int) {
            self.path = path
            self.width = width
            self.height = height
        }
    }

    private struct Entry {
        let texture: Texture
        let bytes: Int
        var lastUse: UInt64
    }

    /// The most decoded bytes kept.
    public let budgetBytes: Int
    /// The decoded bytes kept now.
    public private(set) var usedBytes = 0
    /// How many decodes ran (for tests and measurements).
    public private(set) var decodeCount = 0
    private var entries: [Key: Entry] = [:]
    private var waiting: [Key: [@MainActor (Texture?) -> Void]] = [:]
    private var clock: UInt64 = 0
    private let queue = DispatchQueue(label: "gtkreactive.picture-decode", qos: .userInitiated)

    public init(budgetBytes: Int) {
        self.budgetBytes = budgetBytes
    }

    /// How many textures are kept.
    public var count: Int { entries.count }

    /// The texture for `key` if it is cached (and marks it used).
    public func cached(_ key: Key) -> Texture? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        return entry.texture
    }

    /// Calls `completion` on the GTK thread with the texture for `key`: at once when cached,
    /// else after a decode off the GTK thread; nil when the file is missing or no picture.
    public func texture(for key: Key, _ completion: @escaping @MainActor (Texture?) -> Void) {
        if let texture = cached(key) { return completion(texture) }
        if waiting[key] != nil {
            waiting[key]?.append(completion)
            return
        }
        waiting[key] = [completion]
        decodeCount += 1
        queue.async {
            let pixbuf = PixbufBox(grshim_pixbuf_decode(key.path, Int32(clamping: key.width), Int32(clamping: key.height)))
            MainLoopScheduler.shared.schedule {
                GtkThread.assumeCurrent { self.finish(key, pixbuf) }
            }
        }
    }

    private func finish(_ key: Key, _ decoded: PixbufBox) {
        var texture: Texture?
        if let pixbuf = decoded.take() {
            var bytes: gsize = 0
            if let made = grshim_picture_paintable_new(pixbuf, &bytes) {
                let wrapped = Texture(adopting: made)
                texture = wrapped
                insert(key, wrapped, bytes: Int(bytes))
            }
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
        }
        for completion in waiting.removeValue(forKey: key) ?? [] { completion(texture) }
    }

    private func insert(_ key: Key, _ texture: Texture, bytes: Int) {
        clock += 1
        if let old = entries.updateValue(Entry(texture: texture, bytes: bytes, lastUse: clock), forKey: key) {
            usedBytes -= old.bytes
        }
        usedBytes += bytes
        while usedBytes > budgetBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries.removeValue(forKey: oldest.key)
            usedBytes -= oldest.value.bytes
        }
    }

    /// Drops every cached texture (widgets showing one keep theirs).
    public func removeAll() {
        entries.removeAll()
        usedBytes = 0
    }
}

/// A decoded picture ready to draw: a reference to an immutable `GdkPaintable` (drawn from a
/// cairo surface, see `grshim_picture_paintable_new`), released with the last Swift reference.
@MainActor
public final class Texture {
    public let pointer: OpaquePointer

    /// Takes over the reference of a new texture.
    init(adopting pointer: OpaquePointer) { self.pointer = pointer }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// A decoded pixbuf handed from the decode queue to the main loop: one owner at a time.
private final class PixbufBox: @unchecked Sendable { // safe: written once before the hand-over, taken once after
    private var pixbuf: OpaquePointer?
    init(_ pixbuf: OpaquePointer?) { self.pixbuf = pixbuf }
    func take() -> OpaquePointer? {
        defer { pixbuf = nil }
        return pixbuf
    }
    deinit { if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) } }
}

extension Widget {
    /// A picture's file (a path), decoded off the GTK thread at the size the widget shows it
    /// and shared through `cache`; the placeholder icon meanwhile, and for nil or an unreadable
    /// file. A new value overrides a decode still running for the previous one. The accessible
    /// description follows `descriptions` (`PictureDescriptions.standard` when nil).
    public func pictureFile(
        placeholder: String = "image-missing-symbolic", descriptions: PictureDescriptions? = nil,
        cache: TextureCache = .shared, during lifetime: Lifetime
    ) -> BindingTarget<String?> {
        let request = PictureRequest()
        let state = self.state
        let descriptions = descriptions ?? .standard
        let shown = descriptions.shown, missing = descriptions.placeholder
        func show(_ widget: UnsafeMutablePointer<GtkWidget>, _ texture: Texture?) {
            grshim_picture_show_texture(widget, texture?.pointer, placeholder, shown, missing)
        }
        return target("picture", during: lifetime) { widget, path in
            request.generation += 1
            guard let path else { return show(widget, nil) }
            var width: Int32 = 0, height: Int32 = 0
            grshim_picture_target_size(widget, &width, &height)
            let key = TextureCache.Key(path: path, width: Int(width), height: Int(height))
            if let texture = cache.cached(key) { return show(widget, texture) }
            show(widget, nil)
            let generation = request.generation
            let handle = WidgetPointer(widget)
            cache.texture(for: key) { texture in
                guard let texture, request.generation == generation, !lifetime.hasEnded, !state.isDisposed else { return }
                show(handle.pointer, texture)
            }
        }
    }
}

/// Which value a picture binding shows last, so a decode finishing late never overrides it.
@MainActor
private final class PictureRequest {
    var generation = 0
}
