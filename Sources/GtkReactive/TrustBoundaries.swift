import Foundation
#if canImport(Glibc)
import Glibc
#endif

// What the app accepts from its data (pictures, banner links) — pure policy, no GTK, so it is
// tested without a display. The views and loaders call it; nothing here touches a widget.

/// Which web addresses the app fetches (pictures) or hands to the desktop (links).
///
/// Only `http` and `https` with a host and no credentials are accepted; `file:`, `ftp:`,
/// `javascript:`, `data:` and custom schemes are refused. For fetching, hosts that name this
/// machine or a private network are refused too — `localhost` and `*.localhost`, and address
/// literals in loopback, private, link-local, carrier-grade NAT and unspecified ranges (IPv4, in
/// any form `inet_aton` reads, and IPv6, mapped IPv4 included) — so a data file cannot make the
/// app probe the local network. Names are not resolved: a public name pointing at a private
/// address is not caught here.
public enum WebAddressPolicy {
    /// The schemes accepted.
    public static let allowedSchemes: Set<String> = ["http", "https"]

    /// `text` as a URL when it may be fetched; nil otherwise. `allowingPrivateHosts` lifts the
    /// host rule (tests against a local server).
    public static func fetchableURL(_ text: String, allowingPrivateHosts: Bool = false) -> URL? {
        guard let url = webURL(text) else { return nil }
        if !allowingPrivateHosts, let host = url.host, isPrivateHost(host) { return nil }
        return url
    }

    /// Whether `url` may be fetched (the same rules as `fetchableURL`).
    public static func isFetchable(_ url: URL, allowingPrivateHosts: Bool = false) -> Bool {
        fetchableURL(url.absoluteString, allowingPrivateHosts: allowingPrivateHosts) != nil
    }

    /// `text` as a URL when it may be opened in the user's browser: `http`/`https` with a host.
    /// (Private hosts are allowed: the browser, not the app, fetches them.)
    public static func openableLink(_ text: String) -> URL? { webURL(text) }

    /// An `http`/`https` URL with a host and no user name or password; nil for anything else.
    static func webURL(_ text: String) -> URL? {
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " }),
              let url = URL(string: text), let scheme = url.scheme?.lowercased(), allowedSchemes.contains(scheme),
              let host = url.host, !host.isEmpty, url.user == nil, url.password == nil else { return nil }
        return url
    }

    /// Whether `host` (a name or an address literal, brackets allowed) is this machine or a
    /// private network.
    public static func isPrivateHost(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        while name.hasSuffix(".") { name.removeLast() }
        if name.isEmpty || name == "localhost" || name.hasSuffix(".localhost") { return true }
        if let address = ipv4Address(name) { return isPrivateIPv4(address) }
        if let bytes = ipv6Address(name) { return isPrivateIPv6(bytes) }
        return false
    }

    /// The address `text` spells in any form `inet_aton` accepts (`127.0.0.1`, `127.1`,
    /// `2130706433`, `0x7f.1`), as resolvers read it; host byte order.
    static func ipv4Address(_ text: String) -> UInt32? {
        guard let first = text.unicodeScalars.first, ("0"..."9").contains(first) else { return nil }
        var address = in_addr()
        guard inet_aton(text, &address) != 0 else { return nil }
        return UInt32(bigEndian: address.s_addr)
    }

    static func ipv6Address(_ text: String) -> [UInt8]? {
        guard text.contains(":") else { return nil }
        let zoneless = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
        var address = in6_addr()
        guard inet_pton(AF_INET6, zoneless, &address) == 1 else { return nil }
        return withUnsafeBytes(of: address) { Array($0) }
    }

    static func isPrivateIPv4(_ address: UInt32) -> Bool {
        func within(_ network: UInt32, _ prefix: UInt32) -> Bool {
            address >> (32 - prefix) == network >> (32 - prefix)
        }
        return within(0x0000_0000, 8)       // 0.0.0.0/8, "this network"
            || within(0x7F00_0000, 8)       // loopback
            || within(0x0A00_0000, 8)       // private
            || within(0xAC10_0000, 12)      // private
            || within(0xC0A8_0000, 16)      // private
            || within(0xA9FE_0000, 16)      // link-local
            || within(0x6440_0000, 10)      // carrier-grade NAT
            || address >= 0xE000_0000       // multicast, reserved, broadcast
    }

    static func isPrivateIPv6(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 16 else { return true }
        if bytes.prefix(15).allSatisfy({ $0 == 0 }) { return bytes[15] <= 1 }          // :: and ::1
        if bytes.prefix(10).allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            // ::ffff:a.b.c.d, an IPv4 address in IPv6 clothing.
            let mapped = bytes[12...].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return isPrivateIPv4(mapped)
        }
        return bytes[0] & 0xFE == 0xFC                // unique local fc00::/7
            || (bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80) // link-local fe80::/10
            || bytes[0] == 0xFF                       // multicast
    }
}

/// Keeps file locations from a data set inside the data set's folder.
public enum PathConfinement {
    /// What a location resolves to.
    public enum Resolution: Sendable, Equatable {
        /// A file inside the folder: its real path (links and `..` resolved).
        case inside(String)
        /// Inside the folder as written, but no such file: nothing to show, nothing to report.
        case missing
        /// Absolute, or leading out of the folder (by `..` or a symbolic link): refused.
        case outside
    }

    /// The file at relative `location` in `folder`, confined to that folder: both are resolved
    /// with `realpath` (following links and `..`) and compared component by component.
    /// `folderRealPath` is `folder` already resolved (see `realPath`), to save the work per call.
    public static func resolve(_ location: String, inFolder folderRealPath: String) -> Resolution {
        guard !location.isEmpty, !location.hasPrefix("/"), !location.utf8.contains(0) else { return .outside }
        let root = components(folderRealPath)
        let candidate = folderRealPath.hasSuffix("/") ? folderRealPath + location : folderRealPath + "/" + location
        guard let real = realPath(candidate) else {
            // No file (or a dangling link): refuse it if its spelling already leaves the folder.
            return lexicallyInside(location) ? .missing : .outside
        }
        let parts = components(real)
        guard parts.count > root.count, parts.starts(with: root) else { return .outside }
        return .inside(real)
    }

    /// `path` with links, `.` and `..` resolved, or nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func components(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether a relative path stays inside its folder as written (never climbs above it).
    static func lexicallyInside(_ location: String) -> Bool {
        var depth = 0
        for part in components(location) {
            switch part {
            case ".": continue
            case "..": depth -= 1
            default: depth += 1
            }
            if depth < 0 { return false }
        }
        return true
    }
}
