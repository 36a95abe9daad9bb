// swift-tools-version: 6.1
import PackageDescription

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

let package = Package(
    name: "tactus",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "GestureEngine", targets: ["GestureEngine"]),
        .library(name: "GestureProfiles", targets: ["GestureProfiles"]),
        .library(name: "ProfileEditing", targets: ["ProfileEditing"]),
        .executable(name: "tactus", targets: ["tactus"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        // Pure Swift: no X, no I/O, no Foundation. Everything time-dependent is driven by
        // event timestamps and an injected clock.
        .target(
            name: "GestureEngine",
            swiftSettings: [
                // Debug builds (the tests) keep Swift's dynamic exclusivity checks; release
                // builds drop them from the per-event path (a quarter of its instructions).
                .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
            ],
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // Helpers shared by the test targets (a reproducible random generator, the engine driven by hand).
        .target(name: "TestSupport", dependencies: ["GestureEngine"], path: "Tests/TestSupport"),
        .testTarget(name: "GestureEngineTests", dependencies: ["GestureEngine", "TestSupport"]),
        // Debian's libyaml (libyaml-dev) and the node trees composed from its events, with
        // positions for diagnostics. No Foundation (Yams needed all of it, ICU tables included).
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "YAMLTree", dependencies: ["CYAML"]),
        .testTarget(name: "YAMLTreeTests", dependencies: ["YAMLTree"]),
        // YAML profiles -> views, recognizers and actions (as data); windows come and go.
        .target(name: "GestureProfiles", dependencies: ["GestureEngine", "YAMLTree", "SystemCalls"]),
        .testTarget(name: "GestureProfilesTests", dependencies: ["GestureProfiles", "TestSupport"]),
        // The settings application's core (issue 33): edits of a profile file that change only
        // the text they concern, checked by the loader, saved atomically. No GTK, no X.
        .target(name: "ProfileEditing", dependencies: ["GestureProfiles", "YAMLTree", "SystemCalls"]),
        .testTarget(name: "ProfileEditingTests", dependencies: ["ProfileEditing", "GestureProfiles", "GestureImport", "SystemCalls"]),
        // Traces in (JSONL, evemu-record, libinput record), event log out, and replay.
        .target(name: "GestureTraces", dependencies: ["GestureProfiles", "SystemCalls", "CYAML"]),
        .testTarget(name: "GestureTracesTests", dependencies: ["GestureTraces", "StrokeDataSets", "TestSupport"], exclude: ["Scenarios", "RealHands", "Monitors"]),
        // What the settings application shows and warns of (issue 33): profiles as entries
        // and rows of words, gestures as small drawings, conflicts, and drafts of gestures the
        // monitor saw performed. Pure Swift: no GTK, no X, no I/O.
        .target(name: "ProfileDescriptions", dependencies: ["GestureProfiles", "GestureEngine", "GestureTraces"]),
        .testTarget(name: "ProfileDescriptionsTests", dependencies: ["ProfileDescriptions", "GestureProfiles", "GestureEngine"]),
        // Readers of the recorded data sets strokes are measured and chosen on (the $1 data
        // set, the drag set): for the tests and the template chooser, never in the daemon.
        .target(name: "StrokeDataSets", dependencies: ["GestureEngine", "GestureTraces"]),
        // Xlib, XInput 2, XTest and XRandR headers with a module map, and shims for macros.
        // tactus import: Touchégg, libinput-gestures and fusuma configurations -> a profile file.
        // No Foundation: a small bounded XML reader of its own, YAMLTree for fusuma's YAML.
        .target(name: "GestureImport", dependencies: ["GestureProfiles", "YAMLTree", "CYAML"]),
        .testTarget(name: "GestureImportTests", dependencies: ["GestureImport", "GestureProfiles", "GestureEngine", "TestSupport"], exclude: ["Fixtures"]),
        .target(name: "CX11"),
        // Every system call of the daemon and the tools, wrapped once (descriptors, poll,
        // inotify, signals, sockets, processes, the monotonic clock); package-internal.
        .target(name: "SystemCalls", dependencies: ["CSystemCalls"]),
        // The C the system calls need beyond Glibc (malloc_trim, a signal handler); no X.
        .target(name: "CSystemCalls"),
        // The X session: every Xlib/XI2 call behind a thin seam, input and ownership, windows,
        // actions, and the daemon's event loop.
        .target(name: "X11Session", dependencies: [
            "CX11", "SystemCalls", "GestureTraces", .product(name: "Logging", package: "swift-log"),
        ]),
        // The X servers, clients and devices the X integration tests and `make soak` drive
        // (Programs: the small GTK program the comparison tests run beside real ones).
        .target(name: "X11TestSupport", dependencies: ["X11Session", "SystemCalls", "GestureEngine", "TestSupport"], path: "Tests/X11TestSupport", exclude: ["Programs"]),
        .testTarget(name: "X11SessionTests", dependencies: ["X11Session", "SystemCalls", "TestSupport", "X11TestSupport"], exclude: ["xorg-inputtest.conf"]),
        // A small Xlib client for the integration tests: prints what it receives.
        .executableTarget(name: "tactus-test-window", dependencies: ["CX11"], path: "Tools/TestWindow"),
        // make soak: the daemon's long life on Xorg, driven by the X tests' fixture.
        .executableTarget(name: "tactus-soak", dependencies: ["X11TestSupport", "X11Session", "SystemCalls", "TestSupport", "CX11", "GestureEngine"], path: "Tools/Soak"),
        // make xorg-touch-repro: what Xorg does with a touch owner's rejections, without Tactus.
        .executableTarget(name: "xorg-touch-repro", dependencies: ["X11TestSupport", "TestSupport", "CX11", "GestureEngine"], path: "Tools/XorgTouchRepro"),
        // make bench-overlay: the feedback overlay's cost per frame on a real X server.
        .executableTarget(name: "tactus-overlay-bench", dependencies: ["X11Session", "GestureProfiles", "GestureEngine", "SystemCalls", "CX11"], path: "Benchmarks/overlay",
                          exclude: ["run.sh"]),
        // make bench-overlay, end to end: the daemon's overlay frames while three fingers move on Xorg.
        .executableTarget(name: "tactus-overlay-live", dependencies: ["X11TestSupport", "X11Session", "GestureProfiles", "GestureEngine", "CX11"], path: "Benchmarks/overlay-live"),
        // Chooses the built-in stroke templates from the $1 data set (`make stroke-templates`).
        .executableTarget(name: "stroke-templates", dependencies: ["GestureTraces", "StrokeDataSets"], path: "Tools/StrokeTemplates"),
        // GTK 4's C API (Debian's libgtk-4-dev), for the settings application.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        // tactus-settings: the desktop settings application (GTK 4), a package of its own so
        // that the daemon does not pull GTK in.
        .executableTarget(name: "tactus-settings", dependencies: ["CGtk", "GestureProfiles", "GestureEngine", "ProfileDescriptions", "ProfileEditing", "GestureImport", "X11Session", "SystemCalls"]),
        // The settings application's edits of a profile file, without GTK running.
        .testTarget(name: "TactusSettingsTests", dependencies: ["tactus-settings", "GestureEngine", "GestureProfiles", "ProfileDescriptions", "ProfileEditing"]),
        .executableTarget(name: "tactus", dependencies: [
            "GestureTraces", "X11Session", "GestureImport", "SystemCalls",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

// Benchmarks (package-benchmark) are added only when asked for (TACTUS_BENCHMARKS: `make bench`
// measures them; `make test` runs them once in a short form, so that they cannot rot unseen), so that
// the tactus build itself never depends on package-benchmark, and so that they measure the
// engine built exactly as the daemon is (a dependency package would lose the release flags
// above).
if ProcessInfo.processInfo.environment["TACTUS_BENCHMARKS"] != nil {
    package.dependencies += [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ]
    package.targets += [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [.product(name: "Benchmark", package: "benchmark"), "GestureEngine"],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ReplayBenchmarks",
            dependencies: [.product(name: "Benchmark", package: "benchmark"), "GestureTraces"],
            path: "Benchmarks/ReplayBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(name: "TraceGenerator", path: "Tools/TraceGenerator"),
        // A plain driver for profilers (valgrind --tool=callgrind, perf).
        .executableTarget(name: "EngineProfile", dependencies: ["GestureEngine"], path: "Tools/EngineProfile"),
    ]
}

// The libFuzzer targets (`make fuzz`), only when asked for: they are built apart, with
// `-sanitize=fuzzer,address` on every module (lld links them: gold fails on the sanitizers'
// objects).
if ProcessInfo.processInfo.environment["TACTUS_FUZZ"] != nil {
    package.targets += [
        .target(name: "CFuzzer", path: "Fuzz/CFuzzer"),
        .executableTarget(name: "tactus-fuzz", dependencies: ["CFuzzer", "GestureProfiles", "GestureTraces"], path: "Fuzz/Targets",
                          linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
    ]
}
