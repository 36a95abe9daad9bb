// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "tactus",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "GestureEngine", targets: ["GestureEngine"]),
    ],
    targets: [
        // Pure Swift: no X, no I/O, no Foundation. Everything time-dependent is driven by
        // event timestamps and an injected clock.
        .target(name: "GestureEngine"),
        .testTarget(name: "GestureEngineTests", dependencies: ["GestureEngine"]),
    ],
    swiftLanguageModes: [.v6]
)
