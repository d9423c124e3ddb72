import TestSupport
import Testing
import ViewModelKit

@MainActor
@Suite("Typed destinations")
struct RouteTests {
    struct Note: Sendable, Equatable { let text: String }

    @Test func keysAreTheirNames() {
        let a = RouteKey<Note>("notes.show")
        #expect(a == RouteKey<Note>("notes.show"))
        #expect(a != RouteKey<Note>("notes.edit"))
        #expect(Set([a, RouteKey<Note>("notes.show")]).count == 1)
        #expect("\(a)" == "notes.show")
    }

    @Test func aDestinationGivesItsArgumentBackTypedThroughItsKey() {
        let show = RouteKey<Note>("notes.show")
        let destination = Destination(show, Note(text: "hi"))
        #expect(destination.route == "notes.show")
        #expect(destination.argument(for: show) == Note(text: "hi"))
        #expect(destination.isRoute(show))
        #expect(destination.argument(for: RouteKey<Note>("notes.edit")) == nil, "another route")
        #expect(destination.argument(for: RouteKey<Int>("notes.show")) == nil, "a key of another type finds nothing, and does not trap")
        let home = RouteKey<Void>("home")
        #expect(Destination(home).argument(for: home) != nil)
        #expect(!Destination(home).isRoute(show))
    }

    @Test func openAsksForTheTypedDestination() {
        let viewModel = ViewModel()
        let show = RouteKey<Note>("notes.show")
        let requests = Log<String>()
        viewModel.navigation.observeValues { request in
            guard case let .open(destination, presentation) = request else { return requests.append("other") }
            requests.append("\(destination.route) \(destination.argument(for: show)?.text ?? "-") \(presentation)")
        }
        viewModel.open(show, Note(text: "hi"))
        viewModel.open(show, Note(text: "root"), as: .replaceRoot)
        viewModel.open(RouteKey<Void>("home"))
        viewModel.request(.open(Destination(show, Note(text: "default"))))
        #expect(requests.values == ["notes.show hi push", "notes.show root replaceRoot", "home - push", "notes.show default push"])
    }
}
