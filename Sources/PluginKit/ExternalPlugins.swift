extension PluginRegistry {
    /// Discovers the plugins on `searchPath` and installs each one not in `disabled`. Every
    /// problem (a refused folder, a bad manifest, a library that does not load, a registration
    /// that fails) is recorded and passed to `log`; the app goes on without that plugin.
    public func loadExternalPlugins(
        from searchPath: PluginSearchPath, disabled: Set<String>, log: (String) -> Void
    ) {
        let (manifests, problems) = searchPath.discover()
        for problem in problems {
            recordProblem(problem)
            log("GoodsDesk: plugin skipped: \(problem)")
        }
        for manifest in manifests {
            if disabled.contains(manifest.id) {
                record(manifest, state: .disabled)
                continue
            }
            let entry: Entry
            do {
                let plugin = try PluginLoader.load(manifest)
                entry = install(plugin, description: manifest.description, origin: .external(manifest: manifest.file.path))
            } catch {
                entry = record(manifest, state: .failed(error.message))
            }
            if let error = entry.error {
                log("GoodsDesk: plugin \(manifest.id) (\(manifest.file.path)) not loaded: \(error)")
            }
        }
    }
}
