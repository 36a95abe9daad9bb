// The processes the X integration tests start (servers, window managers, programs, the
// daemon) and the lines they print, collected as they come.
import Foundation
import SystemCalls

/// Lines a child process prints, collected as they come.
final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = Data()
    private var collected: [String] = []

    func append(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        buffer.append(data)
        while let i = buffer.firstIndex(of: 10) {
            collected.append(String(decoding: buffer[buffer.startIndex..<i], as: UTF8.self))
            buffer.removeSubrange(buffer.startIndex...i)
        }
    }

    private var finished = false

    /// The child closed its output (every line is in).
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        finished = true
    }

    /// Waits until the child closed its output; false on timeout.
    func waitUntilFinished(timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let done = finished
            lock.unlock()
            if done { return true }
            usleep(5_000)
        }
        return false
    }

    func locked(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body()
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    /// How many lines so far (without copying them).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return collected.count
    }

    /// The lines from `index` on.
    func lines(from index: Int) -> ArraySlice<String> {
        lock.lock()
        defer { lock.unlock() }
        return collected[min(index, collected.count)...]
    }

    /// Waits (polling) until a line satisfies `match`, for at most `timeout` seconds.
    func wait(timeout: Double = 5, _ match: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let l = lines.first(where: match) { return l }
            usleep(5_000)
        }
        return nil
    }
}

/// A child process of the fixture, started with a clean signal state (see ChildProcess).
final class Child {
    let pid: pid_t
    let output: LineCollector?
    /// The daemon's XDG_RUNTIME_DIR (where its lock lives), when it is one.
    var runtimeDirectory: String?

    /// `standardOutput`: the child's stdout goes there instead (`capture` then collects only
    /// what `captureErrors` adds).
    init(_ argv: [String], environment: [String], capture: Bool, captureErrors: Bool = false, standardOutput: FileDescriptor? = nil) throws {
        let c = try ChildProcess.spawn(argv, environment: environment, stdout: standardOutput.map { .descriptor($0) } ?? (capture ? .capture : .discard),
                                       stderr: captureErrors ? .capture : .discard)
        pid = c.pid
        if let fd = c.stdout {
            let collector = LineCollector()
            output = collector
            // A reader thread with blocking reads: it ends when the child closes its stdout.
            Thread.detachNewThread {
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = read(fd, &buffer, buffer.count)
                    if n <= 0 { break }
                    collector.append(Data(buffer[0..<n]))
                }
                close(fd)
                collector.finish()
            }
        } else {
            output = nil
        }
    }

    var isRunning: Bool {
        guard !exited else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { record(status); return false }
        return true
    }
    private var exited = false
    /// The exit status (or 128 + signal) once the child has exited.
    private(set) var exitStatus: Int32?

    private func record(_ status: Int32) {
        exited = true
        let signal = status & 0x7f
        exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Waits up to `timeout` seconds for the child to exit by itself; its status, or nil.
    func waitForExit(timeout: Double) -> Int32? {
        for _ in 0..<Int(timeout * 200) {
            if !isRunning { return exitStatus }
            usleep(5_000)
        }
        return nil
    }

    /// Sends `signal` and waits up to `timeout` seconds for the exit (then SIGKILL).
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeout: Double = 2) -> Int32? {
        guard !exited else { return exitStatus }
        kill(pid, signal)
        var status: Int32 = 0
        for _ in 0..<Int(timeout * 200) {
            if waitpid(pid, &status, WNOHANG) == pid { record(status); return exitStatus }
            usleep(5_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        record(status)
        return nil
    }
}
