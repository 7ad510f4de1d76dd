import SegueMath

/// Geometry values as objects, each written where a value is expected (after a
/// `key`, or as an array element).
extension JSONWriter {
    /// `{"x","y","width","height"}`, points.
    mutating func rect(_ rect: Rect) {
        beginObject()
        member("x", rect.x)
        member("y", rect.y)
        member("width", rect.width)
        member("height", rect.height)
        endObject()
    }

    /// `{"width","height"}`, points.
    mutating func size(_ size: Size) {
        beginObject()
        member("width", size.width)
        member("height", size.height)
        endObject()
    }

    /// `{"x","y"}`.
    mutating func point(_ point: Point) {
        beginObject()
        member("x", point.x)
        member("y", point.y)
        endObject()
    }

    /// `{"a","b","c","d","tx","ty"}`, as `CGAffineTransform`.
    mutating func transform(_ transform: AffineTransform) {
        beginObject()
        member("a", transform.a)
        member("b", transform.b)
        member("c", transform.c)
        member("d", transform.d)
        member("tx", transform.tx)
        member("ty", transform.ty)
        endObject()
    }
}
