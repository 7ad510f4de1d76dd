extension Rect {
    /// Whether the two rects share some area: an overlap of positive width and height (rects
    /// that only touch along an edge do not overlap).
    public func overlaps(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether `point` lies in the rect, edges included (a touch on a view's edge is on it).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }
}
