import SegueMath

/// `appstore.card.interactiveDismiss`, phase 4 of 5: dragging the presented detail
/// down (from the scroll top) or in from the left screen edge shrinks it through a
/// paused, linear `UIViewPropertyAnimator` (scale → 0.86, corner radius → 16) with
/// progress = travel / 100 pt. The sample that reaches progress 1 finishes the shrink
/// and dismisses at once, the finger still down (phase 5 follows in the same
/// response); released before that, the animator reverses (seed 003 "Interactive
/// Dismissing"; S5 `CardDetailViewController`; seed-transitions.md §9.5).
struct AppStoreInteractiveDismiss: Preset {
    let description = PresetDescription(
        id: "appstore.card.interactiveDismiss", title: "App Store card interactive dismiss (phase 4 of 5)",
        summary: "Phase 4 of 5: a drag down from the scroll top, or a left screen-edge pan, shrinks the detail to "
            + "0.86 with radius 16 (progress = travel / 100 pt); reaching 1 dismisses at once (phase 5 follows), "
            + "released earlier the shrink reverses. [inferred] The scroll offset is a scene value, the edge pan "
            + "claims touches starting within edgeWidth, the reversal lasts p × 0.2 s (UIKit's duration-0 rule); "
            + "beyond the original: edge progress in window points by default.",
        source:
            "Wirawit Rueopas, “App Store Interactive Transition Revealed”, and github.com/aunnnn/AppStoreiOS11InteractiveTransition (4 Interactive Dismissing)"
    )
    let sceneFields = AppStoreScene.fields + [ParameterSpec](Keys.scrollOffset)
    let parameters = [ParameterSpec](
        AppStoreParameters.Keys.shrinkScale, AppStoreParameters.Keys.cornerRadius, Keys.progressDistance,
        Keys.edgeProgressSpace, Keys.edgeWidth, Keys.shrinkAnimatorDuration, AppStoreParameters.Keys.dismissDuration,
        AppStoreParameters.Keys.dismissDampingRatio, Keys.velocityEstimator, SharedKeys.touchResampling)
    /// One rule; which recogniser drove it (the source) opens the decision's explanation.
    let trigger = Trigger.gesture(
        example: AppStoreExampleGestures.interactiveDismiss,
        rules: DecisionRules(
            DecisionRule(
                id: "progressThreshold",
                summary: "dismiss the moment a changed sample's progress reaches 1, finger still down (drag down: "
                    + "(y − start.y)/100; edge pan: translation.x/100); released before, reverse. No velocity rule. The "
                    + "explanation opens with the source, dragDown or edge",
                source:
                    "AppStoreiOS11InteractiveTransition (Wirawit Rueopas): let dragDownProgress = (currentLoc.y - startingLoc.y) / 100; "
                    + "let edgePanProgress = gesture.translation(in: view).x / 100")))

    /// Which recogniser drives the shrink.
    enum Source: String {
        case dragDown, edge
    }

    /// The shrink as the samples drive it.
    struct Drive {
        var source: Source
        /// The animator after each handled sample, in time order.
        var snapshots: [(time: Double, animator: PropertyAnimator)] = []
        /// The sample whose progress reached 1, if one did.
        var crossing: GestureSample?
        /// Progress of the last handled sample (unclamped), or of the crossing.
        var progress: Double = 0
        /// When the drag-down mode turned on (nil for the edge pan or if it never did).
        var modeStart: GestureSample?

        /// The animator in force at `time`, if one exists yet.
        func animator(at time: Double) -> PropertyAnimator? {
            snapshots.last { $0.time <= time }?.animator
        }
    }

    /// Replays the touches the handler receives through the recognisers and the shrink animator:
    /// the samples, or with `touchResampling` = interpolate the touches resampled to the display's
    /// frames (`deliveries`).
    static func drive(
        _ track: GestureTrack, deliveries: [GestureSample]? = nil, scene: AppStoreScene, parameters: ParameterValues
    ) -> Drive {
        let began = track.began
        let source: Source =
            began.location.x <= parameters[AppStoreInteractiveDismiss.Keys.edgeWidth] ? .edge : .dragDown
        let distance = parameters[AppStoreInteractiveDismiss.Keys.progressDistance]
        let shrink = parameters[AppStoreParameters.Keys.shrinkScale]
        let scrollOffset = scene.scrollOffset
        let cardSpace = parameters[AppStoreInteractiveDismiss.Keys.edgeProgressSpace] == .card
        var drive = Drive(source: source)
        var animator: PropertyAnimator?
        for sample in deliveries ?? track.samples {
            let translation = sample.location - began.location
            if sample.phase.isTerminal {
                if var running = animator {
                    running.pause(at: sample.time)
                    running.setReversed(true, at: sample.time)
                    running.start(at: sample.time)
                    drive.snapshots.append((sample.time, running))
                }
                break
            }
            var p: Double
            switch source {
            case .edge:
                // translation(in: view) of a view scaled by s is the window translation / s.
                let scale = 1 - (1 - shrink) * (animator?.progress(at: sample.time).value ?? 0)
                p = translation.x / (distance * (cardSpace ? scale : 1))
            case .dragDown:
                if drive.modeStart == nil {
                    // The scroll callback enters the mode once the content is pulled past its top.
                    guard scrollOffset <= 0 || translation.y > scrollOffset else { continue }
                    drive.modeStart = sample
                }
                p = (sample.location.y - (drive.modeStart?.location.y ?? 0)) / distance
            }
            var current: PropertyAnimator
            if let existing = animator {
                current = existing
            } else {
                // Created paused on the first handled sample.
                current = PropertyAnimator(
                    duration: parameters[AppStoreInteractiveDismiss.Keys.shrinkAnimatorDuration],
                    timing: .cubic(.linear))
                current.pause(at: sample.time)
            }
            drive.progress = p
            if sample.phase == .changed && p >= 1 {
                current.finish(at: .end, time: sample.time)
                drive.crossing = sample
                drive.snapshots.append((sample.time, current))
                return drive
            }
            current.setFractionComplete(p, at: sample.time)
            animator = current
            drive.snapshots.append((sample.time, current))
        }
        return drive
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = AppStoreScene(input.scene)
        let parameters = input.parameters
        guard let track = input.gesture else {
            throw SimulationError.gestureRequired
        }
        // Resampled touches come one per frame, so a gesture too long for the frame cap is refused by
        // the frame grid below before they are made.
        let span = ((track.samples.last?.time ?? track.began.time) - track.began.time) * input.frameRate
        let resamples =
            parameters[SharedKeys.touchResampling] == .interpolate && span.isFinite && span <= Double(input.maxFrames)
        let deliveries =
            resamples ? track.resampledDeliveries(start: track.began.time, frameRate: input.frameRate) : track.samples
        let drive = Self.drive(track, deliveries: deliveries, scene: scene, parameters: parameters)
        guard drive.crossing != nil || track.release != nil else {
            let distance = Format.amount(parameters[AppStoreInteractiveDismiss.Keys.progressDistance])
            throw SimulationError.gestureNeverEnds(otherwise: "the drag must travel \(distance) pt to reach progress 1")
        }
        let began = track.began.time
        let shrink = parameters[AppStoreParameters.Keys.shrinkScale]
        let radius = parameters[AppStoreParameters.Keys.cornerRadius]
        let dismiss = AppStoreDismiss.spring(parameters)
        // The finger lets go at the last sample; a crossing starts the dismissal earlier,
        // while the frames stay interactive until the finger lifts.
        let releaseTime = (track.samples.last ?? track.began).time
        // The dismiss spring after a crossing, else the shrink animator's reversal.
        let settleEnd = drive.crossing.map { $0.time + dismiss.duration } ?? drive.snapshots.last?.animator.runEndTime
        let end = max(settleEnd ?? releaseTime, releaseTime)
        let shrunk = AppStoreScene.scaled(scene.bounds, by: shrink)
        let grid = input.frameGrid(start: began, end: end)
        let frames = try grid.frames(
            state: { time in
                let phase: FramePhase = time < releaseTime ? .interactive : .animating
                if let crossing = drive.crossing, time >= crossing.time {
                    let x = dismiss.fraction(at: time - crossing.time)
                    let state = AppStoreDismiss.state(
                        x, from: shrunk, fromRadius: radius * shrink, scene: scene, radius: radius)
                    return SimulationFrame(time: time, phase: phase, progress: 1, layers: state.layers(scene))
                }
                let p = drive.animator(at: time)?.progress(at: time).value ?? 0
                let state = AppStoreState.detail(scene, scale: 1 - (1 - shrink) * p, radius: radius * p)
                return SimulationFrame(time: time, phase: phase, progress: p, layers: state.layers(scene))
            },
            finalState: { time in
                // Dismissed: the cell back in the list; reversed: the detail at rest.
                let dismissed = drive.crossing != nil
                let state =
                    dismissed ? AppStoreState.cellAtRest(scene, radius: radius) : .detail(scene, scale: 1, radius: 0)
                return SimulationFrame(
                    time: time, phase: .settled, progress: dismissed ? 1 : 0, layers: state.layers(scene))
            })
        var events = [SimulationEvent(time: began, type: .began), SimulationEvent(time: releaseTime, type: .released)]
        events.append(SimulationEvent(time: end, type: drive.crossing != nil ? .finished : .cancelled))
        return Simulation(
            presetID: description.id, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began,
            layers: AppStoreState.layerDescriptions(scene, card: scene.bounds),
            decision: decision(drive, track: track, time: releaseTime, scene: scene, parameters: parameters),
            events: events, frames: frames)
    }

    /// The decision: which source drove the shrink, the scroll offset that gated it,
    /// and why it dismissed or reversed.
    func decision(
        _ drive: Drive, track: GestureTrack, time: Double, scene: AppStoreScene, parameters: ParameterValues
    ) -> Decision {
        let estimator = parameters[AppStoreInteractiveDismiss.Keys.velocityEstimator]
        let translation = track.translation(at: time)
        let velocity = track.velocity(at: time, using: estimator).velocity
        let distance = Format.amount(parameters[AppStoreInteractiveDismiss.Keys.progressDistance])
        let gate: String
        switch drive.source {
        case .edge:
            gate =
                "source edge: the touch began \(Format.amount(track.began.location.x)) pt from the left edge"
        case .dragDown:
            let offset = Format.amount(scene.scrollOffset)
            if let start = drive.modeStart {
                gate =
                    "source dragDown: with the scroll offset at \(offset) pt the dismiss mode began at y = "
                    + "\(Format.amount(start.location.y))"
            } else {
                gate = "source dragDown: the drag never pulled the content (scroll offset \(offset) pt) past its top"
            }
        }
        // The drag-down is gated by the scroll content being at its top; the edge pan is not.
        let gatingOffset: Double? = drive.source == .dragDown ? scene.scrollOffset : nil
        let p = Format.ratio(drive.progress)
        let rule = "progressThreshold"
        // What the frames show at the release: 1 once crossed, else the shrink animator's (clamped)
        // fraction; the rule's travel / distance, unclamped, is reported beside it.
        let shown = drive.crossing != nil ? 1 : drive.animator(at: time)?.progress(at: time).value ?? 0
        func decided(_ outcome: Decision.Outcome, _ rule: String, _ progress: Double, _ why: String) -> Decision {
            Decision(
                outcome: outcome, time: time, rule: rule, translation: translation, velocity: velocity,
                progress: shown, ruleProgress: progress == shown ? nil : progress, explanation: "\(gate); \(why)",
                source: drive.source.rawValue, scrollOffset: gatingOffset)
        }
        if let crossing = drive.crossing {
            return decided(
                .finish, rule, drive.progress,
                "progress reached \(p) (\(distance) pt is 1) at \(Format.amount(crossing.time)) s with the finger "
                    + "down: dismiss at once (the finger let go at \(Format.amount(time)) s)")
        }
        if drive.snapshots.isEmpty {
            return decided(.cancel, "gate", 0, "the gesture ended before the shrink began: nothing to undo")
        }
        let cancelled = track.release?.phase == .cancelled
        return decided(
            .cancel, cancelled ? "gestureCancelled" : rule, drive.progress,
            "\(cancelled ? "cancelled" : "released") at progress \(p) < 1: the shrink reverses (no velocity rule)")
    }
}
