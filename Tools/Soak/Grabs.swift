import CX11
import Foundation
import GestureEngine
import SystemCalls
import TestSupport
import X11Session
@testable import X11TestSupport

// The X side of a stall: who holds the pointer, its buttons, and the server's own dump of
// its grabs (XF86LogGrabInfo).

/// Whether another client holds or froze the pointer (XGrabPointer's answer; a grab it gets is let go at once).
func probePointerGrab() -> String {
    let status = XGrabPointer(display, root, 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime))
    if status == GrabSuccess { XUngrabPointer(display, UInt(CurrentTime)) }
    XSync(display, 0)
    return ["0 free (granted to the soak, let go)", "1 already grabbed by another client", "2 invalid time", "3 not viewable", "4 frozen by another client's grab"][Int(status)]
}

/// The buttons the server holds down on the core pointer (XQueryPointer's mask): a button
/// left down with no finger on the screen swallows every press after it.
func pointerButtons() -> String {
    var rootReturn: Window = 0, child: Window = 0, rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0, mask: UInt32 = 0
    XQueryPointer(display, root, &rootReturn, &child, &rx, &ry, &wx, &wy, &mask)
    let buttons = (1...5).filter { mask & (UInt32(Button1Mask) << UInt32($0 - 1)) != 0 }
    return buttons.isEmpty ? "none down, at \(rx),\(ry)" : "button \(buttons.map(String.init).joined(separator: ", ")) down, at \(rx),\(ry)"
}

/// Presses Ctrl+Alt+F11 on the inputtest keyboard and returns the dump it writes to the log.
func dumpGrabs() -> [String] {
    guard let serverLog, let before = (try? FileManager.default.attributesOfItem(atPath: serverLog))?[.size] as? Int else { return ["(no server log)"] }
    do {
        for code: UInt8 in [37, 64, 95] { try keyboard.key(code, pressed: true) }  // Control_L, Alt_L, F11
        for code: UInt8 in [95, 64, 37] { try keyboard.key(code, pressed: false) }
    } catch {
        return ["(the keyboard: \(error))"]
    }
    let deadline = monotonic() + 3
    while monotonic() < deadline {
        if let data = FileManager.default.contents(atPath: serverLog), data.count > before {
            let text = String(decoding: data[before...], as: UTF8.self)
            if text.contains("End list of registered passive grabs") {
                let lines = text.split(separator: "\n").map(String.init)
                let first = lines.firstIndex { $0.contains("Printing all currently active device grabs") } ?? 0
                let passive = lines.firstIndex { $0.contains("Printing all currently registered grabs") } ?? lines.count
                return Array(lines[first..<passive]) + summarizePassiveGrabs(lines[passive...])
            }
        }
        usleep(20_000)
    }
    return ["(no grab dump in the server's log within 3 s of Ctrl+Alt+F11: the keyboard is frozen too, or grab:debug is not set)"]
}

/// The passive grabs of the dump, by client: how many of each type on each window (the whole
/// list is in the log).
func summarizePassiveGrabs(_ lines: ArraySlice<String>) -> [String] {
    var summary: [String] = []
    var client = ""
    var counts: [(type: String, count: Int, windows: Set<Substring>)] = []
    func flush() {
        guard !client.isEmpty else { return }
        summary.append("passive grabs of \(client): " + (counts.isEmpty ? "none" : counts.map { "\($0.type) ×\($0.count) on \($0.windows.count == 1 ? "window \($0.windows.first!)" : "\($0.windows.count) windows")" }.joined(separator: ", ")))
        counts = []
    }
    for line in lines {
        if let range = line.range(of: "Printing all registered grabs of ") {
            flush()
            client = String(line[range.upperBound...])
        } else if let range = line.range(of: ", type "), let on = line.range(of: " on window ") {
            let type = String(line[range.upperBound..<on.lowerBound]), window = line[on.upperBound...]
            if let i = counts.firstIndex(where: { $0.type == type }) {
                counts[i].count += 1
                counts[i].windows.insert(window)
            } else {
                counts.append((type, 1, [window]))
            }
        }
    }
    flush()
    return summary
}
