#if canImport(Glibc)
import Glibc
#endif

/// Starts programs without a shell, with a clean signal state: an empty signal mask and
/// default dispositions. Threads of a Swift process block most signals (dispatch does), and
/// a child inherits its parent thread's mask: a command started from there would ignore
/// SIGTERM, and an X server would miss its SIGALRM.
public enum ChildProcess {
    public struct SpawnError: Error, CustomStringConvertible {
        public var program: String
        public var code: Int32
        public var description: String { "cannot run \(program): \(String(cString: strerror(code)))" }
    }

    public enum Output {
        case inherit
        case discard
        /// A pipe: the read end is returned.
        case capture
    }

    /// Spawns `argv` (looked up in PATH). `environment` is the whole environment (nil: ours).
    /// Returns the pid and, for `.capture`, the read end of the child's stdout.
    public static func spawn(_ argv: [String], environment: [String]? = nil, stdout: Output = .inherit, stderr: Output = .inherit) throws -> (pid: pid_t, stdout: Int32?) {
        guard let program = argv.first, !program.isEmpty else { throw SpawnError(program: "", code: ENOENT) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeFDs: [Int32] = [-1, -1]
        for (fd, output) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch output {
            case .inherit: break
            case .discard: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .capture:
                if pipeFDs[0] < 0 { guard pipe(&pipeFDs) == 0 else { throw SpawnError(program: program, code: errno) }
                    // Close-on-exec, so that other children never hold our pipe open.
                    for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) } }
                posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], fd)
            }
        }
        if pipeFDs[0] >= 0 {
            posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
            posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var pid: pid_t = 0
        let rc: Int32
        if let environment {
            var cEnv: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
            defer { for p in cEnv { free(p) } }
            rc = posix_spawnp(&pid, program, &actions, &attributes, &cArgs, &cEnv)
        } else {
            rc = posix_spawnp(&pid, program, &actions, &attributes, &cArgs, environ)
        }
        if pipeFDs[1] >= 0 { close(pipeFDs[1]) }
        guard rc == 0 else {
            if pipeFDs[0] >= 0 { close(pipeFDs[0]) }
            throw SpawnError(program: program, code: rc)
        }
        return (pid, pipeFDs[0] >= 0 ? pipeFDs[0] : nil)
    }

    /// Our environment with `overrides` applied.
    public static func environment(merging overrides: [String: String]) -> [String] {
        var env: [String] = []
        var i = 0
        while let entry = environ[i] {
            let s = String(cString: entry)
            if let key = s.split(separator: "=", maxSplits: 1).first, overrides[String(key)] != nil { i += 1; continue }
            env.append(s)
            i += 1
        }
        for (k, v) in overrides.sorted(by: { $0.key < $1.key }) { env.append("\(k)=\(v)") }
        return env
    }
}
