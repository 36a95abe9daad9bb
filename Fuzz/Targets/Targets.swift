import GestureEngine
import GestureProfiles
import GestureTraces

/// The target libFuzzer calls (set once, before the driver starts).
nonisolated(unsafe) var chosen = FuzzTarget.profileLoader

/// What each target feeds its bytes to. A crash, a trap, a sanitizer report, a timeout or
/// memory past libFuzzer's limit is a finding; errors in the input are not.
enum FuzzTarget: String, CaseIterable {
    /// Any text as a profile file; a file that loads is made live and touched.
    case profileLoader = "profile-loader"
    /// Each trace reader, forced onto any bytes; what it decodes is replayed.
    case jsonLines = "jsonl"
    case evemu
    case libinputRecord = "libinput-record"
    /// The engine and the shipped profiles fed a decoded touch stream (`TouchStream`).
    case engine

    /// Runs the target once on its first seed before libFuzzer starts: lazily made globals
    /// (the shipped profiles, keysym and template tables) are made outside any input, so
    /// that LeakSanitizer, which checks each input, sees only what an input leaves behind.
    func prepare() {
        _ = ShippedProfiles.all
        for (_, bytes) in Seeds.seeds(self).prefix(1) {
            bytes.withUnsafeBufferPointer { run($0) }
        }
    }

    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .profileLoader: loadProfile(Array(bytes))
        case .jsonLines: readTrace(Array(bytes), as: .jsonLines)
        case .evemu: readTrace(Array(bytes), as: .evemu)
        case .libinputRecord: readTrace(Array(bytes), as: .libinputRecord)
        case .engine: TouchStream(bytes).run()
        }
    }
}

/// Files a fuzzed profile names are never read: every stroke file is missing.
struct NoFiles: ProfileFileReader {
    func contents(of path: String) -> String? { nil }
}

private func loadProfile(_ bytes: [UInt8]) {
    let result = ProfileLoader.load(yaml: String(decoding: bytes, as: UTF8.self), path: "fuzz.yaml", files: NoFiles())
    guard let file = result.file else { return }
    // A file that loads is made live: windows that its profiles may match, and touches.
    // Windows of the classes profiles name, a tap, a drag and a two-finger touch.
    var stream = TouchStream([0, 0xA0, 0, 3, 0x11, 0xA4, 0, 1, 0x62, 0, 10, 40, 40, 0x02, 40, 40, 40, 0x00, 200, 100, 100,
                              0x01, 20, 120, 100, 0x01, 20, 140, 100, 0x02, 20, 140, 100, 0x04, 50, 60, 60, 0x00, 5, 70, 60,
                              0x05, 30, 50, 60, 0x01, 30, 80, 60, 0x06, 30, 50, 60, 0x02, 30, 80, 60, 0xC4, 0, 0, 0])
    stream.profiles = [file]
    stream.run()
}

private func readTrace(_ bytes: [UInt8], as format: TraceFormat) {
    let replayer = Replayer(configuration: ShippedProfiles.all[0], screen: (1920, 1080), format: .json, keepActions: false) { _ in }
    replayer.session.engine.trapsOnIllegalTransition = true
    do {
        try TraceReader.stream(bytes: bytes, as: format, screen: (1920, 1080)) { replayer.feed($0) }
    } catch is TraceError {
        // Refused with its line: what a bad trace should get.
    } catch {
        fatalError("a trace reader threw something other than a TraceError: \(error)")
    }
    replayer.finish()
    // A touch still down when the trace ends may wait; every other one is decided.
    let down = Set(replayer.engine.activeTouches.map(\.id))
    let undecided = replayer.engine.undecidedTouches.filter { !down.contains($0) }
    precondition(undecided.isEmpty, "touches left undecided after the trace ended: \(undecided)")
}
