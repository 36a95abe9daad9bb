import GestureProfiles

/// The desktops as the window manager lays them out on a grid (EWMH `_NET_DESKTOP_LAYOUT`:
/// orientation, columns, rows, starting corner), for `desktop: up` and its kin. Without the
/// property the desktops are one row, as EWMH says.
struct DesktopGrid: Equatable {
    var count: Int
    var columns: Int
    var rows: Int
    /// Desktops numbered down each column first (`_NET_WM_ORIENTATION_VERT`), else along rows.
    var vertical: Bool
    /// 0 top left, 1 top right, 2 bottom right, 3 bottom left: where desktop 0 is.
    var corner: Int

    /// The grid of `count` desktops from `_NET_DESKTOP_LAYOUT`'s values (nil: not set). A zero
    /// columns or rows is computed from the other, as EWMH allows.
    init(count: Int, layout: [UInt]?) {
        self.count = max(1, count)
        guard let layout, layout.count >= 3 else {
            (columns, rows, vertical, corner) = (self.count, 1, false, 0)
            return
        }
        vertical = layout[0] == 1
        corner = layout.count >= 4 && layout[3] <= 3 ? Int(layout[3]) : 0
        var c = Int(min(layout[1], 1000)), r = Int(min(layout[2], 1000))
        if c == 0 && r == 0 { c = self.count; r = 1 }
        if c == 0 { c = (self.count + r - 1) / r }
        if r == 0 { r = (self.count + c - 1) / c }
        (columns, rows) = (c, r)
    }

    /// Where `desktop` is on the screen's grid: row from the top, column from the left.
    func place(of desktop: Int) -> (row: Int, column: Int) {
        var row = vertical ? desktop % rows : desktop / columns
        var column = vertical ? desktop / rows : desktop % columns
        if corner == 1 || corner == 2 { column = columns - 1 - column }
        if corner == 2 || corner == 3 { row = rows - 1 - row }
        return (row, column)
    }

    /// The desktop at a place of the grid, nil where there is none.
    func desktop(row: Int, column: Int) -> Int? {
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return nil }
        let r = corner == 2 || corner == 3 ? rows - 1 - row : row
        let c = corner == 1 || corner == 2 ? columns - 1 - column : column
        let d = vertical ? c * rows + r : r * columns + c
        return d < count ? d : nil
    }

    /// The neighbour of `desktop` that `move` names; nil at the grid's edge (no wrapping,
    /// as Touchégg's grid moves and libinput-gestures' `_internal` without `-w`).
    func neighbour(of desktop: Int, _ move: DesktopMove) -> Int? {
        let here = place(of: desktop)
        let (columns, rows) = move.step
        return self.desktop(row: here.row + rows, column: here.column + columns)
    }
}
