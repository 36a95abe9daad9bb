import Benchmark
import GestureEngine
import GestureProfiles
import GestureTraces
#if canImport(Glibc)
import Glibc
#endif

/// BENCH_SHORT=1 (make test runs make bench so): each benchmark for a few iterations, the
/// same code measured, so that the command the figures come from is known to run; the
/// figures themselves need the full run.
let shortRun = getenv("BENCH_SHORT") != nil

/// The profile of config.md's example, which the trace exercises on the screen and on a window.
let exampleProfile = #"""
version: 1
profiles:
  - name: desktop
    match: any
    gestures:
      - { name: next-desktop, swipe: { direction: left, touches: 3 }, action: { desktop: next } }
      - { name: previous-desktop, swipe: { direction: right, touches: 3 }, action: { desktop: previous } }
      - name: zoom
        pinch: { touches: 2 }
        simultaneousWith: [turn]
        repeat: { every: 0.1, action: { keys: ctrl+plus }, reverse: { keys: ctrl+minus } }
      - { name: turn, rotation: {}, on: { ended: { log: "rotated {degrees}" } } }
      - { name: right-click, longPress: { minimumDuration: 0.6 }, action: { click: 3 } }
  - name: browser
    match: { class: firefox }
    gestures:
      - { name: double-tap, tap: { taps: 2 }, action: { window: toggle-maximize } }
      - { name: tap, tap: {}, requireToFail: [double-tap], action: { log: "single tap at {x},{y}" } }
      - { name: back, edgePan: { edges: [left] }, action: { keys: alt+Left } }
"""#

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
        maxDuration: shortRun ? .milliseconds(50) : .seconds(5),
        maxIterations: shortRun ? 2 : 30
    )
    let profile = ProfileLoader.load(yaml: exampleProfile, path: "example").file!
    let text = syntheticTrace(events: 100_000)

    Benchmark("Replay a 100,000-event trace: read, run, write the JSON log") { benchmark in
        for _ in benchmark.scaledIterations {
            let lines = try! TraceReader.parse(text, file: "synthetic.jsonl", screen: (1920, 1080))
            var bytes = 0
            let replayer = Replayer(configuration: profile, screen: (1920, 1080), format: .json) { bytes &+= $0.utf8.count }
            replayer.run(lines)
            blackHole(bytes)
        }
    }

    // A stroke as a person draws it (a built-in star, moved, scaled and jittered), matched
    // against every built-in template (16 shapes × 8 drawings), as the recognizer does when
    // the finger lifts; and a straight drag, which the drag rule turns away.
    let templates = BuiltInStrokes.names.flatMap { n in BuiltInStrokes.templates(named: n).map(\.template) }
    let star = BuiltInStrokes.templates(named: "star")[0].points.enumerated().map { i, p in
        Point(x: 300 + p.x * 1.7 + Double(i % 3), y: 200 + p.y * 1.7 - Double(i % 2))
    }
    let drag = (0..<64).map { i in Point(x: 300 + Double(i) * 9, y: 500 + Double(i % 3)) }
    let strokeConfiguration = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: shortRun ? .milliseconds(50) : .seconds(3), maxIterations: shortRun ? 10 : 100_000)
    Benchmark("Stroke recognition against 16 × \(templates.count / 16) templates", configuration: strokeConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(UnistrokeMatcher.match(star, templates: templates))
        }
    }
    Benchmark("Stroke recognition of a straight drag", configuration: strokeConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(UnistrokeMatcher.match(drag, templates: templates))
        }
    }

    let parsed = try! TraceReader.parse(text, file: "synthetic.jsonl", screen: (1920, 1080))
    Benchmark("Replay a 100,000-event trace: run only, no log") { benchmark in
        for _ in benchmark.scaledIterations {
            let replayer = Replayer(configuration: profile, screen: (1920, 1080), format: .json) { _ in }
            replayer.stopLoggingObservations()
            replayer.run(parsed)
            blackHole(replayer.actions.count)
        }
    }
}
