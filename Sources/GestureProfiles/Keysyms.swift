/// X keysym names and values, from the X11 headers (see Tools/generate-keysyms.py).
public enum Keysyms {
    /// name → keysym value.
    public static let byName: [String: UInt32] = {
        var table: [String: UInt32] = [:]
        table.reserveCapacity(2400)
        for line in keysymTable.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let v = UInt32(parts[1], radix: 16) { table[String(parts[0])] = v }
        }
        return table
    }()

    /// Names people write for modifiers, mapped to the left-hand keysym.
    public static let modifierAliases: [String: String] = [
        "ctrl": "Control_L", "control": "Control_L", "alt": "Alt_L", "shift": "Shift_L",
        "super": "Super_L", "win": "Super_L", "meta": "Meta_L", "altgr": "ISO_Level3_Shift",
    ]

    /// Resolves one part of a key combination: a modifier alias, an exact keysym name, or a
    /// keysym name in another case (`left` → `Left`) when that is unambiguous.
    public static func resolve(_ name: String) -> String? {
        if let alias = modifierAliases[name.lowercased()] { return alias }
        if byName[name] != nil { return name }
        let matches = byName.keys.filter { $0.lowercased() == name.lowercased() }
        return matches.count == 1 ? matches[0] : nil
    }
}

/// A key combination such as `ctrl+alt+Left`: modifiers first, pressed in order, released in
/// reverse (the last key first, modifiers last).
public struct KeyCombo: Hashable, Sendable, CustomStringConvertible {
    /// Keysym names, in press order.
    public var keys: [String]

    public init(keys: [String]) { self.keys = keys }

    public var description: String { keys.joined(separator: "+") }

    /// Parses `ctrl+plus`; returns the parts that are not key names on failure.
    public static func parse(_ text: String) -> Result<KeyCombo, KeyComboError> {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        if parts.contains(where: \.isEmpty) { return .failure(.empty(text)) }
        var keys: [String] = []
        for p in parts {
            guard let k = Keysyms.resolve(p) else { return .failure(.unknown(p)) }
            keys.append(k)
        }
        return .success(KeyCombo(keys: keys))
    }
}

public enum KeyComboError: Error, Equatable {
    case empty(String)
    case unknown(String)
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
