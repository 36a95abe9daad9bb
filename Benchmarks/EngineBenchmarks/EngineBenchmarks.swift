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

    Benchmark("Moved event, 20 recognizers tracking, 1 pan in progress") { benchmark in
        let fixture = EngineFixture(allInProgress: false)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { fixture.moveOnce() }
        benchmark.stopMeasurement()
        blackHole(fixture.actionCount)
    }

    Benchmark("Moved event, 20 pans all in progress (20 actions each)") { benchmark in
        let fixture = EngineFixture(allInProgress: true)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { fixture.moveOnce() }
        benchmark.stopMeasurement()
        blackHole(fixture.actionCount)
    }

    Benchmark("Moved event, 20 pans all in progress, observed") { benchmark in
        let fixture = EngineFixture(allInProgress: true, observer: CountingObserver())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { fixture.moveOnce() }
        benchmark.stopMeasurement()
        blackHole(fixture.actionCount)
    }
}
