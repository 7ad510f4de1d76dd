/// Bisection of a yes/no question over an interval: where, between a value that keeps a property
/// and one that does not, the property stops holding.
public enum Bisection {
    /// Halves `[kept, changed]` `steps` times, keeping at each step the half whose ends still
    /// disagree (`keeps` says whether a value keeps the property `kept` has), and answers the
    /// midpoint of what is left: within |changed − kept| / 2^(steps + 1) of the change. `kept`
    /// may lie on either side of `changed`.
    public static func midpoint<Failure: Error>(
        kept: Double, changed: Double, steps: Int, keeps: (Double) throws(Failure) -> Bool
    ) throws(Failure) -> Double {
        var same = kept
        var other = changed
        for _ in 0..<max(steps, 0) {
            let middle = (same + other) / 2
            if try keeps(middle) {
                same = middle
            } else {
                other = middle
            }
        }
        return (same + other) / 2
    }
}
