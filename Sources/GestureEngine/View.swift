/// A rectangle of the screen that touches can be delivered to: the screen, a window, a region
/// of a window, a control. Frames are in screen coordinates.
public final class View: CustomStringConvertible {
    /// The last component of the view's path (`screen`, `browser:4194313`, `tab-strip`).
    public let name: String
    public var frame: Rect
    /// Hidden views are skipped by hit-testing, with their subviews.
    public var isHidden = false
    /// Disabled views are skipped by hit-testing, with their subviews.
    public var isUserInteractionEnabled = true
    /// Makes the view a control with a built-in default gesture (semantics.md §7).
    public var control: Control?
    /// Extra veto for `gestureRecognizerShouldBegin` (after the control's own rule).
    public var shouldBeginHook: ((GestureRecognizer, View) -> Bool)?
    /// Called (after the event) when the view's control fires its default action.
    public var controlActionHandler: ((ActionEvent) -> Void)?
    /// Arbitrary data for the layer that built the view (e.g. the window it stands for).
    public var userInfo: AnyHashable?
    /// The monitors the view spans, in screen coordinates (the screen view: XRandR's
    /// monitors); empty = the frame is one monitor. Edge pans on the view use the edges of
    /// the monitor where their touch starts (``edgeFrame(at:)``).
    public var monitors: [Rect] = []

    public private(set) var subviews: [View] = []
    public private(set) weak var superview: View?
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Set on the root view by the engine that owns it; inherited through `superview`.
    weak var rootEngine: GestureEngine?
    /// Touches currently down whose path includes this view (a recognizer's "sequence").
    var activeTouchCount = 0
    var controlTracker = ControlTracker()
    /// Depth in the tree (root = 0), refreshed when the tree changes.
    private(set) var depth = 0

    public init(name: String, frame: Rect) {
        self.name = name
        self.frame = frame
    }

    var engine: GestureEngine? {
        var v: View? = self
        while let current = v {
            if let e = current.rootEngine { return e }
            v = current.superview
        }
        return nil
    }

    /// `screen/browser:4194313/tab-strip`. Cached: logs ask for it on every line.
    public var path: String {
        if let cachedPath { return cachedPath }
        let p = superview.map { $0.path + "/" + name } ?? name
        cachedPath = p
        return p
    }
    private var cachedPath: String?

    private func invalidatePath() {
        cachedPath = nil
        for s in subviews { s.invalidatePath() }
    }

    public var description: String { path }

    /// Whether `self` is `other` or lies below it.
    public func isDescendant(of other: View) -> Bool {
        var v: View? = self
        while let current = v {
            if current === other { return true }
            v = current.superview
        }
        return false
    }

    /// The rectangle whose edges count for a touch starting at `p`: the smallest monitor
    /// containing it (a monitor declared inside a larger one wins), else the frame.
    public func edgeFrame(at p: Point) -> Rect {
        var best: Rect?
        for m in monitors where m.contains(p) {
            if best.map({ m.width * m.height < $0.width * $0.height }) ?? true { best = m }
        }
        return best ?? frame
    }

    // MARK: Tree

    /// Adds `view` on top of the existing subviews (later = higher in the stacking order).
    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        view.updateDepth(depth + 1)
    }

    /// Inserts `view` at `index` in the stacking order (0 = bottom).
    public func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superview = self
        view.updateDepth(depth + 1)
    }

    /// Moves a subview to `index` in the stacking order (0 = bottom) without detaching it, so
    /// gestures under way on it go on.
    public func moveSubview(_ view: View, to index: Int) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: i)
        subviews.insert(view, at: max(0, min(index, subviews.count)))
    }

    /// Puts `ordered` — some of the subviews, each once — at the bottom of the stacking order
    /// in that order, the other subviews above them in theirs, in one pass (a window manager
    /// restacking thousands of windows).
    public func reorderSubviews(_ ordered: [View]) {
        let moving = Set(ordered.lazy.filter { $0.superview === self }.map(ObjectIdentifier.init))
        let rest = subviews.filter { !moving.contains(ObjectIdentifier($0)) }
        subviews = ordered.filter { $0.superview === self } + rest
    }

    /// Moves a subview to the top of the stacking order.
    public func bringSubviewToFront(_ view: View) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: i)
        subviews.append(view)
    }

    /// Detaches the view. Recognizers in it and below it that are tracking touches are
    /// cancelled (in progress) or failed (possible): the window vanished mid-gesture.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let engine = self.engine
        engine?.viewWillBeRemoved(self)
        parent.subviews.removeAll { $0 === self }
        parent.subviews.shrinkIfSparse()
        superview = nil
        updateDepth(0)
    }

    private func updateDepth(_ d: Int) {
        invalidatePath()  // called whenever the view changes parent
        depth = d
        for s in subviews { s.updateDepth(d + 1) }
    }

    // MARK: Recognizers

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        engine?.recognizerWillBeRemoved(recognizer)
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    // MARK: Hit-testing

    /// The deepest visible, enabled view containing `point`, topmost subview first.
    public func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, frame.contains(point) else { return nil }
        for sub in subviews.reversed() {
            if let hit = sub.hitTest(point) { return hit }
        }
        return self
    }

    /// Asked when `recognizer`, attached to an ancestor of this view, wants to leave
    /// `possible` while tracking `touch` that lies in this view (semantics.md §5 step 3).
    /// Controls answer no for their own default gesture (§7).
    /// `beganOnThumb`: the touch went down on this control's thumb.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer, touch: Touch, beganOnThumb: Bool) -> Bool {
        if let control, control.takesPrecedence(over: recognizer, beganOnThumb: beganOnThumb) { return false }
        if let hook = shouldBeginHook, !hook(recognizer, self) { return false }
        return true
    }
}
