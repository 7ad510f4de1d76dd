import SegueMath

/// The Dive Deeper tap's document, shared by the present and the dismiss (Szymon Matysik, “Dive
/// Deeper into Motion Design: Advanced iOS Transitions”, Miquido: `TransformTransition.
/// animateTransition`). Its poses: `grid` (the grid alone), `card` (the animation's card end: the
/// card's real image and title hidden, the phantoms on them, the fade view clear), `morphed` (the
/// phantoms on the detail's elements under `presentTransform`, a non-uniform scale, the fade view
/// at `fadeOpacity`) and `detail` (the detail alone; the grid has left the hierarchy [inferred]).
/// Views out of the hierarchy or hidden are opacity 0.
enum MiquidoTapDocument {
    /// The phantoms' layer ids, in the order of `MiquidoScene.models`.
    static let phantomIDs = ["imagePhantom", "titlePhantom"]

    /// The present runs `card` → `morphed` and settles on `detail`; the dismiss runs `morphed` →
    /// `card` and settles on `grid`, on the same UIView spring.
    static func build(presenting: Bool, _ sceneValues: ParameterValues, _ parameters: ParameterValues)
        -> TransitionDocument
    {
        let scene = MiquidoScene(sceneValues)
        let fadeColor = parameters[MiquidoParameters.Keys.fadeColor].rawValue
        let reveals = parameters[MiquidoParameters.Keys.detailReveal] == .fade
        let bounds = scene.bounds
        // Each phantom, at the card's element (identity) and on the detail's (presentTransform and
        // the move of its centre).
        let phantoms = zip(phantomIDs, scene.models).map { id, model in
            let scale = model.presentScale
            let move = Point(
                x: model.finalCenter.x - model.initialCenter.x, y: model.finalCenter.y - model.initialCenter.y)
            return (
                id: id, frame: model.initialFrame,
                onDetail: PoseChange(scale: PoseScale(x: scale.x, y: scale.y), translation: move)
            )
        }
        func pose(
            _ name: String, grid: Double, cards: Double, fade: Double, detail: Double, phantoms phantomOpacity: Double,
            onDetail: Bool
        )
            -> Pose
        {
            var layers: [String: PoseChange] = [
                "grid": PoseChange(frame: bounds, opacity: grid),
                "cardImage": PoseChange(frame: scene.cardImageFrame, opacity: cards),
                "cardTitle": PoseChange(frame: scene.cardTitleFrame, opacity: cards),
                "fade": PoseChange(frame: bounds, opacity: fade),
                "detail": PoseChange(frame: bounds, opacity: detail),
            ]
            for phantom in phantoms {
                var change = onDetail ? phantom.onDetail : PoseChange(scale: .identity, translation: .zero)
                change.frame = phantom.frame
                change.opacity = phantomOpacity
                layers[phantom.id] = change
            }
            return Pose(name: name, layers: layers)
        }
        let fadeOpacity = parameters[MiquidoParameters.Keys.fadeOpacity]
        let card = pose("card", grid: 1, cards: 0, fade: 0, detail: 0, phantoms: 1, onDetail: false)
        let morphed = pose(
            "morphed", grid: 1, cards: 0, fade: fadeOpacity, detail: reveals ? 1 : 0, phantoms: 1, onDetail: true)
        let settled =
            presenting
            ? pose("detail", grid: 0, cards: 0, fade: 0, detail: 1, phantoms: 0, onDetail: true)
            : pose("grid", grid: 1, cards: 1, fade: 0, detail: 0, phantoms: 0, onDetail: false)
        let curve = CurveSpec.uikitSpring(
            duration: parameters[MiquidoParameters.Keys.duration],
            dampingRatio: parameters[MiquidoParameters.Keys.dampingRatio],
            initialVelocity: parameters[MiquidoParameters.Keys.initialVelocity])
        return TransitionDocument(
            window: scene.window,
            layers: [
                DocumentLayer(id: "grid", role: "the collection screen of cards"),
                DocumentLayer(
                    id: "cardImage", kind: .image, role: "the selected card's real image, hidden during the transition"),
                DocumentLayer(id: "cardTitle", role: "the selected card's real title, hidden during the transition"),
                DocumentLayer(
                    id: "fade", kind: .solid,
                    fill: fadeColor == "black" ? .black : fadeColor == "clear" ? Color(hex: 0, alpha: 0) : .white,
                    role: "the full-screen \(fadeColor) fade view, above the grid"),
                DocumentLayer(id: "detail", role: "the real detail screen, hidden until the transition completes"),
                DocumentLayer(
                    id: "imagePhantom", kind: .image,
                    role: "a snapshot of the image, moving from the card to the detail"),
                DocumentLayer(id: "titlePhantom", role: "a snapshot of the title, moving from the card to the detail"),
            ],
            poses: [card, morphed, settled],
            interaction: .tap(
                TapInteraction(
                    from: presenting ? "card" : "morphed", to: presenting ? "morphed" : "card", curve: curve,
                    settled: settled.name)))
    }
}
