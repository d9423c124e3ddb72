import Foundation

extension PluginRegistry {
    /// Discovers the plugins on `searchPath` and installs each one not in `disabled`. Every
    /// problem (a refused folder or file, a bad manifest, a library that does not load, a
    /// registration that fails) is recorded and passed to `log`; the app goes on without that
    /// plugin.
    ///
    /// With `safeMode`, each plugin's load is recorded while it runs, and a plugin whose load a
    /// previous run never finished is turned off: `turnOff` is called with its id first, and must
    /// have saved it among the user's disabled plugins (durably) when it returns; it is then
    /// listed as `.quarantined` for as long as it stays in `disabled`.
    ///
    /// `host` names the app in log lines and gives the symbols looked up in each library.
    ///
    /// Returns the ids safe mode turned off at this start.
    @discardableResult
    public func loadExternalPlugins(
        from searchPath: PluginSearchPath, disabled: Set<String>, trust: PluginTrust = PluginTrust(),
        safeMode: PluginSafeMode? = nil, host: PluginHost,
        turnOff: (String) -> Void = { _ in }, log: (String) -> Void
    ) -> Set<String> {
        func say(_ message: String) { log(host.logLine(message)) }
        var disabled = disabled
        var turnedOff = Set<String>()
        var quarantined = Set<String>()
        if let safeMode {
            if let id = safeMode.interruptedLoad() {
                say("plugin \(id) turned off: \(host.name) quit while loading it last time")
                turnOff(id)
                disabled.insert(id)
                turnedOff.insert(id)
                do {
                    try safeMode.quarantine(id)
                } catch {
                    say("safe mode: \(error)")
                }
            }
            // A plugin the user turned on again is no longer quarantined.
            quarantined = safeMode.quarantined().intersection(disabled)
            do {
                try safeMode.keepQuarantined(quarantined)
            } catch {
                say("safe mode: \(error)")
            }
        }
        let found = searchPath.search(trust: trust)
        for problem in found.problems {
            recordProblem(problem)
            say("plugin skipped: \(problem)")
        }
        for refusal in found.refused {
            recordRefused(manifest: refusal.file, reason: refusal.reason)
            say("plugin skipped: \(refusal.reason)")
        }
        var journalBroken = false
        for manifest in found.manifests {
            if disabled.contains(manifest.id) {
                record(manifest, state: quarantined.contains(manifest.id) ? .quarantined(PluginSafeMode.reason(host: host)) : .disabled)
                continue
            }
            if let safeMode {
                do {
                    try safeMode.willLoad(manifest)
                } catch where !journalBroken {
                    journalBroken = true
                    say("safe mode off, plugins that crash while loading will not be turned off: \(error)")
                } catch {}
            }
            let entry: Entry
            do {
                let plugin = try PluginLoader.load(manifest, trust: trust, host: host)
                entry = install(plugin, description: manifest.description, origin: .external(manifest: manifest.file.path))
            } catch {
                entry = record(manifest, state: .failed(error.message))
            }
            if let safeMode, !journalBroken {
                do {
                    try safeMode.removeMarker()
                } catch {
                    journalBroken = true
                    say("safe mode: \(error)")
                }
            }
            if let error = entry.error {
                say("plugin \(manifest.id) (\(manifest.file.path)) not loaded: \(error)")
            }
        }
        return turnedOff
    }
}
