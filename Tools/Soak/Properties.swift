import CX11
import Foundation
import GestureEngine
import SystemCalls
import TestSupport
import X11Session
@testable import X11TestSupport

// The EWMH properties the soak sets when it is the window manager Tactus sees, and the
// inputtest devices' ids.

func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

/// Sets a format-32 property (Xlib takes its items as C longs).
func setProperty(_ window: Window, _ name: String, _ type: Atom, _ values: [CLong]) {
    values.withUnsafeBytes { bytes in
        _ = XChangeProperty(display, window, atom(name), type, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
    }
}

/// The client list, as a window manager keeps it on the root window.
func publishClients(_ windows: [Window]) {
    for name in ["_NET_CLIENT_LIST", "_NET_CLIENT_LIST_STACKING"] { setProperty(root, name, XA_WINDOW, windows.map { CLong(bitPattern: $0) }) }
    XSync(display, 0)
}

/// Sets `WM_CLASS` (instance and class), how the soak's profiles tell its windows apart.
func setClassHint(_ window: Window, instance: String, class cls: String) {
    var hint = XClassHint()
    instance.withCString { instance in
        cls.withCString { cls in
            hint.res_name = UnsafeMutablePointer(mutating: instance)
            hint.res_class = UnsafeMutablePointer(mutating: cls)
            XSetClassHint(display, window, &hint)
        }
    }
}

/// The id of the inputtest device `name` (XIQueryDevice).
func deviceID(_ name: String) -> Int32? {
    var count: Int32 = 0
    guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return nil }
    defer { XIFreeDeviceInfo(devices) }
    return (0..<Int(count)).first { String(cString: devices[$0].name) == name }.map { devices[$0].deviceid }
}
