// KWin under the tests (XvfbSession.WindowManager.kwin): its configuration file.
import Foundation

extension XvfbSession {
    /// `~/.config/kwinrc` for KWin in the window manager's home: two desktops in a row (the
    /// fixture switches to desktop 1 and back to see it answer; KWin starts with one), no
    /// compositing (no effect animates a switch or a minimize), click to focus (KWin's default,
    /// said).
    static let kwinConfiguration = """
        [Desktops]
        Number=2
        Rows=1

        [Compositing]
        Enabled=false

        [Windows]
        FocusPolicy=ClickToFocus
        """

    static func writeKWinConfiguration(home: String) throws {
        try FileManager.default.createDirectory(atPath: "\(home)/.config", withIntermediateDirectories: true)
        try kwinConfiguration.write(toFile: "\(home)/.config/kwinrc", atomically: true, encoding: .utf8)
    }
}
