import Benchmark
import GestureEngine

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident],
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 1_000_000
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
