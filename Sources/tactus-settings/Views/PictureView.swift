import CGtk
import ProfileDescriptions

/// A gesture's picture (ProfileDescriptions' primitives in the unit square) drawn with cairo
/// in a small drawing area, in the theme's text colour with the motion in its accent blue;
/// named for screen readers by what the hand does.
@MainActor
enum PictureView {
    static func make(_ picture: GesturePicture, describing words: String, size: Int32 = 56) -> Widget {
        let area = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_width(area.as(GtkDrawingArea.self), size)
        gtk_drawing_area_set_content_height(area.as(GtkDrawingArea.self), size)
        gtk_widget_set_valign(area, GTK_ALIGN_CENTER)
        cgtk_set_accessible_label(area, "Picture: \(words)")
        setDrawing(area) { cairo, width, height in
            var color = GdkRGBA()
            gtk_style_context_get_color(gtk_widget_get_style_context(area), &color)
            draw(picture, on: cairo, width: width, height: height, foreground: color)
        }
        return area
    }

    /// Draws into `cairo` scaled to the area, with a margin so strokes are not cut.
    static func draw(_ picture: GesturePicture, on cairo: OpaquePointer, width: Double, height: Double, foreground: GdkRGBA) {
        let side = min(width, height)
        let margin = side * 0.06
        let scale = side - 2 * margin
        cairo_save(cairo)
        cairo_translate(cairo, (width - side) / 2 + margin, (height - side) / 2 + margin)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        func colour(_ role: GesturePicture.Role) {
            switch role {
            case .finger: cairo_set_source_rgba(cairo, Double(foreground.red), Double(foreground.green), Double(foreground.blue), 0.85)
            case .motion: cairo_set_source_rgba(cairo, 0.21, 0.52, 0.89, 1)
            case .mark: cairo_set_source_rgba(cairo, Double(foreground.red), Double(foreground.green), Double(foreground.blue), 0.55)
            case .outline: cairo_set_source_rgba(cairo, Double(foreground.red), Double(foreground.green), Double(foreground.blue), 0.35)
            }
            cairo_set_line_width(cairo, max(1.5, scale * (role == .motion ? 0.05 : 0.035)))
        }
        for primitive in picture.primitives {
            switch primitive {
            case .circle(let center, let radius, let filled, let role):
                colour(role)
                cairo_new_path(cairo)
                cairo_arc(cairo, center.x * scale, center.y * scale, radius * scale, 0, 2 * Double.pi)
                if filled { cairo_fill(cairo) } else { cairo_stroke(cairo) }
            case .path(let points, let closed, let role):
                guard let first = points.first else { continue }
                colour(role)
                cairo_new_path(cairo)
                cairo_move_to(cairo, first.x * scale, first.y * scale)
                for p in points.dropFirst() { cairo_line_to(cairo, p.x * scale, p.y * scale) }
                if closed { cairo_close_path(cairo) }
                cairo_stroke(cairo)
            case .arc(let center, let radius, let start, let end, let role):
                colour(role)
                cairo_new_path(cairo)
                cairo_arc(cairo, center.x * scale, center.y * scale, radius * scale, start, end)
                cairo_stroke(cairo)
            }
        }
        cairo_restore(cairo)
    }
}
