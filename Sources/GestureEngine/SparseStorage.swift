/// Collections that grew for a crowd and kept its room once it left: Swift's arrays, sets and
/// dictionaries never give back capacity, so ten thousand windows opened and closed would
/// keep their storage for the daemon's life. Past a thousand slots, one used in eight or
/// fewer, a collection is copied into storage of its size (amortized constant time: it
/// happens after seven removals in eight).
extension Dictionary {
    @inline(__always)
    public mutating func shrinkIfSparse() {
        guard capacity > 1024, count <= capacity / 8 else { return }
        var fresh = Self(minimumCapacity: count)
        for (key, value) in self { fresh[key] = value }
        self = fresh
    }
}

extension Set {
    @inline(__always)
    public mutating func shrinkIfSparse() {
        guard capacity > 1024, count <= capacity / 8 else { return }
        var fresh = Self(minimumCapacity: count)
        for element in self { fresh.insert(element) }
        self = fresh
    }
}

extension Array {
    @inline(__always)
    public mutating func shrinkIfSparse() {
        guard capacity > 1024, count <= capacity / 8 else { return }
        var fresh = Self()
        fresh.reserveCapacity(count)
        fresh.append(contentsOf: self)
        self = fresh
    }
}
