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
            + "fadeOutAfterScrolling). Beyond the original [inferred]: posts of equal height with evenly spaced times, no "
            + "rubber band at the content's ends, the hands shown at their target angles (no spring).",
        source: "the YUI gallery, github.com/yihui-hu/YUI (YUI PathView, PathClockTooltip)")
    /// The scene's fields, as clients set them.
    enum SceneKeys {
        static let window = ParameterKey.size(
            "window", default: Size(width: 390, height: 844), summary: "The window; the list fills it.",
            source: "Segue's default scene: an iPhone window (390 × 844)")
        static let safeTop = ParameterKey.number(
            "safeTop", default: 47, in: 0...500, unit: "pt", summary: "The top safe-area inset; the tooltip's top.",
            source: "Segue's default scene (safeTop = 47)")
        static let safeBottom = ParameterKey.number(
            "safeBottom", default: 34, in: 0...500, unit: "pt", summary: "The bottom safe-area inset.",
            source: "Segue's default scene (safeBottom = 34)")
        static let contentHeight = ParameterKey.number(
            "contentHeight", default: 8000, in: 1...1_000_000, unit: "pt", summary: "The list's content height.",
            source: "Segue's default scene (content height 8000)")
        static let initialOffset = ParameterKey.number(
            "initialOffset", default: 0, in: 0...1_000_000, unit: "pt",
            summary: "The scroll offset when the finger touches down (clamped to the scrollable range).",
            source: "Segue's own value (not in the original)")
        static let postHeight = ParameterKey.number(
            "postHeight", default: 400, in: 1...100_000, unit: "pt",
            summary: "Each post's height; posts are stacked from the content's top [inferred].",
            source: "Segue's own value (not in the original)")
    }

    /// The parameters, each declared once with its source.
    enum Keys {
        static let showDuration = ParameterKey.number(
            "showDuration", default: 0.2, in: 0.01...10, unit: "s",
            summary: "The fade-in on scroll (UIView default curve, easeInOut).",
            source: "YUI (yihui-hu/YUI): UIView.animate(withDuration: 0.2)")
        static let hideDelay = ParameterKey.number(
            "hideDelay", default: 1, in: 0...10, unit: "s",
            summary: "How long after scrolling stops the fade-out starts.",
            source: "YUI (yihui-hu/YUI): Timer.scheduledTimer(withTimeInterval: 1.0)")
        static let hideDuration = ParameterKey.number(
            "hideDuration", default: 0.3, in: 0.01...10, unit: "s", summary: "The fade-out (easeInOut).",
            source: "YUI (yihui-hu/YUI): UIView.animate(withDuration: 0.3, .curveEaseInOut)")
        static let visibleTranslation = ParameterKey.number(
            "visibleTranslation", default: -8, in: -200...200, unit: "pt", summary: "The tooltip's tx while shown.",
            source: "YUI (yihui-hu/YUI): translationX: -8")
        static let hiddenTranslation = ParameterKey.number(
            "hiddenTranslation", default: 4, in: -200...200, unit: "pt", summary: "The tooltip's tx while hidden.",
            source: "YUI (yihui-hu/YUI): translationX: 4")
        static let stopSpeed = ParameterKey.number(
            "stopSpeed", default: 1, in: 0.01...1000, unit: "pt/s",
            summary: "The speed at which a coasting scroll counts as stopped [inferred].",
            source: "Segue's own value (not in the original)")
        static let postInterval = ParameterKey.number(
            "postInterval", default: 95, in: 0...100_000, unit: "min",
            summary: "Minutes between consecutive posts, newest first [inferred].",
            source: "Segue's own value (not in the original)")
        static let newestPostTime = ParameterKey.number(
            "newestPostTime", default: PathTooltipClock.defaultNewestPost, in: 0...100_000_000, unit: "min",
            summary: "The first post's time, minutes since 1970-01-01 00:00 (default 2012-01-16 9:30 PM) [inferred].",
            source: "Segue's own value (not in the original)")
        static let velocityEstimator = SharedKeys.velocityEstimator.defaulting(
            to: .leastSquares,
            summary: "How the release velocity the coast starts from is estimated: a least-squares fit over the last "
                + "samples (default, so a finger held still before lifting does not fling, as a scroll view behaves "
                + "[inferred]) or UIKit's pan filter, which keeps the stale velocity of the last move.")
    }
    let sceneFields = [ParameterSpec](
        SceneKeys.window, SceneKeys.safeTop, SceneKeys.safeBottom, SceneKeys.contentHeight, SceneKeys.initialOffset,
        SceneKeys.postHeight)
    let parameters = [ParameterSpec](
        Keys.showDuration, Keys.hideDelay, Keys.hideDuration, Keys.visibleTranslation, Keys.hiddenTranslation,
        Keys.stopSpeed, Keys.postInterval, Keys.newestPostTime, Keys.velocityEstimator, SharedKeys.touchResampling)
    let trigger = Trigger.gesture(
        example: YUISmallExampleGestures.pathTooltip,
        rules: DecisionRules(
            DecisionRule(
                id: "fadeOutAfterScrolling",
                summary: "always finish: when scrolling stops (the release, or the end of the coast) the tooltip "
                    + "fades out after hideDelay over hideDuration",
                source: "YUI (yihui-hu/YUI): scrollViewDidEndDragging/DidEndDecelerating start the 1.0 s hide timer")))

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

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = input.scene
        let parameters = input.parameters
        let window = scene[SceneKeys.window]
        let safeTop = scene[SceneKeys.safeTop]
        let maxOffset = max(scene[SceneKeys.contentHeight] - window.height, 0)
        // §13.3: maxTravel = listH − safeTop − (safeBottom + 120) − 40.
        let maxTravel = window.height - safeTop - (scene[SceneKeys.safeBottom] + 120) - Self.tooltipSize.height
        let list = LayerDescription(
            id: "list", role: "the scrolling list of posts", frame: Rect(origin: .zero, size: window))
        let tooltipLayer = LayerDescription(
            id: "tooltip", role: "the clock tooltip (black 70–100 % gradient, caret shape as its mask path)",
            frame: Rect(
                origin: Point(x: window.width - Self.trailingInset - Self.tooltipSize.width, y: safeTop),
                size: Self.tooltipSize),
            kind: .solid, fill: Color(hex: 0x000000, alpha: 0.85))
        let postHeight = scene[SceneKeys.postHeight]
        let postCount = max(Int(rounding: scene[SceneKeys.contentHeight] / postHeight, .up) ?? 1, 1)
        func clampOffset(_ value: Double) -> Double { min(max(value, 0), maxOffset) }
        let initial = clampOffset(scene[SceneKeys.initialOffset])

        let gesture = try PresetGesture(input)
        let began = gesture.track.began.time
        let release = gesture.release.time
        let releaseOffset = clampOffset(initial - gesture.translation(at: release).y)
        let coastVelocity = -gesture.releaseVelocity.y
        let rate = DecelerationRate.normal
        let stopSpeed = parameters[Keys.stopSpeed]
        let coasts = abs(coastVelocity) > stopSpeed && gesture.release.phase == .ended
        let scrollEnd = release + (coasts ? rate.duration(fromVelocity: coastVelocity, toSpeed: stopSpeed) : 0)
        let show = TimingCurve.cubic(.easeInEaseOut, duration: parameters[Keys.showDuration])
        let hideStart = scrollEnd + parameters[Keys.hideDelay]
        let hide = TimingCurve.cubic(.easeInEaseOut, duration: parameters[Keys.hideDuration])
        let end = hideStart + hide.duration
        let visibleTx = parameters[Keys.visibleTranslation]
        let hiddenTx = parameters[Keys.hiddenTranslation]

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
            let tooltip = tooltipLayer.state(
                transform: AffineTransform(translationX: tx, y: ty), opacity: shown - hidden, mask: Self.tooltipMask)
            // §13.3 probe: (frame.minX, frame.midY) in list coordinates picks the post.
            let probeY = tooltip.presentationFrame.midY + scroll
            // Clamped as a Double first: a probe far past the list (a window of 1e12 pt) is its last post.
            let row = min(max((probeY / postHeight).rounded(.down), 0), Double(postCount - 1))
            let index = Int(rounding: row) ?? 0
            let minutes = parameters[Keys.newestPostTime] - Double(index) * parameters[Keys.postInterval]
            let hands = PathTooltipClock.handAngles(minutes: minutes)
            return SimulationFrame(
                time: time, phase: phase, progress: hidden, layers: [list.state(), tooltip],
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
        let cancelled = gesture.release.phase == .cancelled
        let explanation =
            (cancelled ? "the gesture was cancelled; " : "")
            + "scrolling stopped at \(Format.amount(scrollEnd)) s (offset \(Format.amount(offset(at: scrollEnd))) pt"
            + (coasts ? " after a coast from \(Format.speed(coastVelocity)) pt/s" : ", no coast")
            + "): the tooltip fades out from \(Format.amount(hideStart)) s"
        return Simulation(
            presetID: description.id, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began,
            layers: [list, tooltipLayer],
            decision: Decision(
                outcome: cancelled ? .cancel : .finish, time: release,
                rule: cancelled ? "gestureCancelled" : "fadeOutAfterScrolling",
                translation: gesture.translation(at: release),
                velocity: gesture.releaseVelocity, progress: 0, explanation: explanation, scrollOffset: releaseOffset),
            events: gesture.events(completed: end, outcome: cancelled ? .cancel : .finish), frames: frames)
    }
}
