/// `tactus import`: reads a Touchégg, libinput-gestures or fusuma configuration (the format
/// is told from the content, not the name) and turns it into a Tactus profile file.
public enum GestureImporter {
    /// Imports `bytes`. `path` names the file in errors; `environment` expands `~` and
    /// `$VAR` in libinput-gestures' program names.
    public static func importFile(_ bytes: [UInt8], path: String, environment: [String: String] = [:], options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportResult {
        do throws(ImportFailure) {
            let text = try decodeSource(bytes)
            var result: ImportResult
            switch try detect(text) {
            case .touchegg: result = try ToucheggImporter.run(XMLReader.parseDocument(text))
            case .libinputGestures: result = try LibinputGesturesImporter.run(text, environment: environment)
            case .fusuma: result = try FusumaImporter.run(text, version: options.fusumaVersion)
            }
            guard result.bindingCount + result.noteCount <= ImportLimits.entries else {
                throw ImportFailure(line: 1, message: "more than \(ImportLimits.entries) gestures and notes: not a gesture configuration")
            }
            if result.profiles.contains(where: { $0.touchpad.contains { if case .touchpadSwipe = $0.trigger { return true }; return false } }) {
                result.header.append("Tactus takes a touchpad swipe from the applications when it begins, by its finger count, whatever its direction (tactus check warns where a direction is left unbound).")
            }
            return result
        } catch {
            throw ImportError(file: path, line: error.line, message: error.message)
        }
    }

    /// The profile file text of an import; `sourceName` names the source in comments.
    public static func profileText(_ result: ImportResult, sourceName: String) -> String {
        ProfileWriter(sourceName: sourceName).write(result)
    }

    /// Which tool a configuration belongs to: XML is Touchégg's; lines starting with
    /// `gesture`, `device`, `swipe_threshold` or `timeout` are libinput-gestures'; a YAML
    /// mapping of fusuma's keys is fusuma's.
    static func detect(_ text: String) throws(ImportFailure) -> SourceFormat {
        var skippingYAMLBlock = false
        for (i, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).prefix(10_000).enumerated() {
            let line = raw.trimmed
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if skippingYAMLBlock, let first = raw.first, first == " " || first == "\t" || first == "-" { continue }
            skippingYAMLBlock = false
            if line.hasPrefix("<") { return .touchegg }
            var keyword = Substring(line.whitespaceSplit(maxSplits: 1)[0])
            while keyword.hasSuffix(":") { keyword = keyword.dropLast() }
            if ["gesture", "device", "swipe_threshold", "timeout"].contains(String(keyword)) { return .libinputGestures }
            let yamlKey = line.split(separator: ":", maxSplits: 1).first.map { $0.trimmed } ?? ""
            let unquoted = yamlKey.trimmingQuotes
            if ["version", "profiles", "settings"].contains(unquoted) {
                throw ImportFailure(line: i + 1, message: "this is a Tactus profile file already: check it with 'tactus check'")
            }
            if ["swipe", "pinch", "rotate", "hold", "threshold", "interval", "plugin", "context", "application", "---"].contains(unquoted) || line.hasPrefix("---") {
                return .fusuma
            }
            // fusuma ignores root keys it does not know, such as one holding YAML anchors
            // (`deepl: &deepl …`) for its gestures: look on to the next root key.
            if isYAMLKey(raw) {
                skippingYAMLBlock = true
                continue
            }
            // Text before Touchégg's root element, which Touchégg (pugixml) passes over.
            if hasToucheggRoot(text) { return .touchegg }
            throw ImportFailure(line: i + 1, message: "cannot tell the format: expected a Touchégg touchegg.conf (XML), a libinput-gestures.conf (gesture … lines) or a fusuma config.yml (swipe:, pinch:, …)")
        }
        throw ImportFailure(line: 1, message: "the file has nothing to import (only blank lines and comments)")
    }
}

/// Whether `line` is a root key of a YAML mapping (`name:` at the start of the line,
/// then nothing, a space or a tab), as a fusuma file's keys are.
func isYAMLKey(_ line: Substring) -> Bool {
    guard let first = line.unicodeScalars.first, first.properties.isAlphabetic || first == "_" || first == "\"" || first == "'" else { return false }
    guard let colon = line.firstIndex(of: ":") else { return false }
    let after = line[line.index(after: colon)...]
    return after.isEmpty || after.first == " " || after.first == "\t"
}

/// Whether the text has Touchégg's root element (`<touchégg>` or `<touchegg>`) somewhere.
func hasToucheggRoot(_ text: String) -> Bool {
    for piece in text.split(separator: "<").dropFirst(text.hasPrefix("<") ? 0 : 1) {
        let head = piece.prefix(9).lowercased()
        for name in ["touchégg", "touchegg"] where head.hasPrefix(name) {
            let next = head.dropFirst(name.count).first
            if next == nil || next == ">" || next == "/" || next!.isWhitespace { return true }
        }
    }
    return false
}

extension String {
    var trimmingQuotes: String {
        if count >= 2, let f = first, let l = last, f == l, f == "\"" || f == "'" { return String(dropFirst().dropLast()) }
        return self
    }
}
