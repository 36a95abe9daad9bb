import GestureProfiles
import GestureTraces
import Logging
import SystemCalls

/// The configuration while the daemon runs: loading it, watching its file, reloading it (on
/// a change, or SIGHUP), and the other signals.
extension Daemon {
    static func locate(_ options: Options) throws -> ConfigurationLocator.Source {
        let source: ConfigurationLocator.Source
        do {
            source = try ConfigurationLocator.locate(explicit: options.configPath, environment: options.environment)
        } catch {
            throw StartError(description: "\(error)")
        }
        if let path = source.path, let refusal = FileTrust.refusal(forProfile: path) { throw StartError(description: refusal) }
        return source
    }

    /// Loads and validates; logs every diagnostic as FILE:LINE:COLUMN. nil when invalid.
    static func load(_ source: ConfigurationLocator.Source, logger: Logger) -> ProfileFile? {
        let result = ProfileLoader.load(yaml: source.text, path: source.displayName)
        for d in result.diagnostics {
            if d.severity == .warning { logger.warning("\(d.description)") } else { logger.error("\(d.description)") }
        }
        return result.file
    }

    /// Watches the profile file (the built-in default: where the user's file would appear).
    func watchConfiguration() {
        guard let path = configurationPath ?? ConfigurationLocator.candidates(environment: options.environment).first else { return }
        do {
            let watcher = try ConfigurationWatcher(path: path)
            logger.info("\(watcher.watching.isEmpty ? "not watching \(path) for changes: no folder on its way exists" : "watching \(watcher.watching) for changes to \(path)")")
            watcher.log = { [logger] in logger.info("\($0)") }
            configurationWatcher = watcher
        } catch {
            logger.warning("cannot watch \(path) for changes (inotify: \(error)); SIGHUP reloads it")
        }
    }

    /// inotify reported something: read it (the reload waits until the file has settled).
    func configurationEvents() {
        guard let watcher = configurationWatcher else { return }
        watcher.readEvents()
        if watcher.isBeingWritten { logger.debug("\(watcher.path) is being written: waiting until it is closed") }
    }

    /// Reloads once a change of the file has settled.
    func handleConfigurationChange() {
        guard let watcher = configurationWatcher, watcher.changeSettled() else { return }
        // One save can show as several changes (an atomic rename, then the close of the file
        // written): only new text reloads, so that gestures under way are not cut again.
        if let source = try? Self.locate(options), source.path == configurationPath, source.text == configurationText {
            logger.debug("the configuration file was written again with the same text: not reloading")
            return
        }
        logger.info("the configuration file changed: reloading")
        reload()
    }

    /// Loads the configuration again; an invalid file keeps the old one (errors logged).
    public func reload() {
        let source: ConfigurationLocator.Source
        do {
            source = try Self.locate(options)
        } catch {
            logger.error("\(error); keeping the current configuration")
            return
        }
        guard let file = Self.load(source, logger: logger) else {
            logger.error("\(source.displayName) has errors: keeping the configuration loaded before")
            monitorNote(MonitorLines.reload(configuration: source.displayName, result: "kept the old one",
                                            message: "the file has errors (tactus check \(source.path ?? "") shows them)"))
            return
        }
        tellServiceManagerReloading()
        defer { tellServiceManagerReloaded() }
        configuration = file
        configurationPath = source.path
        configurationText = source.text
        session.runtime.apply(file)
        if !options.observeOnly, file.settings.pointer != router.trigger { router.setTrigger(file.settings.pointer) }
        if mapTouchscreens() { router.refreshDevices() }
        applyFeedbackSettings()
        prepareKeys()
        server.flush()
        configurationName = source.displayName
        logger.info("configuration reloaded: \(source.displayName) (\(file.profiles.count) profiles)")
        monitorNote(MonitorLines.reload(configuration: source.displayName, result: "loaded", message: "\(file.profiles.count) profiles"))
        heapMayShrink = true
    }

    /// Keysyms the profiles press that the keyboard map lacks get their spare keycodes now.
    func prepareKeys() {
        guard !options.observeOnly else { return }
        let bound = performer.prepareKeys(configuration.keyNames)
        if !bound.isEmpty { logger.debug("bound spare keycodes ahead for \(bound.joined(separator: ", ")) (not in the keyboard map)") }
    }

    // MARK: Signals

    /// TERM and INT stop the daemon, HUP reloads, CHLD reaps the commands that exited.
    func setUpSignals() {
        signals = try? SignalPipe(signals: [SignalPipe.terminate, SignalPipe.interrupt, SignalPipe.hangUp, SignalPipe.childExited])
    }

    func handleSignals() {
        for s in signals?.received() ?? [] {
            switch s {
            case SignalPipe.terminate, SignalPipe.interrupt:
                logger.info("signal \(s == SignalPipe.terminate ? "TERM" : "INT"): stopping")
                running = false
            case SignalPipe.hangUp:
                logger.info("signal HUP: reloading the configuration")
                reload()
            case SignalPipe.childExited:
                performer.reapChildren()
            default: break
            }
        }
    }
}
