public import SegueMath

extension Preset {
    /// Runs the transition after checking what the scene's fields say together: every rect of
    /// the scene must overlap the window (the size field named `window`, which every scene has),
    /// since a view wholly outside it could never be seen. Each rect that does not is refused at
    /// its own field and at the window, the two fields either of which fixes it.
    ///
    /// A gesture that has not ended gives the frames its samples so far determine
    /// (`runOpen(_:gesture:)`).
    public func run(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let issues = offScreenIssues(input.scene)
        guard issues.isEmpty else { throw .fields(issues) }
        if interactive, let openUntil = input.openUntil {
            return try runClosed(input, openUntil: openUntil)
        }
        if interactive, let gesture = input.gesture, gesture.release == nil {
            return try runOpen(input, gesture: gesture)
        }
        return try simulate(input)
    }

    /// The scene's rects that lie wholly outside its window, each reported at the rect and at
    /// `window`.
    func offScreenIssues(_ scene: ParameterValues) -> [FieldIssue] {
        guard sceneFields.contains(where: { $0.name == Self.windowField && $0.kind == .size }),
            case .size(let window) = scene.values[Self.windowField]
        else { return [] }
        let screen = Rect(x: 0, y: 0, width: window.width, height: window.height)
        var issues: [FieldIssue] = []
        for field in sceneFields where field.kind == .rect {
            guard case .rect(let rect) = scene.values[field.name], !rect.overlaps(screen) else { continue }
            let described =
                "(\(Format.amount(rect.x)), \(Format.amount(rect.y)), \(Format.amount(rect.width)) × "
                + "\(Format.amount(rect.height)) pt)"
            let windowSize = "\(Format.amount(window.width)) × \(Format.amount(window.height)) pt"
            issues.append(
                FieldIssue(
                    .scene, field.name,
                    "\(field.name) \(described) lies wholly outside the \(windowSize) window, so it could never be "
                        + "seen: move it into the window, or make the window hold it."))
            issues.append(
                FieldIssue(
                    .scene, Self.windowField,
                    "The \(windowSize) window does not hold any of \(field.name) \(described): make the window "
                        + "hold it, or move \(field.name) into the window."))
        }
        return issues
    }

    /// The scene field every preset's scene has: the window, whose size the other fields live in.
    static var windowField: String { "window" }

    /// The window the scene lays its layers out in, points: its `window` field; nil for a scene
    /// without one (every built-in scene has one). Pictures and exports are this size, whatever
    /// the layers cover: a card inset from the edges still sits in the whole window.
    public func window(of scene: ParameterValues) -> Size? {
        guard case .size(let window) = scene.values[Self.windowField] else { return nil }
        return window
    }
}
