#!/usr/bin/wish
# tk-text-probe: a Tk text widget for the X integration tests of programs without touch
# (ProgramsWithoutTouchXorgTests). Tk selects no XI 2.2 touch events: the X server gives it the
# first finger as mouse button 1. The widget fills its window (no border, no padding) and holds
# 500 numbered lines in Tk's fixed font. It prints, one line each, flushed:
#   ready LINESPACE                 the window is mapped and drawn: the height of a line
#   view FIRST TOPLINE PIXELS       the view moved (-yscrollcommand): the first visible
#                                   fraction, the line at the top, the pixels scrolled
#   press|release B X Y STATE       a mouse button event as Tk got it, in the text or the menu
#                                   (root coordinates, STATE in hex)
#   b1-motion X Y                   the pointer moved with Button1Mask in its state (what
#                                   drags a selection in a text)
#   selection RANGES                the sel tag changed (<<Selection>>): its ranges, or empty
#   menu mapped|unmapped            the context menu (posted by tk_popup on button 3)
#   menu-item copy                  the menu's item was invoked
# Usage: wish tk-text-probe.tcl -name NAME  (the window's class is NAME capitalized)

proc say {line} {
    puts $line
    flush stdout
}

wm geometry . 560x480+120+80
text .t -font TkFixedFont -wrap none -borderwidth 0 -highlightthickness 0 -padx 0 -pady 0
pack .t -fill both -expand 1
for {set i 1} {$i <= 500} {incr i} {
    .t insert end [format "line %03d: the quick brown fox jumps over the lazy dog\n" $i]
}
.t mark set insert 1.0

proc view {first last} {
    set total [.t count -update -ypixels 1.0 end]
    say "view $first [lindex [split [.t index @0,0] .] 0] [expr {round($first * $total)}]"
}
.t configure -yscrollcommand view

# The button events, before the Text class bindings (a tag of their own: one binding per tag
# fires, and the menu's <Button-3> is on .t).
bindtags .t [list log .t Text . all]
proc button {what b x y state} {
    say [format "%s %d %d %d 0x%x" $what $b $x $y $state]
}
bind log <ButtonPress> {button press %b %X %Y %s}
bind log <ButtonRelease> {button release %b %X %Y %s}
# Motion with button 1 held: what drags a selection.
bind log <Motion> {if {%s & 0x100} {say "b1-motion %X %Y"}}
bind .t <<Selection>> {say "selection [.t tag ranges sel]"}

menu .m -tearoff 0
bindtags .m [list log .m Menu . all]
.m add command -label "Copy" -command {say "menu-item copy"}
bind .m <Map> {say "menu mapped"}
bind .m <Unmap> {say "menu unmapped"}
bind .t <Button-3> {tk_popup .m %X %Y}

bind . <Map> {
    bind . <Map> {}
    after idle {
        update idletasks
        say "ready [font metrics TkFixedFont -linespace]"
    }
}
