/// A JSON-lines trace of `events` touch events: a screen, two windows, then taps, one-finger
/// drags, two-finger pinches and double taps in turn, the way a person would make them.
func syntheticTrace(events target: Int) -> String {
    var out = "{\"t\":0,\"kind\":\"screen\",\"width\":1920,\"height\":1080}\n"
    out += "{\"t\":0,\"kind\":\"window\",\"id\":1,\"class\":\"firefox\",\"instance\":\"Navigator\",\"title\":\"Mozilla Firefox\",\"type\":\"normal\",\"frame\":[0,0,1280,800],\"focused\":true}\n"
    out += "{\"t\":0,\"kind\":\"window\",\"id\":2,\"class\":\"XTerm\",\"instance\":\"xterm\",\"title\":\"bash\",\"type\":\"normal\",\"frame\":[1280,0,640,800]}\n"
    var t = 10.0
    var id = 0
    var count = 0
    func touch(_ phase: String, _ i: Int, _ x: Double, _ y: Double) {
        out += "{\"t\":\(t),\"kind\":\"touch\",\"phase\":\"\(phase)\",\"id\":\(i),\"x\":\(x),\"y\":\(y)}\n"
        count += 1
    }
    var pattern = 0
    while count < target {
        let x = 200 + Double((pattern * 97) % 1500), y = 150 + Double((pattern * 53) % 700)
        switch pattern % 4 {
        case 0:  // a tap
            id += 1; touch("began", id, x, y); t += 60; touch("ended", id, x, y)
        case 1:  // a drag
            id += 1; touch("began", id, x, y)
            for k in 1...20 { t += 8; touch("moved", id, x + Double(k) * 6, y + Double(k)) }
            touch("ended", id, x + 120, y + 20)
        case 2:  // a pinch
            id += 2; touch("began", id - 1, x, y); t += 20; touch("began", id, x + 200, y)
            for k in 1...10 {
                t += 8; touch("moved", id - 1, x - Double(k) * 4, y)
                touch("moved", id, x + 200 + Double(k) * 4, y)
            }
            touch("ended", id - 1, x - 40, y); t += 10; touch("ended", id, x + 240, y)
        default:  // a double tap
            id += 1; touch("began", id, x, y); t += 50; touch("ended", id, x, y)
            t += 100
            id += 1; touch("began", id, x + 2, y); t += 50; touch("ended", id, x + 2, y)
        }
        t += 400
        pattern += 1
    }
    return out
}
