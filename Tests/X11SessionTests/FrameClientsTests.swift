import Testing
@testable import GestureEngine
@testable import X11Session

/// Which client a touch landing in a top-level window landed on, known from the windows read
/// (no round trip on the touch's way): a frame's client, what the server said of other
/// top-level windows, forgotten when it may no longer hold.
@Suite struct FrameClientsTests {
    @Test func aFrameAnswersWithItsClientUntilTheClientIsGone() {
        var frames = FrameClients()
        frames.clientRead(0xa00001, in: 0x4002f6)
        frames.clientRead(0x800001, in: 0x400274)
        #expect(frames.landing(in: 0x4002f6) == .window(0xa00001))
        #expect(frames.landing(in: 0x400274) == .window(0x800001))
        #expect(frames.landing(in: 0x400300) == nil, "a top-level window never seen: unknown, asked of the server")
        frames.clientGone(0xa00001)
        #expect(frames.landing(in: 0x4002f6) == nil)
        #expect(frames.landing(in: 0x400274) == .window(0x800001))
    }

    @Test func aTopLevelWindowWithoutAClientIsAskedAgainOnceANewClientIsRead() {
        var frames = FrameClients()
        frames.remember(.desktop, for: 0x400500)  // a popup, or a frame whose client was not read yet
        #expect(frames.landing(in: 0x400500) == .desktop)
        frames.clientRead(0xc00001, in: 0x400600)
        #expect(frames.landing(in: 0x400500) == nil, "the new client may be in it: the server is asked again")
    }

    @Test func aChurnOfTopLevelWindowsKeepsItBounded() {
        var frames = FrameClients()
        for top in 0..<(FrameClients.limit * 3) { frames.remember(.desktop, for: XWindowID(0x400000 + top)) }
        let held = (0..<(FrameClients.limit * 3)).filter { frames.landing(in: XWindowID(0x400000 + $0)) != nil }.count
        #expect(held <= FrameClients.limit)
        #expect(frames.landing(in: XWindowID(0x400000 + FrameClients.limit * 3 - 1)) == .desktop, "the latest answer is kept")
    }
}
