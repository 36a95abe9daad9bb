import ArgumentParser
import GestureImport
import GestureProfiles
import SystemCalls

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

    @Option(name: .customLong("fusuma-version"), help: ArgumentHelp(
        "The fusuma release the file is used with (fusuma --version), e.g. 2.5 or 3.1: fusuma 3.0 swapped pinch in and out.",
        valueName: "VERSION"))
    var fusumaVersion: String?

    func validate() throws {
        if let v = fusumaVersion, FusumaVersion(parsing: v) == nil {
            throw ValidationError("--fusuma-version takes a release number such as 2.5 or 3.1, not '\(v)'")
        }
    }

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = try readBounded(file, limit: ImportLimits.fileSize + 1)
        } catch let error as ReadError {
            throw importFailure("\(file): \(error.message)")
        }
        let result: ImportResult
        do {
            // The environment: for ~ and $VAR in libinput-gestures' program names.
            let options = ImportOptions(fusumaVersion: fusumaVersion.flatMap(FusumaVersion.init(parsing:)))
            result = try GestureImporter.importFile(bytes, path: file, environment: CurrentProcess.environment, options: options)
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
        FileDescriptor.standardError.writeAll(Array((message + "\n").utf8))
        return ExitCode(1)
    }
}

struct ReadError: Error {
    var message: String
}

/// The first `limit` bytes of a file (a directory is an error, not an empty file).
func readBounded(_ path: String, limit: Int) throws -> [UInt8] {
    let fd: FileDescriptor
    do {
        fd = try FileDescriptor.open(path, .readOnly)
    } catch {
        throw ReadError(message: "cannot open it: \(error)")
    }
    defer { fd.close() }
    switch fd.isDirectory() {
    case .failure(let e): throw ReadError(message: "cannot read it: \(e)")
    case .success(true): throw ReadError(message: "it is a directory")
    case .success(false): break
    }
    switch fd.readAll(limit: limit) {
    case .success(let bytes): return bytes
    case .failure(let e): throw ReadError(message: "cannot read it: \(e)")
    }
}
