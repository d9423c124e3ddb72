import CGtk
import Foundation
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import Testing

/// Decoding and sharing textures: GDK objects on the main loop, so under a display.
@MainActor
@Suite("Texture cache", .serialized, .needsDisplay)
struct TextureCacheTests {
    let folder: URL

    init() throws {
        try startGTK()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-textures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// An SVG picture of its own colour, 400×300 at its natural size.
    func picture(_ index: Int) throws -> String {
        let url = folder.appendingPathComponent("\(index).svg")
        let colour = String(index * 2_654_435 & 0xFFFFFF, radix: 16)
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='400' height='300'><rect width='400' height='300' fill='#\(colour)'/></svg>"
        try Data(svg.utf8).write(to: url)
        return url.path
    }

    @Test func fourHundredRowsOfNinetySixPicturesDecodeEachOnce() throws {
        let cache = TextureCache(budgetBytes: 64 * 1024 * 1024)
        let paths = try (0..<96).map(picture)
        var results: [Int: Texture] = [:]
        var misses = 0
        for row in 0..<400 {
            cache.texture(for: .init(path: paths[row % 96], width: 84, height: 84)) { texture in
                if let texture { results[row] = texture } else { misses += 1 }
            }
        }
        pumpMainLoop(timeout: .seconds(20)) { results.count + misses == 400 }
        #expect(results.count == 400)
        #expect(cache.decodeCount == 96)
        #expect(cache.count == 96)
        #expect(results[0] === results[96], "one texture shared by the rows showing the same picture")
        let texture = try #require(results[5])
        #expect(gdk_paintable_get_intrinsic_width(texture.pointer) == 84, "decoded at the size shown, not 400×300")
        #expect(gdk_paintable_get_intrinsic_height(texture.pointer) == 63)
        #expect(cache.usedBytes <= 96 * 84 * 84 * 4)
    }

    @Test func theBudgetKeepsTheMostRecentlyUsed() throws {
        let paths = try (0..<5).map(picture)
        let cache = TextureCache(budgetBytes: 3 * 84 * 63 * 4)
        for path in paths {
            var done = false
            cache.texture(for: .init(path: path, width: 84, height: 84)) { _ in done = true }
            pumpMainLoop(timeout: .seconds(20)) { done }
            if path == paths[2] { _ = cache.cached(.init(path: paths[0], width: 84, height: 84)) }
        }
        #expect(cache.usedBytes <= cache.budgetBytes)
        #expect(cache.count == 3)
        #expect(cache.cached(.init(path: paths[0], width: 84, height: 84)) != nil, "used recently, kept")
        #expect(cache.cached(.init(path: paths[1], width: 84, height: 84)) == nil, "the least recently used went")
        #expect(cache.cached(.init(path: paths[4], width: 84, height: 84)) != nil)
    }

    @Test func aMissingOrBrokenFileGivesNoTexture() throws {
        let cache = TextureCache(budgetBytes: 1 << 20)
        let broken = folder.appendingPathComponent("broken.png")
        try Data("not a picture".utf8).write(to: broken)
        var answers: [Bool] = []
        for path in [folder.appendingPathComponent("none.png").path, broken.path, folder.path] {
            cache.texture(for: .init(path: path, width: 84, height: 84)) { answers.append($0 != nil) }
        }
        pumpMainLoop(timeout: .seconds(20)) { answers.count == 3 }
        #expect(answers == [false, false, false])
        #expect(cache.count == 0)
    }

    @Test func aBoundImageShowsItsLatestPictureAtItsPixelSize() throws {
        let cache = TextureCache(budgetBytes: 16 << 20)
        let image = Widget(gtk_image_new())
        gtk_image_set_pixel_size(OpaquePointer(image.raw), 84)
        let (lifetime, token) = Lifetime.make()
        let source = MutableProperty<String?>(nil)
        image.pictureFile(placeholder: "avatar-default-symbolic", cache: cache, during: lifetime) <~ source
        #expect(gtk_image_get_icon_name(OpaquePointer(image.raw)).map { String(cString: $0) } == "avatar-default-symbolic")
        let first = try picture(1), second = try picture(2)
        source.value = first
        source.value = second
        #expect(gtk_image_get_storage_type(OpaquePointer(image.raw)) == GTK_IMAGE_ICON_NAME, "the placeholder while decoding: nothing decoded on the GTK thread")
        pumpMainLoop(timeout: .seconds(20)) { cache.count == 2 }
        let shown = gtk_image_get_paintable(OpaquePointer(image.raw))
        let expected = try #require(cache.cached(.init(path: second, width: 84, height: 84)))
        #expect(shown.map { UnsafeMutableRawPointer($0) } == UnsafeMutableRawPointer(expected.pointer), "the second, not the late first")
        // Bound again to a cached picture, it shows at once.
        source.value = first
        let again = try #require(cache.cached(.init(path: first, width: 84, height: 84)))
        #expect(gtk_image_get_paintable(OpaquePointer(image.raw)).map { UnsafeMutableRawPointer($0) } == UnsafeMutableRawPointer(again.pointer))
        #expect(cache.decodeCount == 2)
        grshim_picture_clear(image.pointer)
        #expect(gtk_image_get_storage_type(OpaquePointer(image.raw)) == GTK_IMAGE_EMPTY, "a cleared row holds no texture")
        withExtendedLifetime(token) {}
    }
}
