import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GestureEngine
import GestureProfiles
import Testing
@testable import ProfileDescriptions

/// The pictures: drawn from the model, inside the square, the same each time, valid SVG.
struct PictureTests {
    /// Every picture of the built-in profile, the examples and one of each kind.
    static var pictures: [(String, GesturePicture)] {
        var out: [(String, GesturePicture)] = []
        for (name, file) in [("built-in", Profiles.builtIn)] + Profiles.examples + [("kinds", kinds)] {
            for e in ProfileOverview(file: file).entries {
                for r in e.rows + e.touchpadRows { out.append(("\(name) \(r.name)", r.picture)) }
            }
        }
        return out
    }

    static var kinds: ProfileFile {
        Profiles.load(Profiles.yaml(gestures: """
        - { name: a, tap: { taps: 3 } }
        - { name: b, longPress: { taps: 1, touches: 2 } }
        - { name: c, pan: { touches: 2, direction: up } }
        - { name: d, swipe: { directions: [left, right], touches: 3 } }
        - { name: e, pinch: { direction: in } }
        - { name: f, pinch: { direction: out, touches: 3 } }
        - { name: g, rotation: {} }
        - { name: h, edgePan: { edges: [top, bottom] } }
        - { name: i, stroke: { templates: [star] } }
        - { name: j, pan: {} }
        """, more: """
            touchpad:
              - { name: t1, swipe: { fingers: 3 } }
              - { name: t2, swipe: { fingers: 4, direction: up-left } }
              - { name: t3, pinch: { fingers: 2, direction: clockwise } }
              - { name: t4, pinch: { fingers: 2, direction: counterclockwise } }
              - { name: t5, pinch: { fingers: 3, direction: in } }
        """))
    }

    static func points(_ p: GesturePicture) -> [PicturePoint] {
        p.primitives.flatMap { prim -> [PicturePoint] in
            switch prim {
            case .circle(let c, let r, _, _): [PicturePoint(c.x - r, c.y - r), PicturePoint(c.x + r, c.y + r)]
            case .path(let ps, _, _): ps
            case .arc(let c, let r, _, _, _): [PicturePoint(c.x - r, c.y - r), PicturePoint(c.x + r, c.y + r)]
            }
        }
    }

    @Test func everyPictureStaysInTheSquare() {
        for (name, p) in Self.pictures {
            #expect(!p.primitives.isEmpty, "\(name)")
            for q in Self.points(p) {
                #expect(q.x >= 0 && q.x <= 1 && q.y >= 0 && q.y <= 1, "\(name): \(q)")
            }
        }
    }

    @Test func theSVGIsWellFormedAndTheSameEachTime() throws {
        for (name, p) in Self.pictures {
            let svg = p.svg()
            #expect(svg == p.svg(), "\(name)")
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(parser.parse(), "\(name): \(parser.parserError.map { "\($0)" } ?? "")\n\(svg)")
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\" viewBox=\"0 0 100 100\">"))
            #expect(!svg.contains("nan") && !svg.contains("inf"), "\(name)")
        }
        // Two loads of the same file draw the same pictures.
        let a = Self.pictures.map { $0.1.svg() }, b = Self.pictures.map { $0.1.svg() }
        #expect(a == b)
    }

    @Test func aTapAsSVG() {
        let svg = GesturePicture(.tap(.init(taps: 2))).svg(size: 32)
        #expect(svg == """
        <svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 100 100">
          <circle cx="50" cy="42" r="5.5" fill="#3465a4" stroke="none"/>
          <circle cx="50" cy="42" r="8.5" fill="none" stroke="#cc0000" stroke-width="3"/>
          <path d="M46 66 L46 74" fill="none" stroke="#cc0000" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>
          <path d="M54 66 L54 74" fill="none" stroke="#cc0000" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>
        </svg>

        """)
    }

    static func fingers(_ p: GesturePicture) -> Int {
        p.primitives.filter { if case .circle(_, _, true, .finger) = $0 { return true }; return false }.count
    }

    static func count(_ p: GesturePicture, _ role: GesturePicture.Role, filled: Bool? = nil) -> Int {
        p.primitives.filter {
            switch $0 {
            case .circle(_, _, let f, let r): r == role && (filled == nil || filled == f)
            case .path(_, _, let r): r == role && filled != true
            case .arc(_, _, _, _, let r): r == role && filled != true
            }
        }.count
    }

    @Test func whatEachPictureShows() {
        // Three fingers sliding left: three dots, one arrow (a line and its head) pointing left.
        let swipe = GesturePicture(.swipe(.init(directions: .left, touches: 3)))
        #expect(Self.fingers(swipe) == 3)
        #expect(Self.count(swipe, .motion) == 2)
        if case .path(let line, false, .motion) = swipe.primitives[3] { #expect(line[1].x < line[0].x && line[0].y == line[1].y) }
        // A pinch: arrows in for in, out for out.
        func firstArrow(_ p: GesturePicture) -> (PicturePoint, PicturePoint)? {
            for prim in p.primitives { if case .path(let ps, false, .motion) = prim, ps.count == 2 { return (ps[0], ps[1]) } }
            return nil
        }
        let centre = PicturePoint(0.5, 0.5)
        if let (a, b) = firstArrow(GesturePicture(.pinch(.init(direction: .in)))) { #expect((b - centre).length < (a - centre).length) }
        if let (a, b) = firstArrow(GesturePicture(.pinch(.init(direction: .out)))) { #expect((b - centre).length > (a - centre).length) }
        // A long press: rings around the finger; taps before it: marks.
        #expect(Self.count(GesturePicture(.longPress(.init())), .mark) == 2)
        #expect(Self.count(GesturePicture(.longPress(.init(taps: 2))), .mark) == 4)
        #expect(Self.count(GesturePicture(.tap(.init(taps: 3, touches: 2))), .mark) == 2 + 3)
        // A turn: an arc.
        #expect(GesturePicture(.rotation(.init())).primitives.contains { if case .arc = $0 { return true }; return false })
        // An edge: a bar on that edge.
        let edge = GesturePicture(.edgePan(.init(edges: .right)))
        #expect(edge.primitives.contains { if case .path(let ps, _, .mark) = $0 { return ps.allSatisfy { $0.x > 0.9 } }; return false })
        // A shape: its template's path, many points.
        let star = GesturePicture(.stroke(templates: BuiltInStrokes.templates(named: "star"), minimumScore: 0.8, minimumLength: 40))
        #expect(star.primitives.contains { if case .path(let ps, false, .motion) = $0 { return ps.count >= 16 }; return false })
        // The touchpad: its outline around the fingers.
        let file = Self.kinds
        let pad = GesturePicture(file.profiles[0].touchpad[1])
        #expect(pad.primitives.first.map { if case .path(_, true, .outline) = $0 { return true }; return false } == true)
        #expect(Self.fingers(pad) == 4)
    }
}

/// `TACTUS_PICTURES=DIR swift test --filter writesThePictures` writes every picture above as
/// DIR/NAME.svg (to look at them, or to put them in the docs).
struct PictureFiles {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TACTUS_PICTURES"] != nil))
    func writesThePictures() throws {
        let dir = ProcessInfo.processInfo.environment["TACTUS_PICTURES"]!
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, picture) in PictureTests.pictures {
            let file = name.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: ".yaml", with: "")
            try picture.svg(size: 96).write(toFile: "\(dir)/\(file).svg", atomically: true, encoding: .utf8)
        }
    }
}
