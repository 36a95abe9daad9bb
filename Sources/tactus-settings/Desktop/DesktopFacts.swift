import GestureProfiles
import ProfileDescriptions
import X11Session

/// What the conflicts need to know of this desktop that a file cannot say: what the open
/// windows' programs do with touches (asked of the X server), and whether the keyboard's
/// layout can type a key.
enum DesktopFacts {
    /// Conflicts in `file`, with the open windows and the keyboard of `$DISPLAY`.
    static func conflicts(in file: ProfileFile) -> [Conflict] {
        let server = try? XlibServer()
        let windows = server.map { WindowTracker(server: $0).clients() } ?? []
        return Conflicts.find(in: file, programTouch: { profile in
            guard let window = windows.first(where: { profile.match.matches($0) }) else { return nil }
            return file.programTouch(for: window)
        }, canType: { name in
            guard let server, let keysym = Keysyms.byName[Keysyms.resolve(name) ?? name] else { return true }
            return server.keycode(forKeysym: UInt(keysym)) != nil
        })
    }
}
