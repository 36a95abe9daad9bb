import FoundationEssentials
import SystemCalls

/// `tactus monitor`'s side: the lines a running daemon streams.
public struct MonitorConnection {
    private let fd: FileDescriptor

    public struct ConnectError: Error, CustomStringConvertible { public var description: String }

    /// Connects to the daemon of `display` (nil: `$DISPLAY`).
    public init(display: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let name = display ?? environment["DISPLAY"], !name.isEmpty else {
            throw ConnectError(description: "DISPLAY is not set: pass --display :0 (the display the daemon runs on)")
        }
        let files = RuntimeFiles(display: name, environment: environment)
        do {
            fd = try UnixSocket.connect(to: files.socketPath)
        } catch {
            let reason = MonitorChannel.SocketError(error, path: files.socketPath, connecting: true)
            throw ConnectError(description: "no tactus daemon is running on display \(name) (\(files.socketPath): \(reason)); start one with 'tactus run' or 'systemctl --user start tactus'")
        }
    }

    /// Calls `body` with each line until the daemon closes the connection.
    public func forEachLine(_ body: (Substring) -> Void) {
        var buffer: [UInt8] = []
        reading: while true {
            switch fd.read(upTo: 1 << 16) {
            case .failure(.interrupted): continue
            case .failure: break reading
            case .success(let chunk):
                guard !chunk.isEmpty else { break reading }
                buffer.append(contentsOf: chunk)
            }
            var start = 0
            while let nl = buffer[start...].firstIndex(of: 0x0A) {
                body(Substring(String(decoding: buffer[start..<nl], as: UTF8.self)))
                start = nl + 1
            }
            buffer.removeFirst(start)
        }
        fd.close()
    }
}
