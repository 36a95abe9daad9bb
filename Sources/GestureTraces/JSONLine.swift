import GestureEngine
import GestureProfiles

/// A JSON object written field by field, in the order given, on one line: how traces, the
/// monitor stream and the inspection tools write JSON (numbers as ``formatNumber(_:)``
/// writes them, strings escaped).
public struct JSONLine {
    private var text = "{"
    private var empty = true

    public init() {}

    /// The object, closed.
    public var line: String { text + "}" }

    private mutating func key(_ key: String) {
        if !empty { text += "," }
        empty = false
        text += str(key) + ":"
    }

    /// A string, or `null`.
    public mutating func add(_ key: String, _ value: String?) {
        self.key(key)
        text += value.map(str) ?? "null"
    }

    public mutating func add(_ key: String, _ value: Double) {
        self.key(key)
        text += formatNumber(value)
    }

    public mutating func add<N: BinaryInteger>(_ key: String, _ value: N) {
        self.key(key)
        text += "\(value)"
    }

    public mutating func add(_ key: String, _ value: Bool) {
        self.key(key)
        text += value ? "true" : "false"
    }

    public mutating func add(_ key: String, _ values: [Double]) {
        self.key(key)
        text += "[" + values.map(formatNumber).joined(separator: ",") + "]"
    }

    public mutating func add(_ key: String, _ values: [String]) {
        self.key(key)
        text += "[" + values.map(str).joined(separator: ",") + "]"
    }

    /// An object, written whole.
    public mutating func add(_ key: String, _ object: JSONLine) {
        self.key(key)
        text += object.line
    }

    /// A list of objects, each written whole.
    public mutating func add(_ key: String, _ objects: [JSONLine]) {
        self.key(key)
        text += "[" + objects.map(\.line).joined(separator: ",") + "]"
    }

    /// A touch id: a number, or a string (`"p1"`) for a pointer touch.
    public mutating func add(_ key: String, _ id: TouchID) {
        if id.isPointer { add(key, id.description) } else { add(key, id.rawValue) }
    }
}
