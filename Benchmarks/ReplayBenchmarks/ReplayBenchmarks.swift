import Benchmark
import GestureProfiles
import GestureTraces

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
        maxDuration: .seconds(5),
        maxIterations: 30
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

    let parsed = try! TraceReader.parse(text, file: "synthetic.jsonl", screen: (1920, 1080))
    Benchmark("Replay a 100,000-event trace: run only, no log") { benchmark in
        for _ in benchmark.scaledIterations {
            let replayer = Replayer(configuration: profile, screen: (1920, 1080), format: .json) { _ in }
            replayer.engine.removeObserver(replayer)
            replayer.run(parsed)
            blackHole(replayer.actions.count)
        }
    }
}
