import CX11
import GestureEngine

/// The monitors (XRandR 1.5) and the device property that maps a touchscreen onto one.
extension XlibServer {
    public func monitors() -> [XMonitor] {
        guard randrEventBase >= 0 else { return [] }
        var count: Int32 = 0
        guard let list = XRRGetMonitors(display, Window(root), 1, &count) else { return [] }
        defer { XRRFreeMonitors(list) }
        let resources = XRRGetScreenResourcesCurrent(display, Window(root))
        defer { if let resources { XRRFreeScreenResources(resources) } }
        return (0..<Int(count)).map { i in
            let m = list[i]
            var outputs: [String] = []
            if let resources, let ids = m.outputs {
                for k in 0..<Int(max(0, m.noutput)) {
                    guard let info = XRRGetOutputInfo(display, resources, ids[k]) else { continue }
                    if let name = info.pointee.name { outputs.append(String(cString: name)) }
                    XRRFreeOutputInfo(info)
                }
            }
            return XMonitor(name: atomName(UInt(m.name)) ?? "monitor \(i)", x: Double(m.x), y: Double(m.y), width: Double(m.width),
                            height: Double(m.height), primary: m.primary != 0, outputs: outputs)
        }
    }

    public func setTransformationMatrix(device: Int32, _ matrix: [Double]) {
        guard matrix.count == 9 else { return }
        var values = matrix.map { Float($0) }
        values.withUnsafeMutableBytes { bytes in
            XIChangeProperty(display, device, Atom(atom("Coordinate Transformation Matrix")), Atom(atom("FLOAT")), 32, PropModeReplace,
                             bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 9)
        }
        _ = cx11_take_last_error()
    }
}
