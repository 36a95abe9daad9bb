/// Text with `{placeholder}` fields, checked when the profile is loaded (`{{` and `}}` stand
/// for literal braces).
public struct Template: Hashable, Sendable, CustomStringConvertible {
    public enum Segment: Hashable, Sendable {
        case literal(String)
        case placeholder(String)
    }

    public var segments: [Segment]

    /// Every placeholder a profile may use (config.md), plus `window.instance`, `window.id`
    /// and the monitor's.
    public static let known: [String] = [
        "x", "y", "translationX", "translationY", "template", "score", "velocityX", "velocityY",
        "scale", "rotation", "degrees", "touches", "state", "value", "window.class", "window.title",
        "window.instance", "window.id", "gesture",
        "monitor.name", "monitor.x", "monitor.y", "monitor.width", "monitor.height",
    ]

    public enum ParseError: Error, Equatable {
        case unknownPlaceholder(String, offset: Int)
        case unclosed(offset: Int)
    }

    public static func parse(_ text: String) -> Result<Template, ParseError> {
        var segments: [Segment] = []
        var literal = ""
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "{" && i + 1 < chars.count && chars[i + 1] == "{" {
                literal.append("{"); i += 2; continue
            }
            if c == "}" && i + 1 < chars.count && chars[i + 1] == "}" {
                literal.append("}"); i += 2; continue
            }
            if c == "{" {
                guard let close = chars[(i + 1)...].firstIndex(of: "}") else { return .failure(.unclosed(offset: i)) }
                let name = String(chars[(i + 1)..<close])
                guard known.contains(name) else { return .failure(.unknownPlaceholder(name, offset: i)) }
                if !literal.isEmpty { segments.append(.literal(literal)); literal = "" }
                segments.append(.placeholder(name))
                i = close + 1
                continue
            }
            literal.append(c)
            i += 1
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return .success(Template(segments: segments))
    }

    public init(segments: [Segment]) { self.segments = segments }

    public init(literal: String) { segments = [.literal(literal)] }

    /// The text with each placeholder replaced by `value(name)`.
    public func render(_ value: (String) -> String) -> String {
        var s = ""
        for seg in segments {
            switch seg {
            case .literal(let l): s += l
            case .placeholder(let p): s += value(p)
            }
        }
        return s
    }

    public var placeholders: [String] {
        segments.compactMap { if case .placeholder(let p) = $0 { return p }; return nil }
    }

    /// The source form, braces escaped again.
    public var description: String {
        render { "{\($0)}" }
    }
}
