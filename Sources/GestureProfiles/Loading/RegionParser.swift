import GestureEngine
import YAMLTree

/// A region's keys: a child view with gestures, or a control (`control:` and its keys).
enum RegionKey: String, SectionKey {
    case name, frame, control, axis, value, segments, pages, thumbLength, gestures, action

    /// The keys that only a control takes.
    static let controlKeys: [RegionKey] = [.axis, .value, .segments, .pages, .thumbLength]
}

/// `frame:`: two of left/right/width, two of top/bottom/height.
enum FrameKey: String, SectionKey {
    case left, right, width, top, bottom, height

    static let horizontal: [FrameKey] = [.left, .right, .width]
    static let vertical: [FrameKey] = [.top, .bottom, .height]
}

/// A control's `value:`. Sliders and steppers take every key; the others only `initial`.
enum ValueKey: String, SectionKey { case min, max, initial, step }

extension ProfileParser {
    func parseRegion(_ node: Node) -> RegionSpec? {
        guard let entries = reader.entries(node, "a region", RegionKey.self) else { return nil }
        let byKey = firstEntries(entries)
        var name = "region\(SourceLocation(node.mark).line)"
        if let n = byKey[.name], let s = reader.string(n.value, "region name") {
            if s.isEmpty || s.contains("/") { sink.error(n.value, "region name '\(s)' must be non-empty and contain no '/'") }
            name = s
        } else if byKey[.name] == nil {
            sink.error(node, "a region needs a 'name'")
        }
        var frame = FrameSpec()
        if let f = byKey[.frame] { frame = parseFrame(f.value) ?? frame } else { sink.error(node, "region '\(name)' needs a 'frame'") }
        var control: ControlSpec?
        if let c = byKey[.control] {
            control = parseControl(c.value, entries: byKey)
        } else {
            for k in RegionKey.controlKeys {
                if let entry = byKey[k] { sink.error(entry.keyNode, "'\(k.rawValue)' belongs to controls; region '\(name)' has no 'control'") }
            }
        }
        let gestures = list(byKey[.gestures], "gestures").compactMap { parseGesture($0, regionNames: []) }
        let action = byKey[.action].flatMap { parseAction($0.value) }
        return RegionSpec(name: name, frame: frame, control: control, gestures: gestures, action: action, location: SourceLocation(node.mark))
    }

    func parseFrame(_ node: Node) -> FrameSpec? {
        guard let entries = reader.entries(node, "frame", FrameKey.self) else { return nil }
        var f = FrameSpec()
        for (key, _, v) in entries {
            let k = key.rawValue
            var length: Length?
            if case .scalar(let s) = v, s.string.hasSuffix("%"), let p = Double(s.string.dropLast()) {
                if (0...100).contains(p) { length = .percent(p) } else { sink.error(v, "frame \(k) must be between 0% and 100%, not \(s.string)") }
            } else if let n = reader.number(v, "frame \(k) (pixels, or a percentage like \"25%\")", range: 0...100000) {
                length = .pixels(n)
            }
            switch key {
            case .left: f.left = length
            case .right: f.right = length
            case .width: f.width = length
            case .top: f.top = length
            case .bottom: f.bottom = length
            case .height: f.height = length
            }
        }
        let horizontal = entries.filter { FrameKey.horizontal.contains($0.key) }.count
        let vertical = entries.filter { FrameKey.vertical.contains($0.key) }.count
        if horizontal != 2 {
            sink.error(node, "frame needs exactly two of left, right, width (\(horizontal) given): the horizontal extent cannot be resolved")
        }
        if vertical != 2 {
            sink.error(node, "frame needs exactly two of top, bottom, height (\(vertical) given): the vertical extent cannot be resolved")
        }
        return f
    }

    func parseControl(_ node: Node, entries: [RegionKey: Entry<RegionKey>]) -> ControlSpec? {
        guard let kindName = reader.string(node, "control") else { return nil }
        guard let kind = ControlKind(rawValue: kindName) else {
            sink.error(node, "unknown control kind '\(kindName)'\(suggestion(for: kindName, among: ControlKind.allCases.map(\.rawValue))); expected one of: \(ControlKind.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        var spec = ControlSpec(kind: kind, axis: ProfileDefaults.controlAxis, minimum: ProfileDefaults.controlMinimum, maximum: ProfileDefaults.controlMaximum,
                               step: ProfileDefaults.controlStep, initial: ProfileDefaults.controlInitial, thumbLength: ProfileDefaults.sliderThumbLength)
        if let a = entries[.axis], let c = reader.choice(a.value, "axis", ["horizontal", "vertical"]) { spec.axis = Axis(rawValue: c)! }
        if let t = entries[.thumbLength] {
            if kind == .slider {
                spec.thumbLength = reader.number(t.value, "thumbLength", range: ValueRange.positiveDistance) ?? ProfileDefaults.sliderThumbLength
            } else {
                sink.error(t.keyNode, "'thumbLength' is for sliders")
            }
        }
        // Segmented controls and pages count from 0 to one less than their number.
        let counted: RegionKey? = kind == .segmented ? .segments : kind == .page ? .pages : nil
        switch kind {
        case .button:
            spec.maximum = 0
        case .switch:
            spec.minimum = 0; spec.maximum = 1
        case .segmented, .page:
            let key = counted!
            if let n = entries[key] {
                // (A wrong count is reported; the file is rejected, whatever stands here.)
                spec.maximum = Double((reader.integer(n.value, key.rawValue, range: 1...100) ?? 2) - 1)
            } else {
                sink.error(node, "a \(kind.rawValue) control needs '\(key.rawValue)'")
            }
            spec.minimum = 0
        default:
            break
        }
        for key in [RegionKey.segments, .pages] where key != counted {
            if let entry = entries[key] { sink.error(entry.keyNode, "'\(key.rawValue)' is for \(key == .segments ? "segmented" : "page") controls") }
        }
        if let v = entries[.value] {
            parseValue(v, kind: kind, into: &spec)
        } else if kind == .stepper || kind == .slider {
            spec.initial = spec.minimum
        }
        return spec
    }

    /// A control's `value:`: a switch's `initial: on/off`, a segmented control's or a page's
    /// `initial`, a slider's or a stepper's range, step and initial value.
    private func parseValue(_ v: Entry<RegionKey>, kind: ControlKind, into spec: inout ControlSpec) {
        switch kind {
        case .button:
            sink.error(v.keyNode, "a button has no value")
        case .switch:
            for (_, _, iv) in reader.entries(v.value, "value", among: [ValueKey.initial]) ?? [] {
                if case .scalar(let s) = iv, ["on", "off"].contains(s.string.lowercased()) {
                    spec.initial = s.string.lowercased() == "on" ? 1 : 0
                } else if let b = reader.bool(iv, "switch initial (on or off)") {
                    spec.initial = b ? 1 : 0
                }
            }
        default:
            let keys = kind == .slider || kind == .stepper ? ValueKey.allCases : [.initial]
            var initial: Double?
            for (key, _, iv) in reader.entries(v.value, "value", among: keys) ?? [] {
                guard let n = reader.number(iv, "value \(key.rawValue)", range: -1e9...1e9) else { continue }
                switch key {
                case .min: spec.minimum = n
                case .max: spec.maximum = n
                case .step:
                    if n > 0 { spec.step = n } else { sink.error(iv, "value step must be above 0") }
                case .initial: initial = n
                }
            }
            if spec.maximum < spec.minimum { sink.error(v.value, "value max (\(spec.maximum.compact)) is below min (\(spec.minimum.compact))") }
            if let initial {
                if initial < spec.minimum || initial > spec.maximum {
                    sink.error(v.value, "value initial \(initial.compact) is outside \(spec.minimum.compact)...\(spec.maximum.compact)")
                }
                spec.initial = initial
            } else {
                spec.initial = spec.minimum
            }
        }
    }
}
