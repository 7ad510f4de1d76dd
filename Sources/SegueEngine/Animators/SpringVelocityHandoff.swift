/// Hands a gesture's release velocity to a settling spring as UIKit's relative
/// `initialVelocity`: each axis divided by the distance that axis still has to
/// travel, 0 where that distance is 0 (motion-math.md §2.8).
public enum SpringVelocityHandoff {
    /// The relative velocity (changes per second) for one axis: `velocity` in points
    /// per second, from `current` to `target` in points.
    public static func relativeVelocity(_ velocity: Double, from current: Double, to target: Double) -> Double {
        let distance = target - current
        guard distance != 0, velocity.isFinite, distance.isFinite else { return 0 }
        return velocity / distance
    }

    /// Both axes at once; UIKit splits a position animation into x and y springs
    /// when they differ.
    public static func relativeVelocity(
        x: Double, y: Double, from current: (x: Double, y: Double), to target: (x: Double, y: Double)
    ) -> (dx: Double, dy: Double) {
        (relativeVelocity(x, from: current.x, to: target.x), relativeVelocity(y, from: current.y, to: target.y))
    }
}
