/// The tools whose configuration files `tactus import` reads.
public enum SourceFormat: String, Sendable, CaseIterable {
    case touchegg = "Touchégg"
    case libinputGestures = "libinput-gestures"
    case fusuma = "fusuma"
}

/// What the person importing says about the file that the file itself may not tell.
public struct ImportOptions: Sendable, Equatable {
    /// The fusuma release the configuration is used with (`--fusuma-version`): fusuma 3.0
    /// swapped what a pinch `in` and `out` mean. Nil: told from the file, or assumed and said.
    public var fusumaVersion: FusumaVersion?

    public init(fusumaVersion: FusumaVersion? = nil) {
        self.fusumaVersion = fusumaVersion
    }
}

/// A fusuma release, as far as the import cares: before or since 3.0.
public struct FusumaVersion: Sendable, Equatable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// `2`, `2.5`, `v3.1.0`; nil for anything else.
    public init?(parsing text: String) {
        var t = Substring(text.trimmed)
        if t.first == "v" || t.first == "V" { t = t.dropFirst() }
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let major = Int(parts[0]), major < 100 else { return nil }
        self.init(major: major, minor: parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
    }

    /// fusuma 3.0 (2023, commit aa46ae1 "Reverse pinch in/out") made `in` the fingers
    /// closing; before it, `in` was the fingers spreading.
    public var pinchInCloses: Bool { major >= 3 }

    public var description: String { "\(major).\(minor)" }
}

/// A file that cannot be imported: `FILE:LINE: message`.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}

/// An error found inside a file, before the importer knows the file's name.
struct ImportFailure: Error, Equatable {
    var line: Int
    var message: String
}

/// A Tactus action as the importer writes it (config.md, Actions). Key combinations keep
/// the spelling of the source (`super+Up`), so the profile reads like the file it came from.
public indirect enum ImportedAction: Sendable, Equatable, CustomStringConvertible {
    case keys(String)
    case click(Int)
    /// A `window:` operation: close, minimize, maximize, unmaximize, toggle-maximize, …
    case window(String)
    /// A `desktop:` operation: next, previous, show, or a number.
    case desktop(String)
    /// Spawned without a shell.
    case command([String])
    /// Run by `/bin/sh -c`: only for text that was a shell line in its own tool.
    case shell(String)
    case sequence([ImportedAction])

    public var description: String {
        switch self {
        case .keys(let k): return "keys \(k)"
        case .click(let b): return "click \(b)"
        case .window(let op): return "window \(op)"
        case .desktop(let op): return "desktop \(op)"
        case .command(let argv): return "command " + argv.joined(separator: " ")
        case .shell(let s): return "shell \(s)"
        case .sequence(let list): return list.map(\.description).joined(separator: "; ")
        }
    }
}

/// What starts a binding: an XI 2.4 touchpad gesture, or a touchscreen gesture.
public enum ImportedTrigger: Sendable, Equatable, Hashable {
    /// `direction` nil: any direction.
    case touchpadSwipe(fingers: Int, direction: String?)
    /// `direction`: in or out; nil for a binding that takes both.
    case touchpadPinch(fingers: Int, direction: String?)
    case swipe(touches: Int, direction: String)
    /// `direction`: in or out.
    case pinch(touches: Int, direction: String)
    case tap(touches: Int)
    /// A double tap (`taps: 2`).
    case doubleTap(touches: Int)
    /// A movement of exactly that many touches: any way (`direction` nil, for scrolling), or
    /// one that begins going `direction` (up, down, left, right), for a repeat along it.
    case pan(touches: Int, direction: String?)

    public var isTouchpad: Bool {
        switch self {
        case .touchpadSwipe, .touchpadPinch: return true
        default: return false
        }
    }
}

/// `repeat: { every, action, reverse }`: `action` fires as the progress (scale for a pinch)
/// grows by `every`, `reverse` as it shrinks.
public struct ImportedRepeat: Sendable, Equatable {
    public var every: Double
    public var action: ImportedAction?
    public var reverse: ImportedAction?

    public init(every: Double, action: ImportedAction?, reverse: ImportedAction?) {
        self.every = every
        self.action = action
        self.reverse = reverse
    }
}

/// `scroll: { every, natural }`: a continuous gesture's movement as wheel steps.
public struct ImportedScroll: Sendable, Equatable {
    /// Pixels of movement per wheel step.
    public var every: Double
    /// Whether the content follows the fingers (a drag up shows what is further down).
    public var natural: Bool

    public init(every: Double, natural: Bool) {
        self.every = every
        self.natural = natural
    }
}

/// One imported gesture or touchpad binding.
public struct ImportedBinding: Sendable, Equatable {
    public var trigger: ImportedTrigger
    public var action: ImportedAction?
    public var repeating: ImportedRepeat?
    public var scroll: ImportedScroll?
    /// `on: { began: … }`.
    public var onBegan: ImportedAction?
    /// `on: { ended: … }`.
    public var onEnded: ImportedAction?
    /// `modifiers:`: keys that must be held as it begins.
    public var modifiers: [String] = []
    /// `hold: { keys }`: keys the binding holds down from its gesture's begin to its end
    /// (Touchégg's `<modifiers>` of a repeated SEND_KEYS; fusuma's `xdotool keydown`/`keyup`).
    public var hold: String?
    /// The lines of the source file it came from.
    public var lines: [Int]
    /// An assumption the import made, said next to the binding.
    public var remark: String?
    /// `preview: true` (a touchscreen swipe or pinch whose Touchégg action animates).
    public var preview: Bool
    /// `requireToFail:`: touchscreen gestures of other profiles that come first where they
    /// apply (an application's own gesture over one of every application's).
    public var requireToFail: [ImportedGestureReference] = []

    public init(_ trigger: ImportedTrigger, action: ImportedAction? = nil, repeating: ImportedRepeat? = nil, scroll: ImportedScroll? = nil, onBegan: ImportedAction? = nil, lines: [Int], remark: String? = nil,
                preview: Bool = false) {
        self.trigger = trigger
        self.action = action
        self.repeating = repeating
        self.scroll = scroll
        self.onBegan = onBegan
        self.lines = lines
        self.remark = remark
        self.preview = preview
    }
}

/// A touchscreen gesture of an import: the index of its profile, and its index among that
/// profile's `gestures`.
public struct ImportedGestureReference: Sendable, Equatable, Hashable {
    public var profile: Int
    public var gesture: Int

    public init(profile: Int, gesture: Int) {
        self.profile = profile
        self.gesture = gesture
    }
}

/// Something the source file says that the profile cannot: written as
/// `# not imported: SUBJECT (FILE:LINE) because REASON`.
public struct ImportNote: Sendable, Hashable {
    public var subject: String
    public var reason: String
    public var lines: [Int]
    /// How many of the source's bindings (gestures with an action) it leaves out whole: 0 for
    /// a setting, a part of a binding, or what the source tool itself ignores.
    public var bindings: Int

    public init(_ subject: String, because reason: String, lines: [Int], bindings: Int = 0) {
        self.subject = subject
        self.reason = reason
        self.lines = lines
        self.bindings = bindings
    }
}

/// One imported profile: `match: any` when `applications` is empty, else the windows whose
/// WM_CLASS class is one of them.
public struct ImportedProfile: Sendable, Equatable {
    public var name: String
    public var applications: [String]
    public var touchpad: [ImportedBinding] = []
    public var gestures: [ImportedBinding] = []
    public var notes: [ImportNote] = []

    public init(name: String, applications: [String]) {
        self.name = name
        self.applications = applications
    }
}

/// A whole imported file, ready to be written as a profile file.
public struct ImportResult: Sendable, Equatable {
    public var format: SourceFormat
    /// Comment lines for the top of the profile file: what the import assumed.
    public var header: [String] = []
    /// `settings.target: focused`, with the reason, when the source acted on the focused window.
    public var focusedTargetReason: String?
    /// `settings.preview.commit` (Touchégg's `action_execute_threshold`, when previews were imported).
    public var previewCommit: Double?
    /// Notes about the file as a whole (settings, devices).
    public var notes: [ImportNote] = []
    public var profiles: [ImportedProfile] = []

    public init(format: SourceFormat) {
        self.format = format
    }

    public var bindingCount: Int { profiles.reduce(0) { $0 + $1.touchpad.count + $1.gestures.count } }
    public var noteCount: Int { notes.count + profiles.reduce(0) { $0 + $1.notes.count } }
    /// Every note, the file's and the profiles'.
    public var allNotes: [ImportNote] { notes + profiles.flatMap(\.notes) }
    /// The source's bindings the profile carries: the source lines its bindings come from
    /// (a gesture imported as a touchpad binding and a touchscreen gesture counts once).
    public var importedSourceBindings: Int { Set(profiles.flatMap { ($0.touchpad + $0.gestures).flatMap(\.lines) }).count }
    /// The source's bindings left out whole.
    public var leftOutSourceBindings: Int { allNotes.reduce(0) { $0 + $1.bindings } }
}
