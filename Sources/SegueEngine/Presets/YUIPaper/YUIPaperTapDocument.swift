import SegueMath

/// The Facebook Paper push and pop as transition documents (the YUI gallery,
/// github.com/yihui-hu/YUI, `HomeTransitionAnimationController.pushAnimation` / `popAnimation`,
/// and HomeView). Every layer keeps one frame (a card's is its small image
/// container) and where it appears is its scale and translation, as `YUIPaperState` draws it:
/// `home` (the small layout, the demo on the selected card), `pages` (the big layout, the demo
/// full-screen) and the settled screens (`demo` after a push, `rest` after a pop, with what the
/// completion removed at opacity 0).
enum YUIPaperTapDocument {
    static func build(pushing: Bool, _ sceneValues: ParameterValues, _ parameters: ParameterValues)
        -> TransitionDocument
    {
        let geometry = YUIPaperGeometry(scene: YUIPaperScene(sceneValues), parameters: parameters)
        let scene = geometry.scene
        let dcr = scene.displayCornerRadius
        let selected = scene.selectedIndex
        let cards = zip(geometry.cardIndices, YUIPaperState.cardLayerIDs).map { index, id in
            (
                id: id, frame: geometry.small.imageContainer(index), big: geometry.big.imageContainer(index),
                opacity: geometry.exists(index) ? 1.0 : 0
            )
        }
        let title = geometry.small.title(selected)
        let lifted = Point(x: 0, y: -YUIPaperConstants.labelsLiftFraction * scene.window.height)
        /// A layer at `frame` shown at `visible`: `AffineTransform(showing:at:)` as a pose's scale and translation.
        func shown(_ frame: Rect, at visible: Rect) -> PoseChange {
            let t = AffineTransform(showing: frame, at: visible)
            return PoseChange(scale: PoseScale(x: t.a, y: t.d), translation: Point(x: t.tx, y: t.ty))
        }
        let identity = PoseChange(scale: .identity, translation: .zero)
        func with(_ change: PoseChange, opacity: Double? = nil, cornerRadius: Double? = nil) -> PoseChange {
            var change = change
            change.opacity = opacity
            change.cornerRadius = cornerRadius
            return change
        }
        /// The small layout (the home): cards at identity, the demo where `demo` puts it.
        func home(_ name: String, demo: PoseChange, titleOpacity: Double = 1) -> Pose {
            var layers: [String: PoseChange] = [
                "home": PoseChange(frame: scene.bounds, opacity: 1, cornerRadius: dcr),
                "backdrop": PoseChange(frame: scene.bounds, opacity: 0),
                "selectedTitle": with(identity, opacity: titleOpacity),
                "labels": with(identity, opacity: 1),
                "demo": demo,
            ]
            for card in cards {
                layers[card.id] = with(identity, opacity: card.opacity, cornerRadius: geometry.cardRadius)
            }
            return Pose(name: name, layers: layers)
        }
        /// The big layout (the pages): the demo full-screen at identity, radius dcr.
        func pages(_ name: String, titleOpacity: Double) -> Pose {
            var layers: [String: PoseChange] = [
                "home": PoseChange(opacity: 1, cornerRadius: dcr),
                "backdrop": PoseChange(opacity: parameters[YUIPaperParameters.Keys.backdropOpacity]),
                "selectedTitle": with(shown(title, at: geometry.big.title(selected)), opacity: titleOpacity),
                "labels": PoseChange(translation: lifted, opacity: 0),
                "demo": with(identity, opacity: 1, cornerRadius: dcr),
            ]
            for card in cards {
                layers[card.id] = with(shown(card.frame, at: card.big), opacity: card.opacity, cornerRadius: dcr)
            }
            return Pose(name: name, layers: layers)
        }
        let onCard = shown(scene.bounds, at: geometry.selectedContainer)
        var poses: [Pose]
        if pushing {
            let start = home(
                "home",
                demo: with(
                    onCard, opacity: 0, cornerRadius: max(0, dcr - YUIPaperConstants.pushDemoRadiusInset)))
            // After the push the home, back in its small layout, is out of the window.
            var demo = home("demo", demo: with(identity, opacity: 1, cornerRadius: dcr))
            for id in ["home", "selectedTitle", "labels"] + cards.map(\.id) {
                demo.layers[id]?.opacity = 0
            }
            poses = [start, pages("pages", titleOpacity: 0), demo]
        } else {
            let end = home(
                "home",
                demo: with(onCard, opacity: 0, cornerRadius: max(0, dcr - YUIPaperConstants.popDemoRadiusInset)))
            // After the pop the demo is removed, its transform back to identity and radius 0.
            let rest = home("rest", demo: with(identity, opacity: 0, cornerRadius: 0))
            poses = [pages("pages", titleOpacity: 1), end, rest]
        }
        // The first pose gives every layer its frame.
        let frames =
            [
                ("home", scene.bounds), ("backdrop", scene.bounds), ("selectedTitle", title),
                ("labels", scene.labelsFrame), ("demo", scene.bounds),
            ] + cards.map { ($0.id, $0.frame) }
        for (id, frame) in frames {
            poses[0].layers[id, default: PoseChange()].frame = frame
        }
        let descriptions = YUIPaperState.layerDescriptions(geometry)
        return TransitionDocument(
            window: scene.window,
            layers: descriptions.map { DocumentLayer(id: $0.id, kind: $0.kind, fill: $0.fill, role: $0.role) },
            poses: poses,
            interaction: .tap(
                TapInteraction(
                    from: poses[0].name, to: poses[1].name,
                    curve: .uikitSpring(
                        duration: parameters[YUIPaperParameters.Keys.duration],
                        dampingRatio: parameters[YUIPaperParameters.Keys.dampingRatio],
                        initialVelocity: parameters[YUIPaperParameters.Keys.initialVelocity]),
                    settled: poses[2].name)))
    }
}
