import SegueMath

/// `yui.pathTooltip`: Path's scroll-synced clock tooltip (seed 004's YUI `PathView`,
/// `PathClockTooltip`; seed-transitions.md §13.3, scene L of §15.13). Not a
/// transition: the gesture scrolls a list, the tooltip fades in (0.2 s) and slides
/// along the scroll indicator, showing the time of the post it overlaps; after
/// scrolling stops (with any deceleration) it fades out 1.0 s later over 0.3 s.
struct PathTooltip: Preset {
    let description = PresetDescription(
        id: "yui.pathTooltip", title: "YUI Path clock tooltip (scroll-synced)",
        summary: "The gesture scrolls the list (offset = initialOffset − ty, then a UIScrollView coast at the release "
            + "velocity); the 120 × 40 tooltip fades in over 0.2 s, rides the scroll indicator (ty = progress·maxTravel) "
            + "and each frame's annotations give the offset, the post under the tooltip (index) with its time label and "
            + "hand angles. 1.0 s after scrolling stops it fades out over 0.3 s. The decision always finishes (rule "
            + "fadeOutAfterScrolling). Beyond the seed [inferred]: posts of equal height with evenly spaced times, no "
            + "rubber band at the content's ends, the hands shown at their target angles (no spring).",
        source: "seed 004 (YUI PathView, PathClockTooltip; seed-transitions.md §13.3, §15.13)")
    let sceneFields: [ParameterSpec] = [
        ParameterSpec(
            name: "window", kind: .size, defaultValue: .size(Size(width: 390, height: 844)),
            summary: "The window; the list fills it.", source: "seed-transitions.md §15 common device (390 × 844)"),
        ParameterSpec(
            name: "safeTop", kind: .number(0...500, unit: "pt"), defaultValue: .number(47),
            summary: "The top safe-area inset; the tooltip's top.", source: "seed-transitions.md §15 (safeTop = 47)"),
        ParameterSpec(
            name: "safeBottom", kind: .number(0...500, unit: "pt"), defaultValue: .number(34),
            summary: "The bottom safe-area inset.", source: "seed-transitions.md §15 (safeBottom = 34)"),
        ParameterSpec(
            name: "contentHeight", kind: .number(1...1_000_000, unit: "pt"), defaultValue: .number(8000),
            summary: "The list's content height.", source: "seed-transitions.md §15.13 (content height 8000)"),
        ParameterSpec(
            name: "initialOffset", kind: .number(0...1_000_000, unit: "pt"), defaultValue: .number(0),
            summary: "The scroll offset when the finger touches down (clamped to the scrollable range).",
            source: "engine"),
        ParameterSpec(
            name: "postHeight", kind: .number(1...100_000, unit: "pt"), defaultValue: .number(400),
            summary: "Each post's height; posts are stacked from the content's top [inferred].", source: "engine"),
    ]
    let parameters: [ParameterSpec] = [
        ParameterSpec(
            name: "showDuration", kind: .number(0.01...10, unit: "s"), defaultValue: .number(0.2),
            summary: "The fade-in on scroll (UIView default curve, easeInOut).",
            source: "seed 004: UIView.animate(withDuration: 0.2)"),
        ParameterSpec(
            name: "hideDelay", kind: .number(0...10, unit: "s"), defaultValue: .number(1),
            summary: "How long after scrolling stops the fade-out starts.",
            source: "seed 004: Timer.scheduledTimer(withTimeInterval: 1.0)"),
        ParameterSpec(
            name: "hideDuration", kind: .number(0.01...10, unit: "s"), defaultValue: .number(0.3),
            summary: "The fade-out (easeInOut).", source: "seed 004: UIView.animate(withDuration: 0.3, .curveEaseInOut)"
        ),
        ParameterSpec(
            name: "visibleTranslation", kind: .number(-200...200, unit: "pt"), defaultValue: .number(-8),
            summary: "The tooltip's tx while shown.", source: "seed 004: translationX: -8"),
        ParameterSpec(
            name: "hiddenTranslation", kind: .number(-200...200, unit: "pt"), defaultValue: .number(4),
            summary: "The tooltip's tx while hidden.", source: "seed 004: translationX: 4"),
        ParameterSpec(
            name: "stopSpeed", kind: .number(0.01...1000, unit: "pt/s"), defaultValue: .number(1),
            summary: "The speed at which a coasting scroll counts as stopped [inferred].", source: "engine"),
        ParameterSpec(
            name: "postInterval", kind: .number(0...100_000, unit: "min"), defaultValue: .number(95),
            summary: "Minutes between consecutive posts, newest first [inferred].", source: "engine"),
        ParameterSpec(
            name: "newestPostTime", kind: .number(0...100_000_000, unit: "min"),
            defaultValue: .number(PathTooltipClock.defaultNewestPost),
            summary: "The first post's time, minutes since 1970-01-01 00:00 (default 2012-01-16 9:30 PM) [inferred].",
            source: "engine"),
        ParameterSpec(
            name: "velocityEstimator", kind: .choice(["uikit", "leastSquares"]), defaultValue: .choice("leastSquares"),
            summary: "How the release velocity the coast starts from is estimated: a least-squares fit over the last "
                + "samples (default, so a finger held still before lifting does not fling, as a scroll view behaves "
                + "[inferred]) or UIKit's pan filter, which keeps the stale velocity of the last move.",
            source: "motion-math.md §4.1, §4.2"),
    ]
    let releaseRules = [
        DecisionRule(
            id: "fadeOutAfterScrolling",
            summary: "always finish: when scrolling stops (the release, or the end of the coast) the tooltip fades "
                + "out after hideDelay over hideDuration",
            source: "seed 004: scrollViewDidEndDragging/DidEndDecelerating start the 1.0 s hide timer")
    ]
    var exampleSamples: [GestureSample] { YUISmallExampleGestures.pathTooltip }

    /// The tooltip's constant geometry: 120 × 40, trailing inset 4, top at safeTop.
    static let tooltipSize = Size(width: 120, height: 40)
    static let trailingInset = 4.0
    /// The caret's width, points.
    static let caretWidth = 12.0

    /// The tooltip's shape (§13.3): a left semicircle of radius h/2, the top edge to
    /// w − 12, a caret to (w, h/2), back along the bottom.
    static let tooltipMask: MaskState = {
        let w = tooltipSize.width
        let h = tooltipSize.height
        let path = PathElement.svgPathData(for: [
            .move(to: Point(x: h / 2, y: 0)), .line(to: Point(x: w - caretWidth, y: 0)),
            .line(to: Point(x: w, y: h / 2)), .line(to: Point(x: w - caretWidth, y: h)),
            .line(to: Point(x: h / 2, y: h)), .arc(to: Point(x: h / 2, y: 0), radius: h / 2), .close,
        ])
        return MaskState(
            rect: Rect(origin: .zero, size: tooltipSize), cornerRadius: 0, cornerCurve: .circular, path: path)
    }()

    var trigger: Trigger {
        .gesture(
            example: exampleSamples,
            rules: DecisionRules(releaseRules[0], others: Array(releaseRules.dropFirst())))
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = input.scene
        let parameters = input.parameters
        let window = scene.size("window")
        let safeTop = scene.number("safeTop")
        let maxOffset = max(scene.number("contentHeight") - window.height, 0)
        // §13.3: maxTravel = listH − safeTop − (safeBottom + 120) − 40.
        let maxTravel = window.height - safeTop - (scene.number("safeBottom") + 120) - Self.tooltipSize.height
        let tooltipFrame = Rect(
            x: window.width - Self.trailingInset - Self.tooltipSize.width, y: safeTop,
            width: Self.tooltipSize.width, height: Self.tooltipSize.height)
        let bounds = Rect(origin: .zero, size: window)
        let postHeight = scene.number("postHeight")
        let postCount = max(Int(rounding: scene.number("contentHeight") / postHeight, .up) ?? 1, 1)
        func clampOffset(_ value: Double) -> Double { min(max(value, 0), maxOffset) }
        let initial = clampOffset(scene.number("initialOffset"))

        let gesture = try PresetGesture(input)
        let began = gesture.track.began.time
        let release = gesture.release.time
        let releaseOffset = clampOffset(initial - gesture.translation(at: release).y)
        let coastVelocity = -gesture.releaseVelocity.y
        let rate = DecelerationRate.normal
        let stopSpeed = parameters.number("stopSpeed")
        let coasts = abs(coastVelocity) > stopSpeed && gesture.release.phase == .ended
        let scrollEnd = release + (coasts ? rate.duration(fromVelocity: coastVelocity, toSpeed: stopSpeed) : 0)
        let show = TimingCurve.cubic(.easeInEaseOut, duration: parameters.number("showDuration"))
        let hideStart = scrollEnd + parameters.number("hideDelay")
        let hide = TimingCurve.cubic(.easeInEaseOut, duration: parameters.number("hideDuration"))
        let end = hideStart + hide.duration
        let visibleTx = parameters.number("visibleTranslation")
        let hiddenTx = parameters.number("hiddenTranslation")

        func offset(at time: Double) -> Double {
            if time < release { return clampOffset(initial - gesture.translation(at: time).y) }
            guard coasts else { return releaseOffset }
            let elapsed = min(time, scrollEnd) - release
            return clampOffset(releaseOffset + rate.coast(at: elapsed, velocity: coastVelocity).position)
        }
        func frame(_ time: Double, phase: FramePhase, settled: Bool) -> SimulationFrame {
            let scroll = offset(at: time)
            let progress = maxOffset > 0 ? min(max(scroll / maxOffset, 0), 1) : 0
            let shown = show.fraction(at: time - began)
            let hidden = settled ? 1 : hide.fraction(at: time - hideStart)
            let tx = hiddenTx + (visibleTx - hiddenTx) * shown + (hiddenTx - visibleTx) * hidden
            let ty = progress * maxTravel
            let transform = AffineTransform(translationX: tx, y: ty)
            let tooltip = LayerState(
                frame: tooltipFrame, transform: transform, opacity: shown - hidden, mask: Self.tooltipMask)
            // §13.3 probe: (frame.minX, frame.midY) in list coordinates picks the post.
            let probeY = tooltip.presentationFrame.midY + scroll
            // Clamped as a Double first: a probe far past the list (a window of 1e12 pt) is its last post.
            let row = min(max((probeY / postHeight).rounded(.down), 0), Double(postCount - 1))
            let index = Int(rounding: row) ?? 0
            let minutes = parameters.number("newestPostTime") - Double(index) * parameters.number("postInterval")
            let hands = PathTooltipClock.handAngles(minutes: minutes)
            return SimulationFrame(
                time: time, phase: phase, progress: hidden, layers: [LayerState(frame: bounds), tooltip],
                annotations: [
                    FrameAnnotation(name: "scrollOffset", value: .number(scroll)),
                    FrameAnnotation(name: "scrollProgress", value: .number(progress)),
                    FrameAnnotation(name: "postIndex", value: .number(Double(index))),
                    FrameAnnotation(name: "timeLabel", value: .text(PathTooltipClock.label(minutes: minutes))),
                    FrameAnnotation(name: "hourHandAngle", value: .number(hands.hour)),
                    FrameAnnotation(name: "minuteHandAngle", value: .number(hands.minute)),
                ])
        }

        let grid = input.frameGrid(start: began, end: end)
        let frames = try grid.frames(
            state: { time in frame(time, phase: time < release ? .interactive : .animating, settled: false) },
            finalState: { time in frame(time, phase: .settled, settled: true) })
        let translation = gesture.translation(at: release)
        let velocity = gesture.releaseVelocity
        let cancelled = gesture.release.phase == .cancelled
        let explanation =
            (cancelled ? "the gesture was cancelled; " : "")
            + "scrolling stopped at \(Format.amount(scrollEnd)) s (offset \(Format.amount(offset(at: scrollEnd))) pt"
            + (coasts ? " after a coast from \(Format.speed(coastVelocity)) pt/s" : ", no coast")
            + "): the tooltip fades out from \(Format.amount(hideStart)) s"
        return Simulation(
            presetID: description.id, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began,
            layers: [
                LayerDescription(id: "list", role: "the scrolling list of posts", frame: bounds),
                LayerDescription(
                    id: "tooltip", role: "the clock tooltip (black 70–100 % gradient, caret shape as its mask path)",
                    frame: tooltipFrame),
            ],
            decision: Decision(
                outcome: cancelled ? .cancel : .finish, time: release,
                rule: cancelled ? "gestureCancelled" : "fadeOutAfterScrolling", translation: translation,
                velocity: velocity, progress: 0, explanation: explanation, scrollOffset: releaseOffset),
            events: [
                SimulationEvent(time: began, type: .began), SimulationEvent(time: release, type: .released),
                SimulationEvent(time: end, type: cancelled ? .cancelled : .finished),
            ],
            frames: frames)
    }
}
