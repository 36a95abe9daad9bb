import CX11
import GestureEngine

/// X server time: milliseconds, 32 bits, wrapping every 49.7 days.
public typealias XTime = UInt32

/// A touch sequence event of XI 2.2 (from the touch grab).
public struct XTouchEvent: Equatable, Sendable {
    public enum Phase: Equatable, Sendable { case begin, update, end }
    public var phase: Phase
    /// The device the event came through (a master device: the one to answer for ownership).
    public var device: Int32
    /// The physical (slave) device.
    public var source: Int32
    public var touch: UInt32
    public var root: Point
    public var time: XTime
    /// The child of the event window the touch is over (of the root, for the grab on root: a
    /// top-level window).
    public var child: UInt
    /// The touch drives the pointer (`XITouchEmulatingPointer`: the first touch down on a
    /// touchscreen): rejected, it reaches pointer grabs and windows as button 1.
    public var emulatesPointer = false
    /// The event window: the window of the grab the event came through (the one to answer
    /// for with `XIAllowTouchEvents`); 0 when unknown (the root).
    public var window: UInt = 0
    /// An update flagged `XITouchPendingEnd`: the finger lifted while another client owns the
    /// touch (a listener that does not own it gets its end only once it does).
    public var pendingEnd = false
}

/// `XI_TouchOwnership`: the touch is ours now (the listeners before ours let go of it).
public struct XTouchOwnershipEvent: Equatable, Sendable {
    public var device: Int32
    public var source: Int32
    public var touch: UInt32
    /// The window of the grab that owns it now.
    public var window: UInt
    public var time: XTime
}

/// A raw touch event (device coordinates, delivered to every client that selects it on root).
public struct XRawTouchEvent: Equatable, Sendable {
    public var phase: XTouchEvent.Phase
    public var source: Int32
    public var touch: UInt32
    /// Valuators 0 and 1 in device units, when present in the event.
    public var x: Double?
    public var y: Double?
    public var time: XTime
}

public struct XButtonEvent: Equatable, Sendable {
    public var pressed: Bool
    public var device: Int32
    public var source: Int32
    public var button: Int
    public var root: Point
    public var time: XTime
    /// Emulated from a touch (`XIPointerEmulated`): the touch path already handles it.
    public var emulated: Bool
}

public struct XMotionEvent: Equatable, Sendable {
    public var device: Int32
    public var root: Point
    public var time: XTime
    public var emulated: Bool
}

/// An XI 2.4 touchpad gesture event.
public struct XGestureEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case swipe, pinch }
    public enum Phase: Equatable, Sendable { case begin, update, end }
    public var kind: Kind
    public var phase: Phase
    public var device: Int32
    public var source: Int32
    public var fingers: Int
    public var root: Point
    public var dx: Double
    public var dy: Double
    /// Pinch: absolute scale since the begin.
    public var scale: Double
    /// Pinch: degrees turned since the previous event.
    public var deltaAngle: Double
    public var cancelled: Bool
    public var time: XTime
    /// The keyboard modifiers in effect (X's state mask: Shift, Control, Mod1, Mod4, …).
    public var modifiers: UInt32 = 0
}

/// What the event loop gets from the server, decoded into plain values at the seam.
public enum XInputEvent: Equatable, Sendable {
    case touch(XTouchEvent)
    /// A touch we listened to without owning it is ours now.
    case touchOwnership(XTouchOwnershipEvent)
    case rawTouch(XRawTouchEvent)
    case button(XButtonEvent)
    case motion(XMotionEvent)
    /// Raw pointer motion / button events (observation of a pointer we do not hold).
    case rawMotion(source: Int32, time: XTime)
    case rawButton(pressed: Bool, source: Int32, button: Int, time: XTime)
    case gesture(XGestureEvent)
    /// Devices were added, removed, enabled or disabled.
    case hierarchyChanged
    case propertyChanged(window: UInt, atom: UInt, time: XTime)
    /// The window manager answered ``InputGrabs/askWindowManagerRoundTrip()``: it has read
    /// every event it was sent before the question.
    case windowManagerAnswered
    case configured(window: UInt)
    case destroyed(window: UInt)
    /// A window was created as a child of the root, or reparented into the root (CreateNotify,
    /// ReparentNotify; reported once ``InputGrabs/followTopLevelWindows()`` asked for them).
    case topLevelAdded(window: UInt)
    /// A child of the root was reparented into another window (a window manager framing it).
    case topLevelReparented(window: UInt)
    /// A window we watch was mapped or unmapped (MapNotify, UnmapNotify).
    case mapped(window: UInt)
    case unmapped(window: UInt)
    /// A window we watch got the input focus (FocusIn, not from a grab).
    case focusIn(window: UInt)
    /// Another client took a selection we owned (SelectionClear).
    case selectionCleared(selection: UInt)
    /// The screen changed size or monitors changed (XRandR).
    case screenChanged
    /// Something the loop does not use.
    case other

    /// Touches, pointer and touchpad input: what is matched against the windows.
    public var isInput: Bool {
        switch self {
        case .touch, .touchOwnership, .rawTouch, .button, .motion, .rawMotion, .rawButton, .gesture: true
        default: false
        }
    }
}

/// Decoding of XI2 event structures into `XInputEvent`s. Pure functions over the C structs,
/// so tests can decode structures they build (or recorded) without a server.
public enum XInputDecoder {
    public static func decodeDevice(_ e: UnsafePointer<XIDeviceEvent>) -> XInputEvent {
        let ev = e.pointee
        let root = Point(x: ev.root_x, y: ev.root_y)
        let time = XTime(truncatingIfNeeded: ev.time)
        let emulated = ev.flags & Int32(XIPointerEmulated) != 0
        switch ev.evtype {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let phase: XTouchEvent.Phase = ev.evtype == XI_TouchBegin ? .begin : ev.evtype == XI_TouchUpdate ? .update : .end
            return .touch(XTouchEvent(phase: phase, device: ev.deviceid, source: ev.sourceid, touch: UInt32(bitPattern: ev.detail), root: root, time: time, child: UInt(ev.child),
                                      emulatesPointer: ev.flags & Int32(XITouchEmulatingPointer) != 0, window: UInt(ev.event),
                                      pendingEnd: ev.evtype == XI_TouchUpdate && ev.flags & Int32(XITouchPendingEnd) != 0))
        case XI_ButtonPress, XI_ButtonRelease:
            guard ev.detail > 0 else { return .other }
            return .button(XButtonEvent(pressed: ev.evtype == XI_ButtonPress, device: ev.deviceid, source: ev.sourceid, button: Int(ev.detail), root: root, time: time, emulated: emulated))
        case XI_Motion:
            return .motion(XMotionEvent(device: ev.deviceid, root: root, time: time, emulated: emulated))
        default:
            return .other
        }
    }

    public static func decodeOwnership(_ e: UnsafePointer<XITouchOwnershipEvent>) -> XInputEvent {
        let ev = e.pointee
        return .touchOwnership(XTouchOwnershipEvent(device: ev.deviceid, source: ev.sourceid, touch: UInt32(ev.touchid), window: UInt(ev.event),
                                                    time: XTime(truncatingIfNeeded: ev.time)))
    }

    public static func decodeRaw(_ e: UnsafePointer<XIRawEvent>) -> XInputEvent {
        let ev = e.pointee
        let time = XTime(truncatingIfNeeded: ev.time)
        switch ev.evtype {
        case XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd:
            let phase: XTouchEvent.Phase = ev.evtype == XI_RawTouchBegin ? .begin : ev.evtype == XI_RawTouchUpdate ? .update : .end
            let (x, y) = valuators01(ev.valuators, ev.raw_values)
            return .rawTouch(XRawTouchEvent(phase: phase, source: ev.sourceid, touch: UInt32(bitPattern: ev.detail), x: x, y: y, time: time))
        case XI_RawMotion:
            return .rawMotion(source: ev.sourceid, time: time)
        case XI_RawButtonPress, XI_RawButtonRelease:
            guard ev.detail > 0 else { return .other }
            return .rawButton(pressed: ev.evtype == XI_RawButtonPress, source: ev.sourceid, button: Int(ev.detail), time: time)
        default:
            return .other
        }
    }

    public static func decodePinch(_ e: UnsafePointer<XIGesturePinchEvent>) -> XInputEvent {
        let ev = e.pointee
        let phase: XGestureEvent.Phase = ev.evtype == XI_GesturePinchBegin ? .begin : ev.evtype == XI_GesturePinchUpdate ? .update : .end
        let scale = ev.scale.isFinite && ev.scale > 0 ? ev.scale : 1
        return .gesture(XGestureEvent(kind: .pinch, phase: phase, device: ev.deviceid, source: ev.sourceid, fingers: Int(ev.detail),
                                      root: Point(x: ev.root_x, y: ev.root_y), dx: finite(ev.delta_x), dy: finite(ev.delta_y), scale: scale,
                                      deltaAngle: finite(ev.delta_angle), cancelled: ev.flags & Int32(XIGesturePinchEventCancelled) != 0,
                                      time: XTime(truncatingIfNeeded: ev.time), modifiers: UInt32(bitPattern: ev.mods.effective)))
    }

    public static func decodeSwipe(_ e: UnsafePointer<XIGestureSwipeEvent>) -> XInputEvent {
        let ev = e.pointee
        let phase: XGestureEvent.Phase = ev.evtype == XI_GestureSwipeBegin ? .begin : ev.evtype == XI_GestureSwipeUpdate ? .update : .end
        return .gesture(XGestureEvent(kind: .swipe, phase: phase, device: ev.deviceid, source: ev.sourceid, fingers: Int(ev.detail),
                                      root: Point(x: ev.root_x, y: ev.root_y), dx: finite(ev.delta_x), dy: finite(ev.delta_y), scale: 1,
                                      deltaAngle: 0, cancelled: ev.flags & Int32(XIGestureSwipeEventCancelled) != 0,
                                      time: XTime(truncatingIfNeeded: ev.time), modifiers: UInt32(bitPattern: ev.mods.effective)))
    }

    /// Valuators 0 and 1 of a raw event: the values are packed, one per bit set in the mask.
    static func valuators01(_ state: XIValuatorState, _ values: UnsafeMutablePointer<Double>?) -> (Double?, Double?) {
        guard let mask = state.mask, let values, state.mask_len > 0 else { return (nil, nil) }
        var index = 0
        var x: Double?, y: Double?
        for bit in 0..<2 where bit < Int(state.mask_len) * 8 {
            if cx11_xi_mask_is_set(mask, Int32(bit)) != 0 {
                let v = values[index]
                if bit == 0 { x = v.isFinite ? v : nil } else { y = v.isFinite ? v : nil }
                index += 1
            }
        }
        return (x, y)
    }

    static func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
}
