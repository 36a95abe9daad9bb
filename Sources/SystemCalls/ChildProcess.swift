#if canImport(Glibc)
import Glibc
#endif

/// Starts programs without a shell, with a clean signal state: an empty signal mask and
/// default dispositions. Threads of a Swift process block most signals (dispatch does), and
/// a child inherits its parent thread's mask: a command started from there would ignore
/// SIGTERM, and an X server would miss its SIGALRM.
package enum ChildProcess {
    package struct SpawnError: Error, CustomStringConvertible {
        package var program: String
        package var code: Int32
        package var description: String { "cannot run \(program): \(String(cString: strerror(code)))" }
    }

    package enum Output {
        case inherit
        case discard
        /// A pipe: the read end is returned.
        case capture
        /// A descriptor of the caller's (a pipe it reads when it chooses).
        case descriptor(FileDescriptor)
    }

    /// Spawns `argv` (looked up in PATH). `environment` is the whole environment (nil: ours).
    /// Returns the pid and, for `.capture`, the read end of the child's output (the caller
    /// reads and closes it).
    package static func spawn(_ argv: [String], environment: [String]? = nil, stdout: Output = .inherit, stderr: Output = .inherit) throws -> (pid: pid_t, stdout: Int32?) {
        guard let program = argv.first, !program.isEmpty else { throw SpawnError(program: "", code: ENOENT) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipe: (read: FileDescriptor, write: FileDescriptor)?
        for (fd, output) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch output {
            case .inherit: break
            case .discard: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .descriptor(let given): posix_spawn_file_actions_adddup2(&actions, given.rawValue, fd)
            case .capture:
                // Both ends close-on-exec: no other child ever holds the pipe open.
                if pipe == nil {
                    do { pipe = try FileDescriptor.pipe() } catch { throw SpawnError(program: program, code: error.code) }
                }
                posix_spawn_file_actions_adddup2(&actions, pipe!.write.rawValue, fd)
            }
        }
        if let pipe {
            posix_spawn_file_actions_addclose(&actions, pipe.read.rawValue)
            posix_spawn_file_actions_addclose(&actions, pipe.write.rawValue)
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
        pipe?.write.close()
        guard rc == 0 else {
            pipe?.read.close()
            throw SpawnError(program: program, code: rc)
        }
        return (pid, pipe?.read.rawValue)
    }

    /// Waits until `pid` exits.
    package static func wait(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Collects `pid` if it has exited (never waits): true when it has.
    package static func reap(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid
    }

    /// Reaps `pid` if it has exited: its exit status (128 + the signal when killed), nil while
    /// it runs.
    package static func exitStatus(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Our environment with `overrides` applied.
    package static func environment(merging overrides: [String: String]) -> [String] {
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
