import CX11
import Foundation
import SystemCalls
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces
@testable import X11Session

/// The X display's owner check (debug builds assert it on every Xlib call): it knows the
/// thread that took it, and no other.
@Suite struct DisplayThreadTests {
    @Test func anOwnerIsCurrentOnlyOnItsOwnThread() {
        let owner = ThreadIdentity.current
        #expect(owner.isCurrent)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var elsewhere: Bool?
        Thread.detachNewThread {
            elsewhere = owner.isCurrent
            done.signal()
        }
        done.wait()
        #expect(elsewhere == false)
    }
}
