#if canImport(Glibc)
import Glibc
#endif

/// The executables of the package as this build made them, for the tests that run them as a
/// user does (`tactus replay`, `tactus import`, …): in the folder of the running test bundle,
/// which is the build's products folder, whatever its configuration (`-c release`) or path
/// (`--scratch-path`). A fixed `.build/debug/tactus` could be another build's, older binary.
///
/// That binary is the current one: `swift test` builds every product, the executables too,
/// before it runs a test, a filtered run included (`swift test --filter ScenarioTests` on a
/// fresh clone links `tactus` before the tests start); only `--skip-build` runs what is there,
/// and `make test` builds with `--build-tests` first. (A test target's dependency on the
/// executable target would link the program's module into the test bundle, for `@testable
/// import`: these tests run the program instead.)
public enum BuiltProducts {
    /// The products folder of the running executable's build (the test bundle's, or a tool's).
    public static let folder: String = {
        #if os(Linux)
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        precondition(length > 0, "cannot read /proc/self/exe")
        let executable = String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)])
        #else
        return ".build/debug"
        #endif
    }()

    /// The path of the executable product `name` of this build.
    public static func executable(_ name: String) -> String { folder + "/" + name }
}
