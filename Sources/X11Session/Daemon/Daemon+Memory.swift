import SystemCalls

extension Daemon {
    /// Start-up (or a reload) is done and the loop is about to sleep with nothing to do: the
    /// code and tables only that work used — parsing the arguments, reading YAML, building the
    /// profiles — leave the resident set (``ProgramCode/releaseStartupPages()``); the loop maps back
    /// what it uses. Once per start or reload.
    func releaseStartupMemoryOnce() {
        guard startupCodeMapped else { return }
        startupCodeMapped = false
        // Measured only when it is logged: the measuring would map back code of its own.
        let before = logger.logLevel <= .debug ? ProgramCode.residentKilobytes() : nil
        let pages = ProgramCode.releaseStartupPages()
        if let before, let after = ProgramCode.residentKilobytes() {
            logger.debug("start-up pages unmapped (\(pages) pages of code and unchanged data; they stay in the page cache): resident \(before) KiB → \(after) KiB")
        }
    }
}
