import Foundation

/// The daemon as a user runs it: the release build (`make release`, what `make run`, `make
/// install` and the .deb install), for the comparisons whose figures depend on how fast it
/// answers. The tests' own build is a debug build, which answers a touch about twice as late
/// (make bench-touch's drags, the deciding update to the window's TouchBegin at p50: release
/// 0.61 ms, debug with --verbose 1.27 ms, a bare owner 0.33 ms): a program that times events
/// by when it handles them (Qt's QScroller) reads that as a faster flick.
///
/// `make test` builds it before the tests. A binary older than a source file is refused, not
/// run: it would measure code that is no longer there.
public enum ReleaseDaemon {
    public static var path: String { repositoryRoot.appendingPathComponent(".build/release/tactus").path }

    /// The path of a release `tactus` at least as new as every file under Sources/ and Package.swift.
    public static func current() throws -> String {
        let fm = FileManager.default
        guard let built = (try? fm.attributesOfItem(atPath: path))?[.modificationDate] as? Date else {
            throw FixtureError(description: "no release daemon at \(path): build it with `make release` (make test does)")
        }
        var newest: (date: Date, file: String)?
        let sources = repositoryRoot.appendingPathComponent("Sources")
        var files = [repositoryRoot.appendingPathComponent("Package.swift")]
        if let walker = fm.enumerator(at: sources, includingPropertiesForKeys: [.contentModificationDateKey]) {
            for case let url as URL in walker { files.append(url) }
        }
        for url in files {
            guard let date = try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate else { continue }
            if date > (newest?.date ?? .distantPast) { newest = (date, url.path) }
        }
        if let newest, newest.date > built {
            throw FixtureError(description: "the release daemon \(path) is older than \(newest.file): build it again with `make release` (make test does)")
        }
        return path
    }
}
