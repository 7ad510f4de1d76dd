public import SegueEngine

/// What a `POST /v1/simulate` request will hold in memory at its peak, estimated once it is
/// parsed and before it runs, for the work gate's memory budget: its simulation, and the most
/// its output holds at once beside it.
///
/// Each output holds its own: the JSON answer its text twice (the writer's buffer and the array
/// copied from it); every other output the JSON once, written in full and dropped as a check
/// (`SimulateEndpoint`), then its own text and what it is built from, which for a web export is
/// a keyframe per frame and layer (`WebKeyframes`) and its text copied once or twice on the way
/// to bytes. What each holds per layer per frame is its text's bytes times the copies it holds
/// at once (`heldCopies`, measured: docs/memory.md), and the text's bytes are each preset's own,
/// measured once from its example at its default parameters, as are its layer count and settle.
///
/// The frame count comes from the gesture's span plus the preset's settle time, at the
/// request's frame rate. Parameters that lengthen the settle make the estimate short; the
/// real figure replaces it once the simulation has run (`bytes(of:output:)`), before any
/// output is written, so the budget is never off for long.
public struct SimulateCost: Sendable {
    /// A preset's shape: its layers, seconds from the gesture's last sample (or the tap) to the
    /// settled frame at its default parameters, and its outputs' bytes per layer state.
    struct Profile: Sendable {
        var layers: Int
        var settle: Double
        /// Bytes of each output's text per layer per frame, measured from the example; the
        /// pictures' are bounded without it (`pictureBytes`).
        var textBytesPerLayerState: [Text: Double]
        /// Heap bytes a layer state holds besides its own (a mask given as a path: its text).
        var heapBytesPerLayerState: Double
    }

    /// The texts whose bytes are measured per preset.
    enum Text: Sendable, Hashable, CaseIterable {
        case json, lottie, css, waapi
    }

    private let profiles: [String: Profile]

    /// Measures every preset of `catalogue` once, from its example at 60 frames per second.
    public init(catalogue: PresetCatalogue) {
        var profiles: [String: Profile] = [:]
        for preset in catalogue.presets {
            profiles[preset.description.id] = Self.profile(of: preset)
        }
        self.profiles = profiles
    }

    /// Layers assumed for a preset whose example could not be run (none today).
    static let fallbackLayers = 8
    /// Settle seconds assumed likewise.
    static let fallbackSettle = 1.0
    /// Text bytes per layer state assumed likewise: more than any built-in preset's.
    static let fallbackTextBytes = 1024.0

    /// Parameters and scenes other than the example's write numbers of other lengths and paths
    /// of other sizes: a quarter more than the example measured covers them (docs/memory.md).
    static let textMargin = 1.25

    /// Copies of its text each output holds at once at its peak, per layer state (measured with
    /// `scripts/faults/heavy`, docs/memory.md): the JSON answer its writer's buffer and the array
    /// copied from it; a Lottie export the same, and each layer's states gathered in turn; the
    /// WAAPI export its keyframes' strings, about one text's worth, besides its writer's two; the
    /// CSS page the keyframes, the style sheet growing by doubling, the page and its bytes.
    static func heldCopies(_ text: Text) -> Double {
        switch text {
        case .json, .lottie: 2.25
        case .waapi: 3.5
        case .css: 5
        }
    }

    /// Memory for one frame besides its layers: the engine's value, its layer array's header
    /// and the JSON around the layers.
    static let bytesPerFrame = MemoryLayout<SimulationFrame>.stride + 32 + 64
    /// What any answer holds besides its frames: the layers list, the decision, the events.
    static let bytesPerAnswer = 4096
    /// A picture's bytes for each frame and layer it draws: what its writer reserves, more than
    /// any draws (`FilmstripSVG`, `AnimatedSVG`), plus its 16 KiB of axes, legend and labels.
    static let pictureBytesPerLayer = 900
    static let pictureFixedBytes = 16_384

    /// The simulation's own bytes per layer state: its value, and any text it holds.
    private static func stateBytes(_ profile: Profile) -> Double {
        Double(MemoryLayout<LayerState>.stride) + profile.heapBytesPerLayerState
    }

    /// Bytes at the peak of `output` (with `encoding`, for JSON) for `frames` frames of a preset
    /// profiled as `profile`.
    static func bytes(frames: Int, profile: Profile, output: SimulateOutput, encoding: FrameEncoding) -> Int {
        let layers = Double(profile.layers)
        func text(_ kind: Text) -> Double {
            (profile.textBytesPerLayerState[kind] ?? fallbackTextBytes) * textMargin
        }
        // Every output encodes the JSON answer (in full unless it is the compact answer, which is
        // never larger: each of its frames lists a subset of the full one's, a removed shadow as
        // 16 bytes of `"shadow":null`).
        let json = heldCopies(.json) * (text(.json) + (encoding == .compact && output == .json ? 16 : 0))
        var held = json
        var fixed = 0.0
        switch output {
        case .json: break
        case .svg, .svgAnimated:
            let shown = output == .svg ? Preview.evenlySpacedFrameCount + 1 : AnimatedSVG.maximumFrameCount
            fixed = 2 * Double(pictureFixedBytes + min(frames, shown) * profile.layers * pictureBytesPerLayer)
        case .lottie: held = max(json, heldCopies(.lottie) * text(.lottie) + Double(MemoryLayout<LayerState>.stride))
        case .css: held = max(json, heldCopies(.css) * text(.css))
        case .waapi: held = max(json, heldCopies(.waapi) * text(.waapi))
        }
        let perFrame = Double(bytesPerFrame) + layers * (stateBytes(profile) + held)
        return bytesPerAnswer + Int(fixed) + Int((Double(frames) * perFrame).rounded(.up))
    }

    /// The estimate for a parsed request answered as `output`, before it runs.
    public func estimatedBytes(for request: SimulateRequest, output: SimulateOutput = .json) -> Int {
        let input = request.input
        let profile = request.transition.map(Self.profile(of:)) ?? profile(request.preset.description.id)
        let seconds = (input.gesture?.duration ?? 0) + profile.settle
        // The frame cap bounds the count, checked before the Double becomes an Int.
        let span = max(seconds, 0) * input.frameRate
        let frames = span.isFinite && span < Double(input.maxFrames) ? Int(span.rounded(.up)) + 1 : input.maxFrames
        let samples = (input.gesture?.samples.count ?? 0) * MemoryLayout<GestureSample>.stride
        let counted = min(frames, input.maxFrames)
        let art = request.drawsArt(output, frames: counted)
        let export = Self.bytes(frames: counted, profile: profile, output: output, encoding: request.encoding)
        return samples + Self.imageBytes(request.transition) + (art ? Self.artBytes(output: output, export: export) : 0)
            + export
    }

    /// A transition document's profile, as a preset's but from the document itself: its own
    /// layers, its tap's curve or its longest settle as the settle, and the text bytes assumed
    /// for a preset not measured (more than any built-in preset's), since its layer states are
    /// written as any preset's are.
    static func profile(of transition: ResolvedTransition) -> Profile {
        let document = transition.document
        let curves: [CurveSpec] =
            switch document.interaction {
            case .tap: []
            case .press(let press): [press.curve]
            case .pan(let pan): (pan.settle.curve.map { [$0] } ?? []) + pan.settle.perTarget.values
            }
        // A curve that never settles makes the frame cap the count (`estimatedBytes`). A tap lasts
        // until its last track ends.
        var settle = curves.compactMap { $0.timingCurve()?.duration }.max() ?? fallbackSettle
        if case .tap(let tap) = document.interaction { settle = tap.duration ?? fallbackSettle }
        return Profile(
            layers: document.layers.count, settle: settle, textBytesPerLayerState: [:], heapBytesPerLayerState: 0)
    }

    /// What a document's images hold while it runs: their text in the request, and again in the
    /// JSON answer's resolved document as often as the answer's text is held (`heldCopies`).
    static func imageBytes(_ transition: ResolvedTransition?) -> Int {
        let text = transition?.document.layers.reduce(0) { $0 + ($1.image?.utf8.count ?? 0) } ?? 0
        return Int((Double(text) * (1 + heldCopies(.json))).rounded(.up))
    }

    /// What the generated art holds beside `output` when it is drawn: its rasters and PNGs
    /// (`ExportArt.heldBytes`), their text held as often as the output's own, and the image layers
    /// that repeat their boxes' keyframes, as much again as the `export` estimated without art.
    static func artBytes(output: SimulateOutput, export: Int) -> Int {
        let text: Text =
            switch output {
            case .lottie: .lottie
            case .css: .css
            case .waapi: .waapi
            case .json, .svg, .svgAnimated: .json
            }
        return ExportArt.heldBytes(textCopies: heldCopies(text)) + export
    }

    /// The real figure once the simulation has run, for `output`: its frames and layers, the text
    /// its states hold, and what the output will hold beside them (with `art`, the generated art's).
    public func bytes(
        of simulation: Simulation, output: SimulateOutput, encoding: FrameEncoding,
        transition: ResolvedTransition? = nil, art: Bool = false
    ) -> Int {
        var profile = profile(simulation.presetID)
        profile.layers = simulation.layers.count
        profile.heapBytesPerLayerState = Self.heapBytesPerLayerState(simulation)
        let export = Self.bytes(frames: simulation.frames.count, profile: profile, output: output, encoding: encoding)
        return Self.imageBytes(transition) + (art ? Self.artBytes(output: output, export: export) : 0) + export
    }

    private func profile(_ id: String) -> Profile {
        profiles[id]
            ?? Profile(
                layers: Self.fallbackLayers, settle: Self.fallbackSettle, textBytesPerLayerState: [:],
                heapBytesPerLayerState: 0)
    }

    /// The heap bytes of the simulation's layer states per state: a mask's path text.
    static func heapBytesPerLayerState(_ simulation: Simulation) -> Double {
        var bytes = 0
        var states = 0
        for frame in simulation.frames {
            states += frame.layers.count
            for state in frame.layers {
                if let path = state.mask?.path { bytes += JSONTreeCost.string(utf8Count: path.utf8.count) }
            }
        }
        return states > 0 ? Double(bytes) / Double(states) : 0
    }

    private static func profile(of preset: any Preset) -> Profile? {
        let gesture = preset.exampleGesture.flatMap {
            try? GestureTrack(samples: $0, allowsMultipleStrokes: preset.acceptsRegrab)
        }
        let input = SimulationInput(
            scene: ParameterValues(specs: preset.sceneFields, given: [:]),
            parameters: ParameterValues(specs: preset.parameters, given: [:]), gesture: gesture, frameRate: 60)
        guard let simulation = try? preset.simulate(input) else { return nil }
        let states = Double(max(simulation.frames.count * simulation.layers.count, 1))
        let window = preset.window(of: input.scene)
        var text: [Text: Double] = [:]
        for kind in Text.allCases {
            let bytes: Int
            switch kind {
            case .json: bytes = (try? SimulateResponse(simulation).encoded().count) ?? 0
            case .lottie: bytes = SimulateEndpoint.drawn(.lottie, simulation, window: window).count
            case .css: bytes = SimulateEndpoint.drawn(.css, simulation, window: window).count
            case .waapi: bytes = SimulateEndpoint.drawn(.waapi, simulation, window: window).count
            }
            text[kind] = Double(bytes) / states
        }
        return Profile(
            layers: simulation.layers.count, settle: max(simulation.duration - (gesture?.duration ?? 0), 0),
            textBytesPerLayerState: text, heapBytesPerLayerState: heapBytesPerLayerState(simulation))
    }
}
