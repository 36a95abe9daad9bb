import SystemCalls

extension Daemon {
    /// Start-up (or a reload) is done and the loop is about to sleep with nothing to do: the
    /// code only that work ran — parsing the arguments, reading YAML, building the profiles —
    /// leaves the resident set (``ProgramCode/releaseStartupPages()``); the loop maps back
    /// what it uses. Once per start or reload.
    func releaseStartupMemoryOnce() {
        guard startupCodeMapped else { return }
        startupCodeMapped = false
        let before = ProgramCode.residentKilobytes()
        ProgramCode.releaseStartupPages()
        if let before, let after = ProgramCode.residentKilobytes() {
            logger.debug("start-up code unmapped (it stays in the page cache): resident \(before) KiB → \(after) KiB")
        }
    }
}
