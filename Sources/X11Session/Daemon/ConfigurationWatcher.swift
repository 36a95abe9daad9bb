import SystemCalls

/// Notices when the profile file is written, replaced, created or deleted, and says when the
/// writing is over.
///
/// inotify watches folders, not the file (editors replace a file by renaming another over
/// it, which a watch on the file would miss): the file's folder, or — while it does not
/// exist — its nearest existing ancestor, moving down as the folders appear and back up when
/// one is deleted or moved away. When the file is a symbolic link, the folder of its target
/// is watched too (each link of a chain). A change is reported once the file has been quiet
/// for ``settle`` ms and nobody is still writing it (a write not yet closed waits, up to
/// ``openWriteGrace`` ms of silence), so a half-written file is not applied.
final class ConfigurationWatcher {
    /// Quiet time after the last event before a change counts.
    static let settle: UInt64 = 150
    /// How long a file left open after a write may stay silent before it counts anyway.
    static let openWriteGrace: UInt64 = 5_000

    let path: String
    private let inotify: Inotify
    /// Each watch: its folder, and the names in it that lead to the file.
    private var watches: [Int32: (folder: String, names: Set<String>)] = [:]
    /// Files written to and not yet closed (folder/name).
    private var writing: Set<String> = []
    private var lastChange: UInt64?
    /// What is watched, in words (for the log).
    private(set) var watching = ""
    /// Where it says what it watches, each time that changes (the daemon's info log).
    var log: (String) -> Void = { _ in }
    /// Monotonic milliseconds (injected so tests can drive it).
    var milliseconds: () -> UInt64 = { UInt64(MonotonicClock.nanoseconds() / 1_000_000) }

    /// Watches for `path` (which need not exist, nor its folder).
    init(path: String) throws(SystemError) {
        self.path = path
        inotify = try Inotify()
        arm()
    }

    /// What to poll: readable when something in a watched folder changed.
    var descriptor: FileDescriptor { inotify.fd }

    /// When the loop must wake to report a change that has settled (monotonic ms).
    var deadline: UInt64? {
        lastChange.map { $0 + (writing.isEmpty ? Self.settle : Self.openWriteGrace) }
    }

    /// Reads what inotify reports (never blocks); watches move when folders or links change.
    func readEvents() {
        var restructured = false, touched = false
        for event in inotify.events() {
            if event.change.contains(.overflow) {
                restructured = true
                touched = true
                continue
            }
            guard let watch = watches[event.watch] else { continue }
            if event.change.contains(.ignored) { watches[event.watch] = nil }
            if event.name.isEmpty {
                // The folder itself went away (deleted, moved): watch from higher up.
                if !event.change.isDisjoint(with: [.folderDeleted, .folderMoved, .ignored]) {
                    restructured = true
                    touched = true
                }
                continue
            }
            guard watch.names.contains(event.name) else { continue }
            touched = true
            let file = watch.folder + "/" + event.name
            if event.change.contains(.modified) { writing.insert(file) }
            if !event.change.isDisjoint(with: [.closedAfterWriting, .deleted, .movedOut, .movedIn]) { writing.remove(file) }
            if !event.change.isDisjoint(with: [.created, .deleted, .movedIn, .movedOut]) { restructured = true }
        }
        if restructured { arm() }
        if touched { lastChange = milliseconds() }
    }

    /// Whether a change has settled (then it is reported once).
    func changeSettled() -> Bool {
        guard let due = deadline, milliseconds() >= due else { return false }
        lastChange = nil
        writing = []
        return true
    }

    /// Whether a write is under way (for the log).
    var isBeingWritten: Bool { !writing.isEmpty }

    // MARK: What to watch

    /// Called between reading which folders exist and watching them (tests make a folder in
    /// that gap).
    var planned: () -> Void = {}

    /// Watches the folders `plan()` names, and only those. A folder made or removed between
    /// the plan and its watch (`mkdir -p ~/.config/tactus` as the daemon moves down) raises no
    /// event on any watch: the plan is read again until it holds, and a change is noted, as
    /// the file may have come or gone unseen.
    /// (Folders that keep coming and going are followed 8 times, then watched as they last were.)
    private func arm() {
        var wanted = plan()
        for attempt in 1...8 {
            planned()
            watch(wanted)
            let now = plan()
            if now.mapValues(\.names) == wanted.mapValues(\.names) { break }
            wanted = now
            lastChange = milliseconds()
            if attempt == 8 { watch(wanted) }
        }
        let description = watches.values.map { "\($0.folder) (for \($0.names.sorted().joined(separator: ", ")))" }.sorted().joined(separator: " and ")
        if description != watching {
            watching = description
            log(description.isEmpty ? "not watching \(path) for changes: no folder on its way exists" : "watching \(description) for changes to \(path)")
        }
    }

    /// Watches the folders of `wanted`, and no others.
    private func watch(_ wanted: [String: (names: Set<String>, changes: Inotify.Change)]) {
        for (wd, watch) in watches where wanted[watch.folder] == nil {
            inotify.removeWatch(wd)
            watches[wd] = nil
        }
        for (folder, want) in wanted {
            if case .success(let wd) = inotify.watch(folder, for: want.changes) { watches[wd] = (folder, want.names) }
        }
    }

    /// The folders to watch for `path`, each with the names in it that lead to the file and
    /// the changes that matter there: the nearest existing ancestor of the file's folder,
    /// then along a chain of symbolic links. A folder that holds the file (or a link on its
    /// way) is watched for writes too; an ancestor only for names appearing and going, so a
    /// home folder whose other files are written all day (`.xsession-errors`, a shell's
    /// history) does not wake the daemon.
    private func plan() -> [String: (names: Set<String>, changes: Inotify.Change)] {
        var wanted: [String: (names: Set<String>, changes: Inotify.Change)] = [:]
        var file = path
        for _ in 0..<8 {
            let (folder, name) = Self.split(file)
            var existing = folder, child = name
            while !PathKind.isDirectory(existing), existing != "/", !existing.isEmpty {
                (existing, child) = Self.split(existing)
            }
            guard PathKind.isDirectory(existing) else { break }
            wanted[existing, default: ([], [])].names.insert(child)
            wanted[existing]!.changes.formUnion(existing == folder ? .all : Self.ancestorChanges)
            guard existing == folder, PathKind(of: file) == .symbolicLink, let target = FileSystem.linkTarget(file) else { break }
            file = target.hasPrefix("/") ? target : folder + "/" + target
        }
        return wanted
    }

    /// What an ancestor of the file's folder is watched for: the next folder down appearing
    /// or going, and the ancestor itself going.
    static let ancestorChanges: Inotify.Change = [.created, .deleted, .movedIn, .movedOut, .folderDeleted, .folderMoved]

    /// A path's folder and last name (`/a/b` → `/a`, `b`; `b` → `.`, `b`).
    static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }
}
