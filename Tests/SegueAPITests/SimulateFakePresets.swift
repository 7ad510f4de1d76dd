import SegueAPI
import SegueEngine
import SegueMath

/// Presets small enough to compute by hand, so the API tests do not depend on the
/// real ones, and the catalogue the simulate and preset-detail tests serve.
enum SimulateFakes {
    static let catalogue = PresetCatalogue(presets: [FakePreset(), FakeTapPreset(), FaultyPreset()])

    static func service() -> SegueService {
        SegueService(router: .segue(catalogue: catalogue, readiness: Readiness()), makeRequestID: { "test-id" })
    }
}

/// An interactive preset: a card follows the finger sideways (progress = translation.x
/// / distance, held between samples, clamped to 0…1) over a backdrop that darkens
/// (opacity 1 − progress/2). On release it finishes when progress reached the
/// threshold (else cancels) and moves linearly to 1 (or 0) over `duration` seconds.
struct FakePreset: Preset {
    static let id = "fake.slide"

    var description: PresetDescription {
        PresetDescription(
            id: Self.id, title: "Fake slide", summary: "A card follows the finger and slides home.",
            source: "test §1")
    }

    var sceneFields: [ParameterSpec] {
        [
            ParameterSpec(
                name: "card", kind: .rect, defaultValue: .rect(Rect(x: 20, y: 100, width: 200, height: 300)),
                summary: "The card's frame.", source: "test scene"),
            ParameterSpec(
                name: "screen", kind: .size, defaultValue: .size(Size(width: 400, height: 800)),
                summary: "The window's size.", source: "test scene"),
            ParameterSpec(
                name: "cornerRadius", kind: .number(0...50, unit: "pt"), defaultValue: .number(12),
                summary: "The card's corner radius.", source: "test scene"),
            ParameterSpec(
                name: "rounded", kind: .bool, defaultValue: .bool(true), summary: "Whether the card is masked.",
                source: "test scene"),
            ParameterSpec(
                name: "cornerCurve", kind: .choice(["circular", "continuous"]), defaultValue: .choice("continuous"),
                summary: "The mask's corner curve.", source: "test scene"),
        ]
    }

    var parameters: [ParameterSpec] {
        [
            ParameterSpec(
                name: "distance", kind: .number(1...1000, unit: "pt"), defaultValue: .number(200),
                summary: "How far the card travels to finish.", source: "engine"),
            ParameterSpec(
                name: "duration", kind: .number(0.05...2, unit: "s"), defaultValue: .number(0.25),
                summary: "How long the settle animation lasts.", source: "seed 000 kDuration"),
            ParameterSpec(
                name: "dims", kind: .bool, defaultValue: .bool(true), summary: "Whether the backdrop darkens.",
                source: "engine"),
            ParameterSpec(
                name: "threshold", kind: .choice(["half", "quarter"]), defaultValue: .choice("half"),
                summary: "How far to drag before a release finishes.", source: "engine"),
            ParameterSpec(
                name: "shadowOffset", kind: .size, defaultValue: .size(Size(width: 2, height: 4)),
                summary: "The card's shadow offset.", source: "engine"),
        ]
    }

    var trigger: Trigger {
        .gesture(
            example: [
                GestureSample(time: 0, location: Point(x: 100, y: 400), phase: .began),
                GestureSample(time: 0.05, location: Point(x: 160, y: 402), phase: .changed),
                GestureSample(time: 0.1, location: Point(x: 240, y: 405), phase: .ended),
            ],
            rules: DecisionRules(
                DecisionRule(id: "progress", summary: "Finishes when released past the threshold.", source: "test §2"),
                DecisionRule(id: "never", summary: "Always cancels.", source: "test §3")))
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        guard let gesture = input.gesture else {
            throw SimulationError.gestureRequired
        }
        guard let release = gesture.release else {
            throw SimulationError.gestureNeverEnds(otherwise: nil)
        }
        let scene = input.scene
        let parameters = input.parameters
        let distance = parameters.number("distance")
        let duration = parameters.number("duration")
        let threshold = parameters.choice("threshold") == "half" ? 0.5 : 0.25
        let card = scene.rect("card")
        let screen = scene.size("screen")
        let radius = scene.number("cornerRadius")
        let mask =
            scene.bool("rounded")
            ? MaskState(
                rect: Rect(x: 0, y: 0, width: card.width, height: card.height), cornerRadius: radius,
                cornerCurve: CornerCurve(rawValue: scene.choice("cornerCurve")) ?? .continuous)
            : nil
        let offset = parameters.size("shadowOffset")
        let dims = parameters.bool("dims")

        func dragProgress(_ time: Double) -> Double {
            min(max(gesture.translation(at: time).x / distance, 0), 1)
        }
        let releaseProgress = dragProgress(release.time)
        let finishes = release.phase == .ended && releaseProgress >= threshold
        let target = finishes ? 1.0 : 0.0
        func state(_ time: Double, _ phase: FramePhase, _ progress: Double) -> SimulationFrame {
            SimulationFrame(
                time: time, phase: phase, progress: progress,
                layers: [
                    LayerState(
                        id: "backdrop", frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height),
                        opacity: dims ? 1 - progress / 2 : 1),
                    LayerState(
                        id: "card", frame: card, transform: AffineTransform(translationX: progress * distance, y: 0),
                        cornerRadius: radius, mask: mask,
                        shadow: ShadowState(opacity: 0.3, radius: 10, offset: Point(x: offset.width, y: offset.height))
                    ),
                ])
        }
        let grid = FrameGrid(start: gesture.began.time, end: release.time + duration, frameRate: input.frameRate)
        let frames = try grid.frames(
            state: { time in
                guard time >= release.time else { return state(time, .interactive, dragProgress(time)) }
                let fraction = min((time - release.time) / duration, 1)
                return state(time, .animating, releaseProgress + (target - releaseProgress) * fraction)
            },
            finalState: { time in state(time, .settled, target) })
        let previous = gesture.samples[gesture.samples.count - 2]
        let velocity = Point(
            x: (release.location.x - previous.location.x) / (release.time - previous.time),
            y: (release.location.y - previous.location.y) / (release.time - previous.time))
        let decision = Decision(
            outcome: finishes ? .finish : .cancel, time: release.time, rule: "progress",
            translation: gesture.translation(at: release.time), velocity: velocity, progress: releaseProgress,
            explanation: "Released at progress \(releaseProgress), threshold \(threshold).")
        let lastTime = grid.time(ofFrame: frames.count - 1)
        return Simulation(
            presetID: Self.id, frameRate: input.frameRate, duration: lastTime - grid.start,
            layers: [
                LayerDescription(
                    id: "backdrop", role: "the screen behind",
                    frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height)),
                LayerDescription(id: "card", role: "the card, masked", frame: card),
            ],
            decision: decision,
            events: [
                SimulationEvent(time: grid.start, type: .began),
                SimulationEvent(time: release.time, type: .released),
                SimulationEvent(time: lastTime, type: finishes ? .finished : .cancelled),
            ],
            frames: frames)
    }
}

/// A tap-started preset with no scene: a sheet slides up by its height, linearly,
/// over `duration` seconds from time 0, with a mask and a shadow.
struct FakeTapPreset: Preset {
    static let id = "fake.sheet"

    var description: PresetDescription {
        PresetDescription(
            id: Self.id, title: "Fake sheet", summary: "A sheet slides up.", source: "test")
    }

    var sceneFields: [ParameterSpec] { [] }

    var parameters: [ParameterSpec] {
        [
            ParameterSpec(
                name: "sheet", kind: .rect, defaultValue: .rect(Rect(x: 0, y: 800, width: 400, height: 400)),
                summary: "The sheet's frame.", source: "test"),
            ParameterSpec(
                name: "duration", kind: .number(0.1...1, unit: "s"), defaultValue: .number(0.1),
                summary: "How long the sheet takes.", source: "test"),
        ]
    }

    var trigger: Trigger { .tap }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let sheet = input.parameters.rect("sheet")
        let duration = input.parameters.number("duration")
        func state(_ time: Double, _ phase: FramePhase, _ progress: Double) -> SimulationFrame {
            SimulationFrame(
                time: time, phase: phase, progress: progress,
                layers: [
                    LayerState(
                        id: "sheet", frame: sheet,
                        transform: AffineTransform(translationX: 0, y: -progress * sheet.height),
                        mask: MaskState(
                            rect: Rect(x: 0, y: 0, width: sheet.width, height: sheet.height), cornerRadius: 10,
                            cornerCurve: .circular),
                        shadow: ShadowState(opacity: 0.2, radius: 8, offset: Point(x: 0, y: -2)))
                ])
        }
        let grid = FrameGrid(start: 0, end: duration, frameRate: input.frameRate)
        let frames = try grid.frames(
            state: { time in state(time, .animating, min(time / duration, 1)) },
            finalState: { time in state(time, .settled, 1) })
        let lastTime = grid.time(ofFrame: frames.count - 1)
        return Simulation(
            presetID: Self.id, frameRate: input.frameRate, duration: lastTime,
            layers: [LayerDescription(id: "sheet", role: "the sheet", frame: sheet)], decision: nil,
            events: [SimulationEvent(time: 0, type: .began), SimulationEvent(time: lastTime, type: .finished)],
            frames: frames)
    }
}

/// A tap-started preset whose `fault` parameter picks an engine fault the API must
/// answer with a 500 problem rather than with broken JSON.
struct FaultyPreset: Preset {
    static let id = "fake.faulty"

    var description: PresetDescription {
        PresetDescription(
            id: Self.id, title: "Faulty", summary: "Misbehaves on purpose.", source: "test")
    }

    var sceneFields: [ParameterSpec] { [] }

    var parameters: [ParameterSpec] {
        [
            ParameterSpec(
                name: "fault", kind: .choice(["none", "nan", "layerCount", "duplicateIDs", "noIssues"]),
                defaultValue: .choice("none"), summary: "Which fault to commit.", source: "test")
        ]
    }

    var trigger: Trigger { .tap }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let fault = input.parameters.choice("fault")
        if fault == "noIssues" { throw SimulationError.fields([]) }
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let state = LayerState(id: "a", frame: frame, opacity: fault == "nan" ? .nan : 1)
        let layers = [LayerDescription(id: "a", role: "one", frame: frame)]
        return Simulation(
            presetID: Self.id, frameRate: input.frameRate, duration: 0,
            layers: fault == "duplicateIDs" ? layers + layers : layers, decision: nil, events: [],
            frames: [
                SimulationFrame(
                    time: 0, phase: .settled, progress: 1,
                    layers: fault == "layerCount"
                        ? [state, state] : fault == "duplicateIDs" ? [state, state] : [state])
            ])
    }
}

/// The fakes read their settings by name, as a client's request names them; the built-in presets
/// read theirs through typed keys only, so these readers live here, not in the engine.
extension ParameterValues {
    func number(_ name: String) -> Double {
        if case .number(let value) = values[name] { return value }
        return 0
    }

    func bool(_ name: String) -> Bool {
        if case .bool(let value) = values[name] { return value }
        return false
    }

    func choice(_ name: String) -> String {
        if case .choice(let value) = values[name] { return value }
        return ""
    }

    func rect(_ name: String) -> Rect {
        if case .rect(let value) = values[name] { return value }
        return .zero
    }

    func size(_ name: String) -> Size {
        if case .size(let value) = values[name] { return value }
        return .zero
    }
}
