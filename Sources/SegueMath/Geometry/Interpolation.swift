/// Linear interpolation between two numbers, shared by the geometry types.
///
/// Written as `(1 − f)·a + f·b` rather than `a + f·(b − a)` so that `f = 0` gives `a` and
/// `f = 1` gives `b` exactly, which keeps the first and last frame of an animation bit-exact.
/// `fraction` is not clamped: springs overshoot, so values outside [0, 1] extrapolate.
func interpolate(from start: Double, to end: Double, fraction: Double) -> Double {
    (1 - fraction) * start + fraction * end
}
