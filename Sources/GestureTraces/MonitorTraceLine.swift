import GestureEngine
import GestureProfiles

/// A trace's `monitor` line: `{"kind":"monitor","name":"eDP-1","frame":[0,0,1920,1080],
/// "primary":true,"outputs":["eDP-1"]}` declares or changes a monitor, `"removed":true` takes
/// it away.
enum MonitorTraceLine {
    static func event(_ o: [String: JSONValue], fail: (String) -> TraceError) throws -> InputEvent {
        guard case .string(let name)? = o["name"], !name.isEmpty, name.count <= 256 else {
            throw fail("a monitor needs a \"name\" (a non-empty string)")
        }
        if let removed = o["removed"] {
            guard case .bool(let r) = removed else { throw fail("\"removed\" must be true or false") }
            if r { return .monitorRemoved(name: name) }
        }
        guard case .array(let a)? = o["frame"], a.count == 4 else { throw fail("a monitor needs \"frame\": [x, y, width, height]") }
        let n = a.compactMap { v -> Double? in if case .number(let d) = v, d.isFinite, abs(d) < 100_000 { return d }; return nil }
        guard n.count == 4 else { throw fail("\"frame\" must be four numbers [x, y, width, height]") }
        guard n[2] > 0, n[3] > 0 else { throw fail("a monitor's \"frame\" needs a positive width and height") }
        var primary = false
        if let p = o["primary"] {
            guard case .bool(let b) = p else { throw fail("\"primary\" must be true or false") }
            primary = b
        }
        var outputs: [String] = []
        if let list = o["outputs"] {
            guard case .array(let items) = list, items.count <= 64 else { throw fail("\"outputs\" must be a list of output names") }
            for item in items {
                guard case .string(let s) = item else { throw fail("\"outputs\" must be a list of output names") }
                outputs.append(s)
            }
        }
        return .monitor(Monitor(name: name, frame: Rect(x: n[0], y: n[1], width: n[2], height: n[3]), primary: primary, outputs: outputs))
    }
}
