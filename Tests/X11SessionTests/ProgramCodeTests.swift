import Testing
@testable import SystemCalls

/// Statically initialised, so it lives in the executable's data mapping: once written, its
/// page is private memory that releasing start-up pages must keep.
nonisolated(unsafe) private var writtenAfterStart = 42

/// The daemon drops the executable's pages start-up used and left unchanged (issue 13: the
/// idle daemon's weight); a page the program wrote holds its data and must stay.
@Suite struct ProgramCodeTests {
    @Test func releasingStartupPagesKeepsWhatTheProgramWrote() {
        writtenAfterStart += 1
        let released = ProgramCode.releaseStartupPages()
        #expect(released > 0, "the test binary's code was resident, so some pages go")
        #expect(writtenAfterStart == 43, "a written data page was discarded and read back from the file")
        writtenAfterStart += 1
        ProgramCode.releaseStartupPages()
        #expect(writtenAfterStart == 44)
    }
}
