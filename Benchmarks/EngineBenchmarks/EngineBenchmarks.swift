import Benchmark
import GestureEngine
#if canImport(Glibc)
import Glibc
#endif

/// BENCH_SHORT=1 (make test runs make bench so): each benchmark for a few iterations, the
/// same code measured, so that the command the figures come from is known to run; the
/// figures themselves need the full run.
let shortRun = getenv("BENCH_SHORT") != nil

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident],
        scalingFactor: .kilo,
        maxDuration: shortRun ? .milliseconds(50) : .seconds(3),
        maxIterations: shortRun ? 10 : 1_000_000
    )

    /// Moved events one at a time through the engine of `makeFixture()` (made before the
    /// measurement starts), its actions kept from the optimizer.
    func movedEvents(_ name: String, _ makeFixture: @escaping () -> EngineFixture) {
        Benchmark(name) { benchmark in
            let fixture = makeFixture()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { fixture.moveOnce() }
            benchmark.stopMeasurement()
            blackHole(fixture.actionCount)
        }
    }

    movedEvents("Moved event, 20 recognizers tracking, 1 pan in progress") { EngineFixture(allInProgress: false) }
    movedEvents("Moved event, 20 pans all in progress (20 actions each)") { EngineFixture(allInProgress: true) }
    movedEvents("Moved event, 20 pans all in progress, observed") { EngineFixture(allInProgress: true, observer: CountingObserver()) }
}
