import CX11
import GestureEngine

/// Events (decoded at once into ``XInputEvent``s), the server's time, and the screen (XRandR).
extension XlibServer {
    /// The file descriptor to poll for events.
    public var connectionNumber: Int32 { XConnectionNumber(display) }

    public func screenSize() -> (width: Double, height: Double) {
        let screen = XDefaultScreen(display)
        return (Double(XDisplayWidth(display, screen)), Double(XDisplayHeight(display, screen)))
    }

    public func watchScreenChanges() {
        guard randrEventBase >= 0 else { return }
        XRRSelectInput(display, Window(root), Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
    }

    public func nextEvent() -> XInputEvent? {
        guard XPending(display) > 0 else { return nil }
        var event = XEvent()
        XNextEvent(display, &event)
        let type = cx11_event_type(&event)
        switch type {
        case GenericEvent:
            var cookie = event.xcookie
            guard cookie.extension == xiOpcode, XGetEventData(display, &cookie) != 0, let data = cookie.data else { return .other }
            defer { XFreeEventData(display, &cookie) }
            switch cookie.evtype {
            case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease, XI_Motion:
                let device = data.assumingMemoryBound(to: XIDeviceEvent.self)
                // Held from here until answered, also for the last act of a dying daemon.
                if cookie.evtype == XI_TouchBegin { cx11_abort_guard_hold(device.pointee.deviceid, UInt32(bitPattern: device.pointee.detail), device.pointee.event) }
                return XInputDecoder.decodeDevice(device)
            case XI_TouchOwnership:
                return XInputDecoder.decodeOwnership(data.assumingMemoryBound(to: XITouchOwnershipEvent.self))
            case XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd, XI_RawMotion, XI_RawButtonPress, XI_RawButtonRelease:
                return XInputDecoder.decodeRaw(data.assumingMemoryBound(to: XIRawEvent.self))
            case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
                return XInputDecoder.decodePinch(data.assumingMemoryBound(to: XIGesturePinchEvent.self))
            case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
                return XInputDecoder.decodeSwipe(data.assumingMemoryBound(to: XIGestureSwipeEvent.self))
            case XI_HierarchyChanged:
                return .hierarchyChanged
            default:
                return .other
            }
        case PropertyNotify:
            if event.xproperty.window == roundTripWindow, roundTripWindow != 0 {
                return UInt(event.xproperty.atom) == atom("_NET_FRAME_EXTENTS") ? .windowManagerAnswered : .other
            }
            return .propertyChanged(window: UInt(event.xproperty.window), atom: UInt(event.xproperty.atom), time: XTime(truncatingIfNeeded: event.xproperty.time))
        case ConfigureNotify:
            // The root's: its size, or its monitors (`xrandr --setmonitor` tells only this way).
            if UInt(event.xconfigure.window) == root {
                XRRUpdateConfiguration(&event)
                return .screenChanged
            }
            return .configured(window: UInt(event.xconfigure.window))
        case DestroyNotify:
            return .destroyed(window: UInt(event.xdestroywindow.window))
        case CreateNotify where UInt(event.xcreatewindow.parent) == root:
            return .topLevelAdded(window: UInt(event.xcreatewindow.window))
        case ReparentNotify where UInt(event.xreparent.event) == root:
            // Reported to the root's SubstructureNotify both ways: into the root, and out of it.
            let window = UInt(event.xreparent.window)
            return UInt(event.xreparent.parent) == root ? .topLevelAdded(window: window) : .topLevelReparented(window: window)
        case MapNotify:
            return .mapped(window: UInt(event.xmap.window))
        case UnmapNotify:
            return .unmapped(window: UInt(event.xunmap.window))
        case FocusIn where event.xfocus.mode == NotifyNormal || event.xfocus.mode == NotifyWhileGrabbed:
            return .focusIn(window: UInt(event.xfocus.window))
        case SelectionClear:
            return .selectionCleared(selection: UInt(event.xselectionclear.selection))
        case SelectionRequest:
            refuseSelectionRequest(event.xselectionrequest)
            return .other
        case MappingNotify:
            var m = event.xmapping
            XRefreshKeyboardMapping(&m)
            return .other
        case xkbEventBase where xkbEventBase >= 0:
            noteKeyboardEvent(&event)
            return .other
        default:
            if randrEventBase >= 0, type == randrEventBase + RRScreenChangeNotify || type == randrEventBase + RRNotify {
                XRRUpdateConfiguration(&event)
                return .screenChanged
            }
            return .other
        }
    }

    public func serverTime() -> XTime {
        if timeWindow == 0 {
            timeWindow = XCreateSimpleWindow(display, Window(root), -10, -10, 1, 1, 0, 0, 0)
            XSelectInput(display, timeWindow, PropertyChangeMask)
        }
        var zero: UInt8 = 0
        let a = Atom(atom("_TACTUS_TIME"))
        XChangeProperty(display, timeWindow, a, Atom(XA_CARDINAL), 8, PropModeReplace, &zero, 1)
        var event = XEvent()
        XWindowEvent(display, timeWindow, PropertyChangeMask, &event)
        return XTime(truncatingIfNeeded: event.xproperty.time)
    }

    /// Whether unread events are queued or readable (after a poll() wake-up).
    public var hasPendingEvents: Bool { XPending(display) > 0 }
}
