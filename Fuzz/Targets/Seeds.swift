import Foundation
import GestureEngine
import GestureProfiles
import GestureTraces

/// Each target's seed corpus, made at run time from what the repository ships and tests
/// (examples, scenarios, the real-hand traces) and from the recordings in ../shared/data:
/// nothing large is committed. Device recordings are cut to their first events.
enum Seeds {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var sharedData: URL {
        ProcessInfo.processInfo.environment["SHARED_DATA"].map { URL(fileURLWithPath: $0) }
            ?? repository.deletingLastPathComponent().appendingPathComponent("shared/data")
    }

    /// Writes the seeds; returns how many.
    static func write(_ target: FuzzTarget, to folder: String) -> Int {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var count = 0
        for (name, bytes) in seeds(target) where !bytes.isEmpty {
            let safe = name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
            if FileManager.default.createFile(atPath: folder + "/" + String(safe), contents: Data(bytes)) { count += 1 }
        }
        return count
    }

    static func seeds(_ target: FuzzTarget) -> [(String, [UInt8])] {
        switch target {
        case .profileLoader:
            return [("built-in.yaml", Array(defaultProfileYAML.utf8))]
                + files(in: repository.appendingPathComponent("packaging/examples"), ending: ".yaml")
                + files(in: scenarios, ending: ".yaml")
        case .jsonLines:
            return traces
        case .evemu:
            return recordings.map { ($0.name + ".events", Array($0.evemu.utf8)) }
        case .libinputRecord:
            return recordings.map { ($0.name + ".yml", Array(libinputRecord($0).utf8)) }
        case .engine:
            return traces.map { name, bytes in (name + ".touches", touchStream(parsed(bytes))) }
        }
    }

    static let scenarios = repository.appendingPathComponent("Tests/GestureTracesTests/Scenarios")

    /// The traces of the scenarios and of the real hands (not the expected logs).
    static var traces: [(String, [UInt8])] {
        (files(in: scenarios, ending: ".jsonl") + files(in: repository.appendingPathComponent("Tests/GestureTracesTests/RealHands"), ending: ".jsonl"))
            .filter { !$0.0.hasSuffix(".expected.jsonl") }
    }

    static func files(in folder: URL, ending: String) -> [(String, [UInt8])] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(ending) }.sorted()
        return names.compactMap { name in
            (try? Data(contentsOf: folder.appendingPathComponent(name))).map { (name, Array($0)) }
        }
    }

    /// An evemu recording with its device's axes: the `A:` lines (from the `.desc` beside it
    /// when the recording has none) and its first events.
    struct Recording {
        var name: String
        var axes: [Substring]
        var events: [Substring]
        var evemu: String { "# EVEMU 1.3\n" + (axes + events).joined(separator: "\n") + "\n" }
    }

    static let eventsKept = 300

    static var recordings: [Recording] {
        let folder = sharedData.appendingPathComponent("evemu")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".events") }.sorted()
        return names.compactMap { name in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { return nil }
            let device = name.components(separatedBy: ".").first ?? name
            let description = (try? String(contentsOf: folder.appendingPathComponent(device + ".desc"), encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n")
            var axes = lines.filter { $0.hasPrefix("A: ") }
            if axes.isEmpty { axes = description.split(separator: "\n").filter { $0.hasPrefix("A: ") } }
            return Recording(name: String(name.dropLast(7)), axes: axes, events: Array(lines.filter { $0.hasPrefix("E: ") }.prefix(eventsKept)))
        }
    }

    /// The same recording as `libinput record` writes it.
    static func libinputRecord(_ r: Recording) -> String {
        var yaml = "version: 1\nndevices: 1\nlibinput:\n  version: \"1.22.0\"\nsystem:\n  kernel: \"6.1.0\"\ndevices:\n- node: /dev/input/event5\n  evdev:\n    name: \"\(r.name)\"\n    absinfo:\n"
        for axis in r.axes {
            let f = axis.split(separator: " ")
            guard f.count >= 4, let code = Int(f[1], radix: 16) else { continue }
            yaml += "      \(code): [\(f[2]), \(f[3]), 0, 0, 0]\n"
        }
        yaml += "  events:\n"
        var frame: [String] = []
        for event in r.events {
            let f = event.prefix { $0 != "#" }.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard f.count >= 5, let stamp = Double(f[1]), let type = Int(f[2], radix: 16), let code = Int(f[3], radix: 16) else { continue }
            let sec = Int(stamp), usec = Int(((stamp - Double(sec)) * 1e6).rounded())
            frame.append("[\(sec), \(usec), \(type), \(code), \(f[4])]")
            if type == 0 && code == 0 {
                yaml += "  - evdev:\n" + frame.map { "    - \($0)\n" }.joined()
                frame = []
            }
        }
        return yaml
    }

    private static func parsed(_ bytes: [UInt8]) -> [TraceLine] {
        var lines: [TraceLine] = []
        try? TraceReader.stream(bytes: bytes, as: .jsonLines, screen: (1920, 1080)) { lines.append($0) }
        return lines
    }

    /// A trace's touches and windows in `TouchStream`'s four bytes an event.
    static func touchStream(_ lines: [TraceLine]) -> [UInt8] {
        var out: [UInt8] = [0]
        var last = 0.0
        var slots: [TouchID: UInt8] = [:]
        for line in lines {
            let dt = UInt8(clamping: Int(max(0, line.time - last)))
            last = line.time
            switch line.event {
            case .touches(let frame):
                for (i, t) in frame.enumerated() {
                    let slot = slots[t.id] ?? UInt8(slots.count % 8)
                    slots[t.id] = slot
                    let phase: UInt8 = [.began: 0, .moved: 1, .ended: 2, .cancelled: 3][t.phase] ?? 1
                    out += [phase | slot << 2, i == 0 ? dt : 0, UInt8(clamping: Int(t.location.x / 8)), UInt8(clamping: Int(t.location.y / 5))]
                }
            case .window(let w):
                let cls = UInt8(TouchStream.classes.firstIndex(of: w.windowClass ?? "") ?? 6)
                out += [0xA0 | UInt8(w.id % 8) << 2, dt, cls, 0x11]
            case .windowClosed(let id):
                out += [0xC0 | UInt8(id % 8) << 2, dt, 0, 0]
            default:
                continue
            }
        }
        return out
    }
}
