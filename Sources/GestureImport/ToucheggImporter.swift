#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Imports a Touchégg `touchegg.conf`: `<settings>`, then `<application name="All">` (the
/// `match: any` profile) and `<application name="A,B">` sections (a profile matching those
/// WM_CLASS classes).
///
/// Touchégg applies every gesture to touchpads and touchscreens alike, so each becomes a
/// touchpad binding where a touchpad has it (swipes of 3–5 fingers, pinches of 2–5) and a
/// touchscreen gesture where a touchscreen has it (swipes and pinches of 2 or more fingers,
/// taps of 2 or more; a swipe that repeats its action is a pan bound to its direction). A
/// later gesture of the same type, fingers and direction replaces an earlier one, as in
/// Touchégg.
struct ToucheggImporter {
    /// One `<gesture>` with its first `<action>`.
    struct Gesture {
        var line: Int
        var type: String
        var fingers: Int?
        var fingersText: String
        var direction: String
        var action: Action?

        var key: String { "\(type == "DRAG" ? "SWIPE" : type) \(fingersText) \(direction)" }

        /// `CLOSE_WINDOW on a 3-finger pinch in`, for notes.
        var summary: String {
            let what = action?.type ?? "a gesture without action"
            let kind = (type == "DRAG" ? "swipe" : type.lowercased())
            let dir = direction.isEmpty ? "" : " " + direction.lowercased()
            return "\(what) on a \(fingersText)-finger \(kind)\(dir)"
        }
    }

    struct Action {
        var line: Int
        var type: String
        var settings: [String: (value: String, line: Int)]
        /// Touchégg 1: the settings as the text inside `<action>`.
        var legacyText: String?

        func value(_ name: String) -> String? { settings[name]?.value }
    }

    /// The gestures of one set of applications (empty: All).
    struct Section {
        var applications: [String]
        var line: Int
        var gestures: [Gesture] = []
    }

    /// px of the driver's swipe motion taken for Touchégg's 100% of a touchpad swipe: about
    /// the 45% of a laptop touchpad's width (5% to start, 40% to finish, in
    /// libinput-device-handler.cpp) that Touchégg counts, as X's accelerated deltas measure
    /// it at a moderate speed. The same figure as a touchpad preview's whole,
    /// `preview.touchpadDistance`, so that an imported `action_execute_threshold` commits a
    /// touchpad swipe where Touchégg did.
    static let swipeTravel = 500.0

    /// The screen a touchscreen swipe's step is measured on: the import cannot know the
    /// touchscreen's, and 1920 × 1080 is the commonest.
    static let assumedScreen = (width: 1920.0, height: 1080.0)

    /// px of a touchscreen swipe `direction` (up, down, left, right) that Touchégg counts as
    /// 100%, on ``assumedScreen``. libinput-device-handler.cpp's touchscreen thresholds: the
    /// swipe starts past 2% of the screen's shorter side, and its percentage
    /// (libinput-handler.cpp, calculateSwipeAnimationPercentage) is the travel past a further
    /// 2% of the shorter side over that 2% plus 16% of the side along the swipe (its height
    /// up or down, its width left or right): 194.4 px up or down, 328.8 px left or right.
    static func touchscreenSwipeTravel(_ direction: String) -> Double {
        let shorter = min(assumedScreen.width, assumedScreen.height)
        let along = direction == "up" || direction == "down" ? assumedScreen.height : assumedScreen.width
        return 0.02 * shorter + 0.16 * along
    }

    var result = ImportResult(format: .touchegg)
    /// A Touchégg 1 file: actions with text settings, or Touchégg 1's only setting.
    var legacy = false
    var animationLines: [Int] = []
    /// `<animate>true</animate>` lines imported as `preview: true`.
    var previewedLines: Set<Int> = []
    /// Whether a touchpad pinch was imported with a preview (its progress differs from Touchégg's).
    var previewedTouchpadPinch = false
    /// `action_execute_threshold` (percent) and its line.
    var executeThreshold: (percent: Double, line: Int)?
    var caveats: [String] = []

    static func run(_ document: XMLDocument) throws(ImportFailure) -> ImportResult {
        var result = try run(document.root)
        if let line = document.textBefore {
            result.notes.insert(ImportNote("the text before <\(document.root.name)>", because: "it is not XML; Touchégg 2 (pugixml) passes over it too, Touchégg 1 (Qt) refuses the file", lines: [line]), at: 0)
        }
        if let line = document.contentAfter {
            result.notes.append(ImportNote("what follows </\(document.root.name)>", because: "Touchégg reads only the first element of the file", lines: [line]))
        }
        return result
    }

    static func run(_ root: XMLElement) throws(ImportFailure) -> ImportResult {
        guard ["touchégg", "touchegg"].contains(root.name.lowercased()) else {
            throw ImportFailure(line: root.line, message: "the root element is <\(root.name)>, not <touchégg>: not a Touchégg configuration")
        }
        var importer = ToucheggImporter()
        importer.legacy = isTouchegg1(root)
        var sections: [Section] = []
        var sectionIndex: [[String]: Int] = [:]
        var gestureCount = 0
        for child in root.elements {
            switch child.name {
            case "settings": importer.readSettings(child)
            case "application":
                gestureCount += child.elements.count
                guard gestureCount <= ImportLimits.entries else {
                    throw ImportFailure(line: child.line, message: "more than \(ImportLimits.entries) gestures")
                }
                importer.readApplication(child, into: &sections, index: &sectionIndex)
            default: importer.result.notes.append(ImportNote("<\(child.name)>", because: "Touchégg does not read it", lines: [child.line]))
            }
        }
        for section in sections { importer.importSection(section) }
        importer.applicationsFirst()
        importer.finish()
        return importer.result
    }

    /// Touchégg 1 wrote an action's settings as its text (BUTTON=3, Control+L, NEXT), and
    /// had the setting composed_gestures_time; Touchégg 2 reads settings from elements
    /// (<button>), has SWIPE gestures and settings of its own. A file with something of
    /// Touchégg 2 is read as Touchégg 2 reads it.
    static func isTouchegg1(_ root: XMLElement) -> Bool {
        var textSettings = false
        let touchegg2Settings: Set<String> = ["animation_delay", "action_execute_threshold", "color", "borderColor"]
        for section in root.elements {
            for item in section.elements {
                if section.name == "settings", let name = item.attribute("name")?.value {
                    if name == "composed_gestures_time" { textSettings = true }
                    if touchegg2Settings.contains(name) { return false }
                }
                guard section.name == "application", item.name == "gesture" else { continue }
                if item.attribute("type")?.value == "SWIPE" { return false }
                for action in item.elements where action.name == "action" {
                    if !action.elements.isEmpty { return false }
                    if !action.text.isEmpty { textSettings = true }
                }
            }
        }
        return textSettings
    }

    private mutating func readSettings(_ settings: XMLElement) {
        for property in settings.elements {
            guard property.name == "property", let name = property.attribute("name")?.value else {
                result.notes.append(ImportNote("<\(property.name)> in <settings>", because: "Touchégg reads only <property name=\"…\">", lines: [property.line]))
                continue
            }
            switch name {
            case "composed_gestures_time":
                // Touchégg 1's wait for a second tap or a hold (Config.cpp).
                result.notes.append(ImportNote("setting composed_gestures_time", because: "Tactus waits for a second tap by the tap gesture's own maxInterval", lines: [property.line]))
            case "animation_delay", "color", "borderColor":
                animationLines.append(property.line)
            case "action_execute_threshold":
                if let percent = Double(property.text.trimmed), percent.isFinite {
                    executeThreshold = (percent, property.line)
                } else {
                    result.notes.append(ImportNote("setting action_execute_threshold", because: "'\(property.text.trimmed)' is not a number", lines: [property.line]))
                }
            default:
                result.notes.append(ImportNote("setting \(name)", because: "Touchégg does not know it", lines: [property.line]))
            }
        }
    }

    private mutating func readApplication(_ element: XMLElement, into sections: inout [Section], index: inout [[String]: Int]) {
        guard let names = element.attribute("name")?.value else {
            result.notes.append(ImportNote("an <application> without a name", because: "Touchégg never uses it", lines: [element.line]))
            return
        }
        let applications = names.split(separator: ",").map(\.trimmed).filter { !$0.isEmpty }
        var gestures: [Gesture] = []
        for g in element.elements {
            guard g.name == "gesture" else {
                result.notes.append(ImportNote("<\(g.name)> in <application>", because: "Touchégg reads only <gesture> there", lines: [g.line]))
                continue
            }
            gestures.append(readGesture(g))
        }
        // "All" may share a section with named applications: the gestures go to both.
        let named = applications.filter { $0 != "All" }
        var targets: [[String]] = []
        if applications.contains("All") { targets.append([]) }
        if !named.isEmpty { targets.append(named) }
        if targets.isEmpty {
            result.notes.append(ImportNote("an <application> without a name", because: "Touchégg never uses it", lines: [element.line]))
        }
        for apps in targets {
            if let i = index[apps] {
                sections[i].gestures += gestures
            } else {
                index[apps] = sections.count
                sections.append(Section(applications: apps, line: element.line, gestures: gestures))
            }
        }
    }

    private mutating func readGesture(_ element: XMLElement) -> Gesture {
        let fingersText = element.attribute("fingers")?.value ?? ""
        let fingers = Int(fingersText).flatMap { String($0) == fingersText ? $0 : nil }
        var gesture = Gesture(line: element.line, type: element.attribute("type")?.value ?? "", fingers: fingers,
                              fingersText: fingersText, direction: element.attribute("direction")?.value ?? "", action: nil)
        // Touchégg 2 reads the first <action> (gestureNode.child("action")); Touchégg 1 the
        // type of the last element of the gesture (Config.cpp's loop keeps the last).
        let actions = legacy ? element.elements.reversed() : element.elements.filter { $0.name == "action" }
        if let a = actions.first {
            var settings: [String: (value: String, line: Int)] = [:]
            for s in a.elements { settings[s.name] = (s.text, s.line) }
            gesture.action = Action(line: a.line, type: a.attribute("type")?.value ?? "", settings: settings)
            if legacy {
                gesture.action?.legacyText = a.text
            } else if !a.text.isEmpty {
                result.notes.append(ImportNote("the text '\(a.text)' inside <action>", because: "Touchégg 2 reads an action's settings from elements such as <button>, not from text (Touchégg 1 syntax)", lines: [a.line]))
            }
        }
        for extra in actions.dropFirst() {
            result.notes.append(legacy ? ImportNote("an <\(extra.name)> before the last", because: "Touchégg 1 runs only the last action of a gesture", lines: [extra.line])
                : ImportNote("a second <action>", because: "Touchégg runs only the first action of a gesture", lines: [extra.line]))
        }
        return gesture
    }

    private mutating func importSection(_ section: Section) {
        var profile = ImportedProfile(name: section.applications.isEmpty ? "all" : profileName(section.applications), applications: section.applications)
        // A later gesture with the same type, fingers and direction replaces the earlier one.
        var latest: [String: Int] = [:]
        for (i, g) in section.gestures.enumerated() { latest[g.key] = i }
        var kept: [Gesture] = []
        for (i, g) in section.gestures.enumerated() {
            if latest[g.key] != i {
                let later = section.gestures[latest[g.key]!]
                profile.notes.append(ImportNote(g.summary, because: "the same gesture at line \(later.line) replaces it, as in Touchégg", lines: [g.line]))
            } else {
                kept.append(g)
            }
        }
        var pinches: [Int: [(Gesture, Mapped)]] = [:]
        for g in kept {
            guard let shape = shape(of: g, notes: &profile.notes), let action = g.action else { continue }
            checkSettings(action)
            if case .refused(let why) = map(action, gesture: g, touchpad: false) {
                profile.notes.append(ImportNote(g.summary, because: why, lines: [g.line], bindings: 1))
                continue
            }
            if case .scroll = map(action, gesture: g, touchpad: false), g.fingers == 2 {
                profile.notes.append(ImportNote("the touchpad part of \(g.summary)", because: "the touchpad driver (libinput) scrolls with two fingers itself", lines: [g.line]))
            }
            if let trigger = shape.touchscreen { importTouchscreen(g, trigger: trigger, into: &profile) }
            switch shape.touchpad {
            case .touchpadSwipe?: importTouchpadSwipe(g, trigger: shape.touchpad!, into: &profile)
            case .touchpadPinch(_, let d?)? where d == "clockwise" || d == "counterclockwise":
                if case .once(let a, let remark) = map(action, gesture: g, touchpad: true) {
                    profile.touchpad.append(ImportedBinding(shape.touchpad!, action: a, lines: [g.line], remark: remark))
                }
                profile.notes.append(ImportNote("the touchscreen part of \(g.summary)", because: "a Tactus touchscreen rotation takes both ways", lines: [g.line]))
            case .touchpadPinch(let f, _)?: pinches[f, default: []].append((g, map(action, gesture: g, touchpad: true)))
            default: break
            }
        }
        for fingers in pinches.keys.sorted() { importTouchpadPinches(pinches[fingers]!, fingers: fingers, into: &profile) }
        profile.touchpad.sort { ($0.lines[0], fingerCount($0.trigger)) < ($1.lines[0], fingerCount($1.trigger)) }
        result.profiles.append(profile)
    }

    /// The touchpad and touchscreen triggers a gesture has, or nil (and a note).
    private func shape(of g: Gesture, notes: inout [ImportNote]) -> (touchpad: ImportedTrigger?, touchscreen: ImportedTrigger?)? {
        func refuse(_ why: String) -> (ImportedTrigger?, ImportedTrigger?)? {
            notes.append(ImportNote(g.summary, because: why, lines: [g.line], bindings: 1))
            return nil
        }
        guard g.action != nil else { return refuse("it has no <action>") }
        guard let f = g.fingers else { return refuse("fingers=\"\(g.fingersText)\" is not a number of fingers") }
        switch g.type {
        case "DRAG" where g.direction == "ALL" && g.action?.legacyText != nil:
            // Touchégg 1: a drag any way, for SCROLL (and MOVE_WINDOW, DRAG_AND_DROP).
            guard (1...10).contains(f) else { return refuse("Touchégg 1 recognizes drags of 1 to 5 fingers") }
            return (nil, .pan(touches: f, direction: nil))
        case "SWIPE", "DRAG":
            guard ["UP", "DOWN", "LEFT", "RIGHT"].contains(g.direction) else { return refuse("a swipe needs direction UP, DOWN, LEFT or RIGHT") }
            guard (2...10).contains(f) else { return refuse("Touchégg recognizes swipes of 2 to 10 fingers (3 or more on a touchpad)") }
            let d = g.direction.lowercased()
            return ((3...5).contains(f) ? .touchpadSwipe(fingers: f, direction: d) : nil, .swipe(touches: f, direction: d))
        case "PINCH":
            guard ["IN", "OUT"].contains(g.direction) else {
                return refuse(g.direction == "ALL" ? "a pinch either way is Touchégg 1's RESIZE_WINDOW, which no Tactus action does" : "a pinch needs direction IN or OUT")
            }
            guard (2...10).contains(f) else { return refuse("Touchégg recognizes pinches of 2 or more fingers") }
            return ((2...5).contains(f) ? .touchpadPinch(fingers: f, direction: nil) : nil, .pinch(touches: f, direction: g.direction.lowercased()))
        case "TAP" where g.action?.legacyText != nil:
            // Touchégg 1 (GestureFactory.cpp) takes taps of 1 to 5 fingers.
            guard (1...10).contains(f) else { return refuse("Touchégg 1 recognizes taps of 1 to 5 fingers") }
            return (nil, .tap(touches: f))
        case "TAP":
            guard (2...10).contains(f) else { return refuse("Touchégg recognizes taps of 2 or more fingers on a touchscreen") }
            return (nil, .tap(touches: f))
        case "DOUBLE_TAP" where legacy:
            guard (1...10).contains(f) else { return refuse("Touchégg 1 recognizes double taps of 1 to 5 fingers") }
            return (nil, .doubleTap(touches: f))
        case "ROTATE" where legacy:
            // GestureFactory.cpp: LEFT for a negative angle delta, RIGHT for a positive one
            // (clockwise on the screen, y down). Tactus tells a touchpad's turn that way; its
            // touchscreen rotation gesture takes both ways.
            guard ["LEFT", "RIGHT"].contains(g.direction) else { return refuse("a rotation needs direction LEFT or RIGHT") }
            guard (2...5).contains(f) else { return refuse("the touchpad driver reports pinches (and their turns) of 2 to 5 fingers") }
            return (.touchpadPinch(fingers: f, direction: g.direction == "RIGHT" ? "clockwise" : "counterclockwise"), nil)
        case "TAP_AND_HOLD" where legacy:
            return refuse("a tap and then a drag of the same fingers is no Tactus gesture (Touchégg 1's TAP_AND_HOLD)")
        default:
            return refuse("Touchégg does not know the gesture type '\(g.type)'")
        }
    }

    /// Touchégg runs an application's own gesture over its windows instead of All's of the same
    /// type, fingers and direction (gesture-controller.cpp, getActionForGesture). A swipe is
    /// recognized at 50 px, a pan already at 10: All's pan (a repeated swipe) waits for the
    /// application's swipe to fail where that swipe applies. (An application's pan begins with
    /// All's swipe or pan on the same frame or sooner, and its window's gestures come first.)
    private mutating func applicationsFirst() {
        for (p, profile) in result.profiles.enumerated() where profile.applications.isEmpty {
            for (i, b) in profile.gestures.enumerated() {
                guard case .pan(let touches, let direction?) = b.trigger else { continue }
                for (q, other) in result.profiles.enumerated() where !other.applications.isEmpty {
                    for (j, o) in other.gestures.enumerated() where o.trigger == .swipe(touches: touches, direction: direction) {
                        result.profiles[p].gestures[i].requireToFail.append(ImportedGestureReference(profile: q, gesture: j))
                    }
                }
            }
        }
    }

    private mutating func finish() {
        // A section for "All,Firefox" is imported twice: say each thing once.
        var seen: Set<ImportNote> = []
        result.notes = result.notes.filter { seen.insert($0).inserted }
        let unpreviewed = Set(animationLines).subtracting(previewedLines)
        if !unpreviewed.isEmpty {
            let reason = previewedLines.isEmpty ? "Tactus previews only swipes and pinches of window and desktop actions whose <animate> is not false, in its own colour and at once"
                : "Tactus draws its previews (imported as preview: true where <animate> is not false on a swipe or pinch of a window or desktop action) in its own colour and at once"
            result.notes.append(ImportNote("animations (animate, color, borderColor, animationPosition, animation_delay)", because: reason, lines: unpreviewed.sorted()))
        }
        if let threshold = executeThreshold {
            if previewedLines.isEmpty {
                result.notes.append(ImportNote("setting action_execute_threshold", because: "no gesture was imported with a preview, and Tactus fires the others when their recognizer decides", lines: [threshold.line]))
            } else {
                // Touchégg clamps it to 0-100 %; a Tactus commit point is 5-100 % of the preview.
                let commit = min(1, max(0.05, threshold.percent / 100))
                result.previewCommit = commit
                if previewedTouchpadPinch {
                    // libinput-handler.cpp: a pinch's percentage is linear in the scale (closing:
                    // whole at 0, opening: at 2); a Tactus preview counts in ratios (whole at a
                    // half or double), so the two commit at different scales.
                    func scale(_ x: Double) -> String { decimal((x * 100).rounded() / 100) }
                    caveat("A previewed touchpad pinch commits at scale \(scale(exp2(-commit))) closing and \(scale(exp2(commit))) opening, where Touchégg commits at \(scale(1 - commit)) and \(scale(1 + commit)): Touchégg counts a pinch linearly (whole at 0 and at 2), Tactus in ratios (whole at a half and at double).")
                }
            }
        }
        let touchpad = result.profiles.contains { !$0.touchpad.isEmpty }
        let touchscreen = result.profiles.contains { !$0.gestures.isEmpty }
        if touchpad && touchscreen {
            result.header.append("Touchégg applies a gesture to touchpads and touchscreens alike: each is imported as a touchpad binding (touchpad:) and a touchscreen gesture (gestures:) where the device has it. Delete the kind you do not use.")
        }
        if legacy {
            result.header.insert("A Touchégg 1 file: each action's text (BUTTON=3, Control+L, NEXT, SPEED=7:INVERTED=false) is read as Touchégg 1.1.1 reads it.", at: 0)
        }
        result.header += caveats
    }

    mutating func caveat(_ text: String) {
        if !caveats.contains(text) { caveats.append(text) }
    }
}

/// A profile name from application names: `google-chrome+firefox`.
func profileName(_ applications: [String]) -> String {
    let slug = applications.map { name in
        String(name.lowercased().unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" ? Character($0) : "-" })
    }.joined(separator: "+")
    return slug.isEmpty ? "application" : slug
}
