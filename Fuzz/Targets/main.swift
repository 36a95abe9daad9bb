import CFuzzer
import Foundation
import Glibc

// tactus-fuzz TARGET [libFuzzer options] [CORPUS…]: one libFuzzer target of Tactus, built
// with `-sanitize=fuzzer,address` (make fuzz). tactus-fuzz seed TARGET FOLDER writes the
// target's seed corpus, made from the shipped examples and recordings.

let usage = "usage: tactus-fuzz TARGET [libFuzzer options] [CORPUS...] | tactus-fuzz seed TARGET FOLDER\ntargets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n"

var arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "seed", let target = FuzzTarget(rawValue: arguments[2]) {
    let written = Seeds.write(target, to: arguments[3])
    print("\(target.rawValue): \(written) seeds in \(arguments[3])")
    exit(written > 0 ? 0 : 1)
}
guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
chosen = target
chosen.prepare()
// libFuzzer reads its options from argv[1…]: the target's name is not one of them.
var argv: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
var argc = Int32(argv.count - 1)
let status = argv.withUnsafeMutableBufferPointer { buffer -> Int32 in
    var base: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
    return LLVMFuzzerRunDriver(&argc, &base) { data, size in
        chosen.run(UnsafeBufferPointer(start: data, count: size))
        return 0
    }
}
exit(status)
