extension GestureTrack {
    /// The largest magnitude accepted for a time (seconds) or a coordinate (points): 10¹⁵. Far
    /// beyond any real clock reading or screen, it keeps every difference, product and quotient
    /// the queries and estimators form finite.
    /// (Messages spell it "1e15"; change them with it.)
    public static let largestMagnitude = 1e15

    /// Every problem with `samples`, in order: first those of the sequence as a whole, then each
    /// sample's, by index. Empty when the samples make a valid track.
    ///
    /// Each time is compared with the nearest earlier finite time, so one bad time is reported
    /// once rather than also flagging its neighbours. A sample after the terminal one is reported
    /// as such and not also as a second `began`. A first sample that is `ended` is reported as not
    /// `began`, and does not make the rest "after the end".
    /// With `allowsMultipleStrokes`, a `began` right after a terminal sample starts a new stroke
    /// instead of being reported.
    static func issues(
        in samples: [GestureSample], maximumSampleCount: Int, allowsMultipleStrokes: Bool = false
    ) -> [GestureValidationError.Issue] {
        var issues: [GestureValidationError.Issue] = []
        func report(_ index: Int?, _ field: String?, _ message: String) {
            issues.append(GestureValidationError.Issue(index: index, field: field, message: message))
        }

        if samples.isEmpty {
            report(nil, nil, "the gesture has no samples; send at least one, with phase \"began\"")
            return issues
        }
        if samples.count > maximumSampleCount {
            report(
                nil, nil,
                "the gesture has \(samples.count) samples, more than the \(maximumSampleCount) allowed; "
                    + "send fewer, for example one per display frame")
        }

        var terminalIndex: Int?
        var previousFiniteTime: (index: Int, time: Double)?
        for (index, sample) in samples.enumerated() {
            // Phase.
            if allowsMultipleStrokes, terminalIndex == index - 1, sample.phase == .began {
                // A new stroke: the finger touched down again after lifting.
                terminalIndex = nil
            } else if let terminal = terminalIndex {
                let another = allowsMultipleStrokes ? " unless it is a \"began\" starting a new stroke" : ""
                report(
                    index, nil,
                    "sample \(index) comes after sample \(terminal), which has phase "
                        + "\"\(samples[terminal].phase.rawValue)\"; "
                        + "nothing may follow an \"ended\" or \"cancelled\" sample\(another), so remove it")
            } else if index == 0 && sample.phase != .began {
                report(
                    0, "phase",
                    "sample 0 has phase \"\(sample.phase.rawValue)\"; the first sample must have phase \"began\"")
            } else if index > 0 && sample.phase == .began {
                let rule =
                    allowsMultipleStrokes
                    ? "only the first sample, or one right after an \"ended\" or \"cancelled\" sample, "
                        + "may have phase \"began\", so use \"changed\" or end the stroke first"
                    : "only the first sample may have phase \"began\", so use \"changed\""
                report(index, "phase", "sample \(index) has phase \"began\"; " + rule)
            }
            if index > 0 && terminalIndex == nil && sample.phase.isTerminal {
                terminalIndex = index
            }

            // Time: finite, not absurdly large, after the previous finite time.
            let time = sample.time
            if !time.isFinite {
                report(index, "t", "sample \(index) has time \(time); times must be finite numbers of seconds")
            } else {
                if !(abs(time) <= largestMagnitude) {
                    report(
                        index, "t",
                        "sample \(index) has time \(time) s; times must lie within ±1e15 s, "
                            + "so measure them from a nearer origin")
                }
                if let previous = previousFiniteTime {
                    if time == previous.time {
                        report(
                            index, "t",
                            "sample \(index) has time \(time) s, the same as sample \(previous.index); "
                                + "times must increase, so drop one or correct its time")
                    } else if time < previous.time {
                        report(
                            index, "t",
                            "sample \(index) has time \(time) s, not after sample \(previous.index)'s "
                                + "\(previous.time) s; times must increase")
                    }
                }
                previousFiniteTime = (index, time)
            }

            // Location: finite, not absurdly large. Checked field by field without an array of
            // them: this runs for every sample of every request, and of every drive message.
            checkCoordinate(sample.location.x, field: "x", index: index, report: report)
            checkCoordinate(sample.location.y, field: "y", index: index, report: report)
        }
        return issues
    }

    /// Reports a coordinate that is not finite, or lies beyond ±`largestMagnitude`.
    private static func checkCoordinate(
        _ value: Double, field: String, index: Int, report: (Int?, String?, String) -> Void
    ) {
        if !value.isFinite {
            report(index, field, "sample \(index) has \(field) = \(value); locations must be finite numbers of points")
        } else if !(abs(value) <= largestMagnitude) {
            report(
                index, field,
                "sample \(index) has \(field) = \(value) points; locations must lie within ±1e15 points")
        }
    }
}
