/// The next deadline of each connection on one drive loop, earliest first: a binary min-heap
/// indexed by the connection's slot, so that moving a connection's deadline (which happens at
/// nearly every turn: a realtime frame's time, the idle clock moved on by a byte heard) updates
/// its one entry in O(log n) instead of leaving stale entries behind.
///
/// Owned by its loop's thread; not shared.
struct DriveTimers {
    /// Slots, in heap order by their deadline.
    private var heap: [Int] = []
    /// Per slot: its deadline, and its index in `heap` (-1 when it has none).
    private var deadlines: [Double] = []
    private var positions: [Int] = []

    var isEmpty: Bool { heap.isEmpty }

    /// The earliest deadline and its slot.
    var first: (slot: Int, deadline: Double)? {
        heap.first.map { ($0, deadlines[$0]) }
    }

    /// Sets (or moves) `slot`'s deadline.
    mutating func schedule(_ slot: Int, at deadline: Double) {
        while positions.count <= slot {
            positions.append(-1)
            deadlines.append(0)
        }
        let position = positions[slot]
        if position < 0 {
            deadlines[slot] = deadline
            heap.append(slot)
            positions[slot] = heap.count - 1
            siftUp(heap.count - 1)
        } else if deadline != deadlines[slot] {
            let earlier = deadline < deadlines[slot]
            deadlines[slot] = deadline
            if earlier { siftUp(position) } else { siftDown(position) }
        }
    }

    /// Removes `slot`'s deadline, if it has one.
    mutating func cancel(_ slot: Int) {
        guard slot < positions.count, positions[slot] >= 0 else { return }
        let position = positions[slot]
        let last = heap.count - 1
        swapAt(position, last)
        heap.removeLast()
        positions[slot] = -1
        if position < heap.count {
            siftDown(position)
            siftUp(position)
        }
    }

    private mutating func swapAt(_ a: Int, _ b: Int) {
        guard a != b else { return }
        heap.swapAt(a, b)
        positions[heap[a]] = a
        positions[heap[b]] = b
    }

    private func earlier(_ a: Int, _ b: Int) -> Bool {
        deadlines[heap[a]] < deadlines[heap[b]]
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard earlier(child, parent) else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var least = left
            if left + 1 < heap.count, earlier(left + 1, left) { least = left + 1 }
            guard earlier(least, parent) else { return }
            swapAt(least, parent)
            parent = least
        }
    }
}
