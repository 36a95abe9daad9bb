import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureImport
import GestureProfiles

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a Touchégg, libinput-gestures or fusuma configuration into a Tactus profile file.",
        discussion: """
            Reads FILE (a Touchégg touchegg.conf, a libinput-gestures.conf or a fusuma \
            config.yml; the format is told from the content) and prints a profile file on \
            standard output. Each imported gesture names the line it came from; whatever \
            Tactus cannot express is listed as '# not imported: … because …'. Touchégg's \
            gestures become touchpad bindings and touchscreen gestures, libinput-gestures' and \
            fusuma's touchpad bindings. A file that cannot be read is reported as \
            FILE:LINE: message, with exit status 1.
            """)

    @Argument(help: "The configuration file: touchegg.conf, libinput-gestures.conf or fusuma's config.yml.")
    var file: String

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = try readBounded(file, limit: ImportLimits.fileSize + 1)
        } catch let error as ReadError {
            throw importFailure("\(file): \(error.message)")
        }
        // For ~ and $VAR in libinput-gestures' program names.
        var environment: [String: String] = [:]
        var e = environ
        while let entry = e.pointee {
            let pair = String(cString: entry)
            if let eq = pair.firstIndex(of: "=") { environment[String(pair[..<eq])] = String(pair[pair.index(after: eq)...]) }
            e += 1
        }
        let result: ImportResult
        do {
            result = try GestureImporter.importFile(bytes, path: file, environment: environment)
        } catch {
            throw importFailure(error.description)
        }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let text = GestureImporter.profileText(result, sourceName: name)
        // What is printed must load: a mistake of the importer is reported, not printed.
        let check = ProfileLoader.load(yaml: text, path: "<imported>")
        guard check.errors.isEmpty else {
            throw importFailure("the import of \(file) produced a profile Tactus rejects (please report this):\n" + check.errors.map(\.description).joined(separator: "\n"))
        }
        print(text, terminator: "")
    }

    private func importFailure(_ message: String) -> ExitCode {
        let bytes = Array((message + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        return ExitCode(1)
    }
}

struct ReadError: Error {
    var message: String
}

/// The first `limit` bytes of a file, read with plain system calls.
func readBounded(_ path: String, limit: Int) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ReadError(message: "cannot open it: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw ReadError(message: "cannot read it: \(String(cString: strerror(errno)))") }
    guard (st.st_mode & S_IFMT) != S_IFDIR else { throw ReadError(message: "it is a directory") }
    var bytes = [UInt8](repeating: 0, count: limit)
    var count = 0
    while count < limit {
        let n = bytes[count...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw ReadError(message: "cannot read it: \(String(cString: strerror(errno)))")
        }
        if n == 0 { break }
        count += n
    }
    return Array(bytes[..<count])
}
