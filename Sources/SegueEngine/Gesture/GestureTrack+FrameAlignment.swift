extension GestureTrack {
    /// The resolution of a time on the wire, seconds: clients write sample times to six decimals,
    /// so a 60 Hz sample meant for the frame at 1/60 s arrives as 0.016667 s, a third of a
    /// microsecond after it. Real samples are milliseconds apart, never this close.
    public static let timeResolution = 1e-6

    /// The track with every sample that lies within ``timeResolution`` of a frame time moved onto
    /// it, frames being `began.time + k / frameRate` as `FrameGrid` lays them: so the sample meant
    /// for a frame counts for that frame everywhere (the translation and velocity read there, when
    /// the pan is recognised, whether the release has happened), and not for the next one.
    ///
    /// A sample keeps its time where moving it would not keep the times strictly increasing; the
    /// track is returned unchanged when nothing moves, or `frameRate` is not a positive finite rate.
    public func alignedToFrames(at frameRate: Double) -> GestureTrack {
        guard frameRate.isFinite, frameRate > 0 else { return self }
        let start = began.time
        var aligned = samples
        var moved = false
        var withinBounds = true
        for index in aligned.indices.dropFirst() {
            guard
                let frameTime = Self.frameTime(
                    of: aligned[index].time, start: start, frameRate: frameRate, after: aligned[index - 1].time,
                    before: index + 1 == aligned.count ? nil : aligned[index + 1].time)
            else { continue }
            aligned[index].time = frameTime
            moved = true
            withinBounds = withinBounds && abs(frameTime) <= Self.largestMagnitude
        }
        guard moved else { return self }
        // Only times moved, each onto a frame time between its neighbours' (checked above), so the
        // track stays valid, its strokes where they were, if every moved time stays within the
        // bound a time is held to.
        if withinBounds {
            return GestureTrack(checked: aligned, strokeBegins: strokeBegins)
        }
        let strokes = strokeRanges.count > 1
        return (try? GestureTrack(samples: aligned, maximumSampleCount: .max, allowsMultipleStrokes: strokes)) ?? self
    }

    /// The frame time a sample taken at `time` moves onto, or nil where it keeps its time: the grid
    /// time nearest it, when that lies within ``timeResolution`` of it and strictly between the
    /// (aligned) sample before it, at `after`, and the sample after it, at `before` (nil for the
    /// last sample). One rule for the whole track (`alignedToFrames`) and for a live gesture that
    /// aligns only its new samples (`LiveGesture`).
    static func frameTime(of time: Double, start: Double, frameRate: Double, after: Double, before: Double?)
        -> Double?
    {
        let frame = ((time - start) * frameRate).rounded()
        let frameTime = start + frame / frameRate
        guard frameTime != time, abs(frameTime - time) <= timeResolution, frameTime.isFinite, frameTime > after,
            before.map({ frameTime < $0 }) ?? true
        else { return nil }
        return frameTime
    }
}
