/// The cycles of the `requireToFail` graph, found in time linear in its size, without
/// recursion: a chain as long as a file can hold must not overflow the stack, and each
/// cycle reported costs its length, so that at most `limit` of them are.
enum RequirementCycles {
    /// Each cycle as the indices of its edges in order (`from` of the first is `to` of the
    /// last, the edge that closes it), each set of gestures once, in the order of a depth-first
    /// search from the edges' sources in their order.
    static func find(_ edges: [(from: String, to: String)], limit: Int = 10) -> [[Int]] {
        var outgoing: [String: [Int]] = [:]
        for (i, e) in edges.enumerated() { outgoing[e.from, default: []].append(i) }
        enum Visit { case onPath, done }
        var visit: [String: Visit] = [:]
        var cycles: [[Int]] = []
        var reported: Set<[String]> = []
        for root in edges.map(\.from) where visit[root] == nil {
            // The search path: each node, the edge that reached it, and its next edge to follow.
            var path: [(node: String, via: Int?, next: Int)] = [(root, nil, 0)]
            var position: [String: Int] = [root: 0]
            visit[root] = .onPath
            while let (node, _, next) = path.last {
                let out = outgoing[node] ?? []
                guard next < out.count else {
                    visit[node] = .done
                    position[node] = nil
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let edge = out[next]
                let target = edges[edge].to
                switch visit[target] {
                case .onPath:
                    guard cycles.count < limit, let start = position[target] else { continue }
                    let cycle = path[(start + 1)...].map { $0.via! } + [edge]
                    if reported.insert(cycle.map { edges[$0].from }.sorted()).inserted { cycles.append(cycle) }
                case nil:
                    visit[target] = .onPath
                    position[target] = path.count
                    path.append((target, edge, 0))
                case .done:
                    break
                }
            }
        }
        return cycles
    }
}
