import SegueMath

/// The [untitled] tap-started push's or pop's one UIView spring animation from the start to the
/// end of the slide-over (seed-transitions.md §11.1, §11.2): its three parameters, declared once
/// with the seed's values as defaults.
struct YUIUntitledSpring {
    let duration: ParameterKey<Double>
    let dampingRatio: ParameterKey<Double>
    let initialVelocity: ParameterKey<Double>

    static let push = YUIUntitledSpring(
        dampingRatio: 2, initialVelocity: 0.4, source: "YUI (yihui-hu/YUI) [untitled] push")
    static let pop = YUIUntitledSpring(dampingRatio: 1, initialVelocity: 0, source: "YUI (yihui-hu/YUI) [untitled] pop")

    private init(dampingRatio: Double, initialVelocity: Double, source: String) {
        duration = .number(
            "duration", default: 0.4, in: 0.01...10, unit: "s",
            summary: "The spring's duration (UIKit's duration + damping mapping).",
            source: source + ": withDuration 0.4")
        self.dampingRatio = .number(
            "dampingRatio", default: dampingRatio, in: 0.01...10,
            summary: "usingSpringWithDamping; UIKit clamps values above 1 to 1 (UIKit's duration + damping mapping).",
            source: source + ": usingSpringWithDamping \(Format.amount(dampingRatio))")
        self.initialVelocity = .number(
            "initialVelocity", default: initialVelocity, in: -10...10, unit: "1/s",
            summary: "initialSpringVelocity, in whole changes per second.",
            source: source + ": initialSpringVelocity \(Format.amount(initialVelocity))")
    }

    var parameters: [ParameterSpec] { [ParameterSpec](duration, dampingRatio, initialVelocity) }

    /// The curve `parameters` set.
    func curve(_ parameters: ParameterValues) -> CurveSpec {
        .uikitSpring(
            duration: parameters[duration], dampingRatio: parameters[dampingRatio],
            initialVelocity: parameters[initialVelocity])
    }
}

/// The slide-over as a transition document (the YUI gallery, github.com/yihui-hu/YUI, [untitled]
/// `pushAnimation` / `popAnimation`): the layers of `YUIUntitledLayers`; poses `start` and `end`
/// of the one animation, and the settled screen (`settled`) once the completion has removed the
/// helpers (backdrop, placeholders, snapshot) and the screen that left (opacity 0).
enum YUIUntitledDocument {
    static func build(_ direction: YUIUntitledDirection, _ sceneValues: ParameterValues, curve: CurveSpec)
        -> TransitionDocument
    {
        let scene = YUIUntitledScene(sceneValues)
        let described = YUIUntitledLayers(scene, direction)
        let push = direction == .push
        let width = scene.window.width
        let left = Point(x: -width, y: 0)
        let right = Point(x: width, y: 0)
        let target = AffineTransform.transform(
            originalFrame: described.snapshot.frame, toTargetFrame: push ? scene.detailArtFrame : scene.cellFrame)
        /// The grid and its placeholder, the detail and its placeholder, moved and faded alike.
        func screens(grid: Point, gridOpacity: Double, detail: Point, detailOpacity: Double, placeholders: Double)
            -> [String: PoseChange]
        {
            [
                "grid": PoseChange(translation: grid, opacity: gridOpacity),
                "gridPlaceholder": PoseChange(translation: grid, opacity: min(gridOpacity, placeholders)),
                "detail": PoseChange(translation: detail, opacity: detailOpacity),
                "detailPlaceholder": PoseChange(translation: detail, opacity: min(detailOpacity, placeholders)),
            ]
        }
        var start =
            push
            ? screens(grid: .zero, gridOpacity: 1, detail: right, detailOpacity: 1, placeholders: 1)
            : screens(grid: left, gridOpacity: 0, detail: .zero, detailOpacity: 1, placeholders: 1)
        for layer in described.all {
            start[layer.id, default: PoseChange()].frame = layer.frame
        }
        start["backdrop", default: PoseChange()].opacity = 1
        start["snapshot"] = PoseChange(
            frame: described.snapshot.frame,
            cornerRadius: push ? YUIUntitledConstants.gridRadius : YUIUntitledConstants.detailRadius)
        var end =
            push
            ? screens(grid: left, gridOpacity: 0, detail: .zero, detailOpacity: 1, placeholders: 1)
            : screens(grid: .zero, gridOpacity: 1, detail: right, detailOpacity: 1, placeholders: 1)
        end["snapshot"] = PoseChange(
            scale: PoseScale(x: target.a, y: target.d), translation: Point(x: target.tx, y: target.ty))
        var settled =
            push
            ? screens(grid: .zero, gridOpacity: 0, detail: .zero, detailOpacity: 1, placeholders: 0)
            : screens(grid: .zero, gridOpacity: 1, detail: right, detailOpacity: 0, placeholders: 0)
        settled["backdrop"] = PoseChange(opacity: 0)
        settled["snapshot"] = PoseChange(opacity: 0, cornerRadius: 0)
        return TransitionDocument(
            window: scene.window,
            layers: described.all.map {
                DocumentLayer(id: $0.id, kind: $0.kind, fill: $0.fill, role: $0.role)
            },
            poses: [
                Pose(name: "start", layers: start), Pose(name: "end", layers: end),
                Pose(name: "settled", layers: settled),
            ],
            interaction: .tap(TapInteraction(from: "start", to: "end", curve: curve, settled: "settled")))
    }
}

/// `yui.untitled.push`: tapping an album slides the detail over from the right while the
/// grid slides left and fades, and a copy of the album art grows onto the detail's art
/// (seed 004 [untitled]; seed-transitions.md §11.1).
enum YUIUntitledPush {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "yui.untitled.push", title: "YUI [untitled] album slide-over (push)",
            summary: "The detail slides in from the right, the grid slides left fading out, and a radius-16 copy of "
                + "the cell's art scales uniformly onto the detail art (the radius scales with it, 16·350/147 ≈ 38.1, "
                + "not animated), on a UIView spring 0.4 s, damping 2 (UIKit clamps it to 1), velocity 0.4. The grid "
                + "placeholder grows about the cell's centre [inferred].",
            source: "the YUI gallery, github.com/yihui-hu/YUI ([untitled] pushAnimation)"),
        sceneFields: YUIUntitledScene.fields, parameters: YUIUntitledSpring.push.parameters,
        build: { scene, parameters in
            YUIUntitledDocument.build(.push, scene, curve: YUIUntitledSpring.push.curve(parameters))
        })
}

/// `yui.untitled.pop`: the back button slides the detail out to the right and the grid back
/// in, fading in, while a copy of the detail art shrinks onto the cell (seed 004 [untitled];
/// seed-transitions.md §11.2).
enum YUIUntitledPop {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "yui.untitled.pop", title: "YUI [untitled] album slide-over (pop)",
            summary: "The detail slides out to the right without fading (the push's fade is not mirrored, as in the "
                + "original), the grid slides in from the left fading in, and a radius-40 copy of the detail art "
                + "shrinks onto the cell (radius 40·147/350 ≈ 16.8), on a UIView spring 0.4 s, damping 1, velocity 0.",
            source: "the YUI gallery, github.com/yihui-hu/YUI ([untitled] popAnimation)"),
        sceneFields: YUIUntitledScene.fields, parameters: YUIUntitledSpring.pop.parameters,
        build: { scene, parameters in
            YUIUntitledDocument.build(.pop, scene, curve: YUIUntitledSpring.pop.curve(parameters))
        })
}
