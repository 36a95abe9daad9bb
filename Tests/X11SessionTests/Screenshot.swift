import Foundation
@testable import X11TestSupport

/// A screenshot of a display's root window, as `xwd -root` dumps it (X's own image format),
/// read back here for pixel checks; `savePNG` converts the dump for people (netpbm).
struct Screenshot {
    struct Color: Equatable, CustomStringConvertible {
        var red: Int, green: Int, blue: Int
        var description: String { String(format: "#%02x%02x%02x", red, green, blue) }
    }

    let width: Int
    let height: Int
    /// The dump as written by xwd.
    let file: String
    private let pixels: [Color]

    /// Takes one with `xwd -root` on `display` into `file`.
    static func take(display: String, file: String) throws -> Screenshot {
        try run(["xwd", "-root", "-silent", "-display", display, "-out", file])
        return try Screenshot(xwd: Array(Data(contentsOf: URL(fileURLWithPath: file))), file: file)
    }

    /// The pixel at `x`, `y` (root coordinates).
    func color(_ x: Double, _ y: Double) -> Color { pixels[Int(y) * width + Int(x)] }

    /// How many pixels differ from `other`'s, compared one by one (every pixel when the sizes differ).
    func differingPixels(from other: Screenshot) -> Int {
        guard width == other.width, height == other.height else { return max(pixels.count, other.pixels.count) }
        return zip(pixels, other.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
    }

    /// How many pixels are `color`.
    func count(of color: Color) -> Int { pixels.reduce(0) { $0 + ($1 == color ? 1 : 0) } }

    /// Writes it as a PNG (xwdtopnm | pnmtopng), optionally cut to `x y width height`.
    func savePNG(_ path: String, cut: (Int, Int, Int, Int)? = nil) throws {
        let crop = cut.map { " | pnmcut \($0.0) \($0.1) \($0.2) \($0.3)" } ?? ""
        try Self.run(["sh", "-c", "xwdtopnm '\(file)' 2>/dev/null\(crop) | pnmtopng > '\(path)'"])
    }

    struct FormatError: Error, CustomStringConvertible { var description: String }

    /// XWD: a header of big-endian 32-bit fields, the window name, the colormap, then the
    /// image in ZPixmap format (the colour masks say where each channel is).
    init(xwd bytes: [UInt8], file: String) throws {
        func field(_ i: Int) -> Int {
            Int(bytes[4 * i]) << 24 | Int(bytes[4 * i + 1]) << 16 | Int(bytes[4 * i + 2]) << 8 | Int(bytes[4 * i + 3])
        }
        guard bytes.count >= 100, field(1) == 7, field(2) == 2 else { throw FormatError(description: "\(file): not an XWD version 7 ZPixmap dump") }
        let headerSize = field(0), bitsPerPixel = field(11), bytesPerLine = field(12), littleEndian = field(7) == 0
        let masks = (field(14), field(15), field(16))
        let colors = field(19)
        width = field(4)
        height = field(5)
        self.file = file
        // 32 on Xvfb; 24 (packed) on Xorg with the dummy video driver.
        guard bitsPerPixel == 32 || bitsPerPixel == 24 else { throw FormatError(description: "\(file): \(bitsPerPixel) bits per pixel (only 32 and 24 are read)") }
        let bytesPerPixel = bitsPerPixel / 8
        let start = headerSize + colors * 12
        guard bytes.count >= start + bytesPerLine * height else { throw FormatError(description: "\(file): truncated") }
        func channel(_ value: Int, _ mask: Int) -> Int {
            guard mask != 0 else { return 0 }
            let shift = mask.trailingZeroBitCount
            let maximum = mask >> shift
            return ((value & mask) >> shift) * 255 / maximum
        }
        var out: [Color] = []
        out.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + x * bytesPerPixel
                var v = 0
                for i in 0..<bytesPerPixel {
                    v |= Int(bytes[o + i]) << (8 * (littleEndian ? i : bytesPerPixel - 1 - i))
                }
                out.append(Color(red: channel(v, masks.0), green: channel(v, masks.1), blue: channel(v, masks.2)))
            }
        }
        pixels = out
    }

    private static func run(_ argv: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = argv
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw FormatError(description: "\(argv.joined(separator: " ")) exited \(p.terminationStatus)") }
    }
}
