// A plain driver for profilers (valgrind --tool=callgrind, perf) over the benchmarks' fixture:
//   EngineProfile [events] [all]
let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 200_000 : 200_000
let allInProgress = arguments.count > 2 && arguments[2] == "all"
let fixture = EngineFixture(allInProgress: allInProgress)
let start = ContinuousClock.now
for _ in 0..<count { fixture.moveOnce() }
let elapsed = ContinuousClock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print("\(count) moved events in \(seconds) s: \(Int(Double(count) / seconds)) events/s, \(fixture.actionCount) actions")
