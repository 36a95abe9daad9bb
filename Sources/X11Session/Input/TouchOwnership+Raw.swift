import GestureEngine

/// Raw touch events: all there is without a grab; with the grab on root, only the touches the
/// engine follows after they were released; below a window manager's grab, also the touches
/// that no grab of ours listens to (the bare root, a window whose grab was refused), observed.
/// See ``TouchOwnership``.
extension TouchOwnership {
    func handle(_ e: XRawTouchEvent) {
        let key = Key(source: e.source, touch: e.touch)
        let t = timeline.instant(e.time)
        if e.phase == .begin {
            switch mode {
            case .observer:
                guard let p = rawLocation(e) ?? touches[key]?.lastLocation else { return }
                if touches[key] != nil { finishStale(key, at: t) }
                let id = newID()
                touches[key] = Tracked(id: id, state: .observed(verdict: nil), device: e.source, lastLocation: p, landedAt: p)
                keys[id] = key
                feed.touch(.began, id, p, at: t, landedOn: surroundings.landingWindow(at: p, topLevel: nil))
            case .afterWindowManager:
                // Its TouchBegin through a grab of ours came first: a touch we hold.
                if touches[key]?.beganAt == e.time { return }
                // Otherwise it comes with this one, in the same frame, if a grab listens.
                pendingRawBegins[key] = e
            case .owner, .none:
                break
            }
            return
        }
        if pendingRawBegins[key] != nil { beginObservedTouches() }
        // Observed touches, and those the engine follows after it released them.
        guard let tracked = touches[key], tracked.state.carriedByRawEvents, !tracked.ended else { return }
        move(key, tracked, to: rawLocation(e) ?? tracked.lastLocation, ended: e.phase == .end, at: t)
    }

    /// Below a window manager's grab, at the end of a frame: the touches that began in it
    /// without a TouchBegin through a grab of ours are observed (the programs get them whatever
    /// the gestures make of them).
    func beginObservedTouches() {
        guard !pendingRawBegins.isEmpty else { return }
        let begins = pendingRawBegins.sorted { $0.value.touch < $1.value.touch }
        pendingRawBegins = [:]
        for (key, e) in begins {
            guard let p = rawLocation(e) else { continue }
            if touches[key] != nil { finishStale(key, at: timeline.instant(e.time)) }
            let id = newID()
            touches[key] = Tracked(id: id, state: .observed(verdict: nil), device: e.source, lastLocation: p, landedAt: p, beganAt: e.time)
            keys[id] = key
            logger.debug("touch \(id) began at \(Int(p.x)),\(Int(p.y)), seen raw only so far: observed (the programs get it whatever the gestures do) unless its TouchBegin through a grab of Tactus comes after all (none listens on the bare root window, or on a window whose grab was refused)")
            feed.touch(.began, id, p, at: timeline.instant(e.time), landedOn: surroundings.landingWindow(at: p, topLevel: nil))
        }
    }

    /// Device units to root coordinates: normalised by the axis ranges, through the device's
    /// transformation matrix, scaled to the screen (what the server does for device events).
    func rawLocation(_ e: XRawTouchEvent) -> Point? {
        guard let d = devices[e.source], let xr = d.xRange, let yr = d.yRange else { return nil }
        let previous = touches[Key(source: e.source, touch: e.touch)]?.lastLocation
        let screen = server.screenSize()
        var nx: Double, ny: Double
        if let x = e.x { nx = (x - xr.lowerBound) / (xr.upperBound - xr.lowerBound) } else if let p = previous { nx = p.x / screen.width } else { return nil }
        if let y = e.y { ny = (y - yr.lowerBound) / (yr.upperBound - yr.lowerBound) } else if let p = previous { ny = p.y / screen.height } else { return nil }
        if let m = matrices[e.source], e.x != nil || e.y != nil {
            let w = m[6] * nx + m[7] * ny + m[8]
            let tx = m[0] * nx + m[1] * ny + m[2], ty = m[3] * nx + m[4] * ny + m[5]
            if w != 0 && w.isFinite { nx = tx / w; ny = ty / w }
        }
        return Point(x: nx * screen.width, y: ny * screen.height)
    }
}
