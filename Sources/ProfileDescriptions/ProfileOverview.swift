import GestureEngine
import GestureProfiles

/// What the settings window lists: "Everywhere" (every `match: any` profile), then one entry
/// per other profile (an application, a monitor, the programs without touch), each with its
/// gestures and touchpad bindings as rows of words and pictures.
public struct ProfileOverview: Sendable {
    public var entries: [Entry]
    /// `settings.pointer` in words (nil: off).
    public var pointer: String?

    public init(file: ProfileFile) {
        var everywhere = Entry(kind: .everywhere, title: "Everywhere", subtitle: nil, profiles: [], applications: [],
                               iconHints: [], fallbackIcon: "preferences-desktop", rows: [], touchpadRows: [])
        var others: [Entry] = []
        for p in file.profiles {
            if case .any = p.match {
                everywhere.profiles.append(p.name)
                everywhere.rows += Self.rows(of: p)
                everywhere.touchpadRows += p.touchpad.map { Row(binding: $0, profile: p.name) }
                continue
            }
            var e = Entry(match: p.match, profile: p.name)
            e.programTouch = p.touch
            e.rows = Self.rows(of: p)
            e.touchpadRows = p.touchpad.map { Row(binding: $0, profile: p.name) }
            others.append(e)
        }
        entries = [everywhere] + others
        pointer = file.settings.pointer.map(GestureWords.pointer)
    }

    /// A profile's gestures, then each region's gestures and its control (or button), in file order.
    static func rows(of p: Profile) -> [Row] {
        var rows = p.gestures.map { Row(gesture: $0, profile: p.name, region: nil) }
        for r in p.regions {
            rows += r.gestures.map { Row(gesture: $0, profile: p.name, region: r.name) }
            if r.control != nil || r.action != nil { rows.append(Row(region: r, profile: p.name)) }
        }
        return rows
    }

    /// One entry of the list.
    public struct Entry: Sendable {
        public enum Kind: Sendable, Equatable {
            /// `match: any`: on the screen, over every window.
            case everywhere
            /// `match: { monitor }` alone: the screen of one monitor.
            case monitor(String)
            /// `match: { touch }`: over every window whose program does this with touches.
            case programs(ProgramTouch)
            /// Window conditions: an application (or windows by title or type).
            case application
        }

        public var kind: Kind
        /// "Everywhere", "Firefox", "Firefox, Chromium and 7 more", "XTerm", "Programs without touch".
        public var title: String
        /// What more the match says: "Windows whose title matches “Private”", "Dialogs", "On HDMI-1".
        public var subtitle: String?
        /// The profiles the entry shows (several `match: any` profiles make one "Everywhere").
        public var profiles: [String]
        /// The applications' names, one per name the match gives.
        public var applications: [String]
        /// WM_CLASS names as the match writes them (`firefox`, `org.gnome.Epiphany`, `XTerm`),
        /// in order: the GTK program finds an icon from them (a desktop file's
        /// `StartupWMClass`, its id, an icon of that name).
        public var iconHints: [String]
        /// A freedesktop icon name for when no hint finds one.
        public var fallbackIcon: String
        /// What the profile's `touch:` says its windows' program does with touches (nil: as
        /// the server says; ``Conflicts`` is told the rest).
        public var programTouch: ProgramTouch?
        /// Touchscreen gestures (and regions' controls).
        public var rows: [Row]
        /// Touchpad bindings.
        public var touchpadRows: [Row]

        init(kind: Kind, title: String, subtitle: String?, profiles: [String], applications: [String], iconHints: [String],
             fallbackIcon: String, rows: [Row], touchpadRows: [Row]) {
            self.kind = kind
            self.title = title
            self.subtitle = subtitle
            self.profiles = profiles
            self.applications = applications
            self.iconHints = iconHints
            self.fallbackIcon = fallbackIcon
            self.rows = rows
            self.touchpadRows = touchpadRows
        }

        init(match: WindowMatch, profile: String) {
            let title = MatchTitle(match, profile: profile)
            self.init(kind: title.kind, title: title.title, subtitle: title.subtitle, profiles: [profile],
                      applications: title.applications, iconHints: title.iconHints, fallbackIcon: title.fallbackIcon,
                      rows: [], touchpadRows: [])
        }
    }

    /// One row: what the hand does, its picture, and what happens.
    public struct Row: Sendable {
        public enum Kind: Sendable, Equatable { case gesture, touchpad, control }

        /// Where the row comes from in the model (for an editor).
        public enum Source: Sendable {
            case gesture(GestureSpec)
            case touchpad(TouchpadBinding)
            case region(RegionSpec)
        }

        public var kind: Kind
        /// The gesture's (binding's, region's) name in the file.
        public var name: String
        public var profile: String
        /// The region a gesture belongs to (nil: the whole window or screen).
        public var region: String?
        /// "Three fingers slide left".
        public var hand: String
        /// "Next desktop".
        public var action: String
        /// Short sentences more: "Off", "Shows where it goes while the fingers move",
        /// "Waits until “double-tap” cannot be".
        public var notes: [String]
        public var picture: GesturePicture
        public var enabled: Bool
        public var location: SourceLocation
        public var source: Source

        init(gesture g: GestureSpec, profile: String, region: String?) {
            kind = .gesture
            name = g.name
            self.profile = profile
            self.region = region
            hand = GestureWords.hand(g.recognizer) + (region.map { " in \(Words.quoted($0))" } ?? "")
            action = GestureWords.action(g)
            notes = GestureWords.notes(g)
            picture = GesturePicture(g.recognizer)
            enabled = g.enabled
            location = g.location
            source = .gesture(g)
        }

        init(binding b: TouchpadBinding, profile: String) {
            kind = .touchpad
            name = b.name
            self.profile = profile
            region = nil
            hand = GestureWords.hand(b)
            action = GestureWords.action(b)
            notes = GestureWords.notes(b)
            picture = GesturePicture(b)
            enabled = true
            location = b.location
            source = .touchpad(b)
        }

        init(region r: RegionSpec, profile: String) {
            kind = .control
            name = r.name
            self.profile = profile
            region = r.name
            hand = GestureWords.hand(region: r)
            action = GestureWords.action(region: r)
            notes = []
            picture = GesturePicture(region: r)
            enabled = true
            location = r.location
            source = .region(r)
        }
    }
}

/// An entry's title, names and icon hints from its `match:`.
struct MatchTitle {
    var kind: ProfileOverview.Entry.Kind = .application
    var title = ""
    var subtitle: String?
    var applications: [String] = []
    var iconHints: [String] = []
    var fallbackIcon = "application-x-executable"

    init(_ match: WindowMatch, profile: String) {
        switch match {
        case .any:
            kind = .everywhere
            title = "Everywhere"
            fallbackIcon = "preferences-desktop"
        case .monitor(let m):
            kind = .monitor(m.pattern)
            title = "On \(Self.plain(m))"
            fallbackIcon = "video-display"
        case .programs(let touch):
            kind = .programs(touch)
            switch touch {
            case .mouse: title = "Programs without touch"
            case .own: title = "Programs that handle touch"
            }
            fallbackIcon = "input-mouse"
        case .window(let cls, let instance, let title, let type, let monitor):
            let names = (cls ?? instance).map(ApplicationNames.init)
            applications = names?.names ?? []
            iconHints = names?.hints ?? []
            var notes: [String] = []
            if let names, names.names.isEmpty { notes.append("Windows whose class matches \(names.pattern)") }
            if cls != nil, let i = instance { notes.append("Instance \(Self.plain(i))") }
            if let title { notes.append("Windows titled \(Self.plain(title))") }
            if let type { notes.append(type.lowercased() == "normal" ? "Normal windows" : "\(type.capitalizedFirst) windows") }
            if let monitor { notes.append("On \(Self.plain(monitor))") }
            if !applications.isEmpty {
                self.title = applications.count <= 3 ? Words.list(applications, conjunction: "and")
                    : applications.prefix(2).joined(separator: ", ") + " and \(applications.count - 2) more"
                subtitle = notes.isEmpty ? nil : notes.joined(separator: ", ")
            } else if let first = notes.first {
                self.title = first
                subtitle = notes.count > 1 ? notes.dropFirst().joined(separator: ", ") : nil
            } else {
                self.title = profile
            }
        }
    }

    /// An exact name as written, a pattern between slashes, as people read them.
    static func plain(_ m: StringMatcher) -> String {
        m.description == m.pattern ? m.pattern : Words.quoted(m.pattern)
    }
}

/// The applications a class (or instance) condition names: `firefox` → Firefox; a pattern of
/// alternatives (`/(?i)^(firefox.*|chromium.*|google-chrome.*)$/`) → each of them; a pattern
/// too clever to read → none (the entry says what it matches instead).
struct ApplicationNames {
    var names: [String] = []
    /// The WM_CLASS names as written, for icons.
    var hints: [String] = []
    /// The condition as the file writes it.
    var pattern: String

    /// Names people write differently from a capitalized class.
    static let spellings: [String: String] = [
        "xterm": "XTerm", "uxterm": "UXTerm", "libreoffice": "LibreOffice", "librewolf": "LibreWolf", "vlc": "VLC",
        "gimp": "GIMP", "vscodium": "VSCodium", "code": "Visual Studio Code", "mpv": "mpv", "obs": "OBS Studio",
        "chromium-browser": "Chromium", "google-chrome": "Google Chrome", "brave-browser": "Brave",
    ]

    init(_ m: StringMatcher) {
        pattern = m.description
        let alternatives: [String]
        if m.description == m.pattern {
            alternatives = [m.pattern]
        } else {
            guard let list = Self.alternatives(m.pattern) else { return }
            alternatives = list
        }
        for a in alternatives where !hints.contains(a) {
            hints.append(a)
            let name = Self.displayName(a)
            if !names.contains(name) { names.append(name) }
        }
    }

    /// `firefox` → Firefox, `google-chrome` → Google Chrome, `org.gnome.Epiphany` → Epiphany.
    static func displayName(_ cls: String) -> String {
        if let s = spellings[cls.lowercased()] { return s }
        var base = cls
        // A reverse-DNS id names the application last.
        let dotted = cls.split(separator: ".")
        if dotted.count >= 3 { base = String(dotted.last!) }
        if let s = spellings[base.lowercased()] { return s }
        return base.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).map { String($0).capitalizedFirst }.joined(separator: " ")
    }

    /// The plain names of a pattern that only lists alternatives: `(?i)`, anchors, group
    /// parentheses, `.*` tails and optional letters (`U?XTerm`) are read through; anything
    /// else makes it unreadable (nil).
    static func alternatives(_ pattern: String) -> [String]? {
        var p = Substring(pattern)
        if p.hasPrefix("(?i)") { p = p.dropFirst(4) }
        if p.hasPrefix("^") { p = p.dropFirst() }
        if p.hasSuffix("$") { p = p.dropLast() }
        if p.hasPrefix("("), p.hasSuffix(")") { p = p.dropFirst().dropLast() }
        var out: [String] = []
        for alt in p.split(separator: "|", omittingEmptySubsequences: false) {
            var a = Substring(alt)
            if a.hasPrefix("^") { a = a.dropFirst() }
            if a.hasSuffix("$") { a = a.dropLast() }
            while a.hasSuffix(".*") || a.hasSuffix(".+") { a = a.dropLast(2) }
            while a.hasPrefix(".*") { a = a.dropFirst(2) }
            var name = ""
            var chars = Array(a)
            var i = 0
            while i < chars.count {
                let c = chars[i]
                if i + 1 < chars.count, chars[i + 1] == "?" { i += 2; continue }  // an optional letter
                if c == "\\", i + 1 < chars.count, chars[i + 1] == "." { name.append("."); i += 2; continue }
                if c.isLetter || c.isNumber || c == "-" || c == "_" || c == "." || c == " " { name.append(c); i += 1; continue }
                return nil
            }
            chars = []
            if name.isEmpty { return nil }
            out.append(name)
        }
        return out.isEmpty ? nil : out
    }
}
