#if canImport(Glibc)
import Glibc
#endif

/// Whether a file that says what to run as this user could have been written by someone
/// else, as ssh asks of its keys: the file and its folder must belong to the user (or
/// root), and no one else may write them. A group's write is fine when the group is the
/// user's own (Debian's user private groups); a sticky folder (like `/tmp`) may be open to
/// all, since there only a file's owner replaces it.
package enum FileTrust {
    /// Why others may write `path` (which must exist), in words; nil when only the user can.
    package static func othersMayWrite(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        let file = String(cString: real)
        if let reason = problem(with: file, isFolder: false) { return reason }
        let folder = file.lastIndex(of: "/").map { $0 == file.startIndex ? "/" : String(file[..<$0]) } ?? "."
        return problem(with: folder, isFolder: true)
    }

    /// The error for a profile file others may write, nil when it is the user's alone.
    package static func refusal(forProfile path: String) -> String? {
        othersMayWrite(path).map {
            "\(path): not loaded: \($0), and the actions of a profile run as you (chmod go-w, as for ssh's files)"
        }
    }

    private static func problem(with path: String, isFolder: Bool) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        let what = isFolder ? "its folder \(path)" : path
        let user = getuid()
        if st.st_uid != user && st.st_uid != 0 {
            return "\(what) belongs to \(userName(st.st_uid)), not to you or root"
        }
        let mode = st.st_mode & 0o7777
        let octal = "0" + String(mode, radix: 8)
        let sticky = isFolder && mode & S_ISVTX != 0
        if mode & S_IWOTH != 0 && !sticky {
            return "\(what) may be written by anyone (mode \(octal))"
        }
        if mode & S_IWGRP != 0 && !sticky && !isPrivateGroup(st.st_gid, of: user) {
            return "\(what) may be written by the group \(groupName(st.st_gid)) (mode \(octal))"
        }
        return nil
    }

    /// A group named as the user, the user's primary group, with no other listed member.
    private static func isPrivateGroup(_ gid: gid_t, of uid: uid_t) -> Bool {
        guard let account = getpwuid(uid), account.pointee.pw_gid == gid, let group = getgrgid(gid) else { return false }
        let user = String(cString: account.pointee.pw_name)
        guard String(cString: group.pointee.gr_name) == user else { return false }
        var member = group.pointee.gr_mem
        while let name = member?.pointee {
            if String(cString: name) != user { return false }
            member = member! + 1
        }
        return true
    }

    private static func userName(_ uid: uid_t) -> String {
        getpwuid(uid).map { String(cString: $0.pointee.pw_name) } ?? "uid \(uid)"
    }

    private static func groupName(_ gid: gid_t) -> String {
        getgrgid(gid).map { String(cString: $0.pointee.gr_name) } ?? "gid \(gid)"
    }
}
