// Writes a synthetic JSON-lines trace (for measuring `tactus replay`):
//   TraceGenerator EVENTS > trace.jsonl
let n = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000
print(syntheticTrace(events: n), terminator: "")
