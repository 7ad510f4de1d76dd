import SegueMath

/// The YUIPaper family's parameters and scene fields, each declared once as a typed key.

extension YUIPaperInteractivePop {
    enum Keys {
        static let dragDistance = ParameterKey.number(
            "dragDistance", default: 0.5, in: 0.05...2, unit: "H",
            summary: "How far down, as a fraction of the window's height, the finger drags for the whole pop.",
            source:
                "YUI (yihui-hu/YUI) HomeView settings pull maxT = 0.5·H (Segue's reading of the original) [inferred reuse]"
        )
        static let flickVelocity = ParameterKey.number(
            "flickVelocity", default: 500, in: 0...10_000, unit: "pt/s",
            summary: "A release faster than this (|vy|) decides by its direction alone.",
            source: "YUI (yihui-hu/YUI) HomeView settings pull: abs(velocity.y) > 500 [inferred reuse]")
        static let progressThreshold = ParameterKey.number(
            "progressThreshold", default: 0.5, in: 0...1,
            summary: "A slower release finishes iff the progress is above this.",
            source: "YUI (yihui-hu/YUI) HomeView settings pull: ty / maxT > 0.5 [inferred reuse]")
        static let gateRatio = ParameterKey.number(
            "gateRatio", default: 1.5, in: 0...10,
            summary: "The pan starts the pop only if vy > gateRatio·|vx| when it begins (a downward pull).",
            source: "YUI (yihui-hu/YUI) HomeView gestureRecognizerShouldBegin: |vy| > 1.5·|vx| [inferred reuse]")
    }
}

extension YUIPaperParameters {
    enum Keys {
        static let scaleFactor = ParameterKey.number(
            "scaleFactor", default: 0.6, in: 0.1...1,
            summary: "The cards' size as a fraction of the screen: items (s·W, s·H + 40). 0.6 is the code's; 0.4 "
                + "reproduces the original README's description (a flaw of the original, which Segue fixes by default).",
            source: "YUI (yihui-hu/YUI): HomeView scaleFactor 0.6 (README: \"scaled down by 0.4\")")
        static let duration = ParameterKey.number(
            "duration", default: 0.5, in: 0.01...10, unit: "s",
            summary: "The UIView spring animation's duration.",
            source: "YUI (yihui-hu/YUI): HomeTransitionAnimationController UIView.animate(withDuration: 0.5, …)")
        static let dampingRatio = ParameterKey.number(
            "dampingRatio", default: 2, in: 0.05...4,
            summary:
                "The spring's damping ratio; UIKit's mapping clamps ratios above 1 to 1 (UIKit's duration + damping mapping).",
            source: "YUI (yihui-hu/YUI): usingSpringWithDamping: 2")
        static let initialVelocity = ParameterKey.number(
            "initialVelocity", default: 0.2, in: 0...20, unit: "1/s",
            summary: "The spring's initial velocity, in animation distances per second.",
            source: "YUI (yihui-hu/YUI): initialSpringVelocity: 0.2")
        static let itemSpacing = ParameterKey.number(
            "itemSpacing", default: 1.5, in: 0...100, unit: "pt",
            summary: "The flow layout's line spacing between cards.",
            source: "YUI (yihui-hu/YUI): minimumLineSpacing = minimumInteritemSpacing = 1.5")
        static let titleHeight = ParameterKey.number(
            "titleHeight", default: 40, in: 0...200, unit: "pt",
            summary: "The title band above each card's image container; 0 is a card without one.",
            source: "YUI (yihui-hu/YUI): HomeViewCell title label height 40")
        static let backdropOpacity = ParameterKey.number(
            "backdropOpacity", default: 0.5, in: 0...1,
            summary: "The black backdrop's opacity with the demo shown; it dims the home's background only.",
            source: "YUI (yihui-hu/YUI): backdrop.alpha = 0.5")
        static let legacyPageOffset = ParameterKey.flag(
            "legacyPageOffset",
            summary:
                "Reproduce the original's target contentOffset i·W, which ignores the spacing, so card i ends 1.5·i pt "
                + "off the demo (a flaw of the original, which Segue fixes by default); false uses i·(W + spacing).",
            source: "YUI (yihui-hu/YUI): contentOffset = CGPoint(x: CGFloat(indexPath.item) * view.bounds.width, y: 0)")
    }
}

extension YUIPaperScene {
    enum Keys {
        static let window = ParameterKey.size(
            "window", default: sceneG.window,
            summary: "The window; the home and the demo screens fill it.",
            source: "Segue's default scene: an iPhone window (390 × 844)")
        static let displayCornerRadius = ParameterKey.number(
            "displayCornerRadius", default: sceneG.displayCornerRadius, in: 0...200, unit: "pt",
            summary: "The display corner radius dcr; card, demo and home radii derive from it.",
            source:
                "Segue's reading of the original (47.33 for 390 × 844; YUI (yihui-hu/YUI) reads _displayCornerRadius)")
        static let itemCount = ParameterKey.number(
            "itemCount", default: Double(sceneG.itemCount), in: 1...1000,
            summary: "How many cards the strip holds (rounded); a neighbour outside it is not shown.",
            source: "Segue's default scene [inferred: one card per demo]")
        static let selectedIndex = ParameterKey.number(
            "selectedIndex", default: 0, in: 0...999,
            summary: "The tapped card, 0-based (rounded, clamped to itemCount − 1).",
            source: "Segue's default scene (push item 0; item 1 shows the spacing bug)")
        static let contentOffset = ParameterKey.number(
            "contentOffset", default: 0, in: 0...1_000_000, unit: "pt",
            summary: "The strip's horizontal content offset with the small layout.",
            source: "Segue's default scene (offset 0)")
        static let labelsFrame = ParameterKey.rect(
            "labelsFrame", default: sceneG.labelsFrame,
            summary: "The home's header labels and settings button, window points; they move up by 0.4·H and fade.",
            source: "Segue's reading of the original [inferred layout: the original gives fonts, not frames]")
    }
}

extension YUIPaperSettings {
    enum Keys {
        static let settingsShown = ParameterKey.flag(
            "settingsShown",
            summary: "Whether the settings are shown when the finger touches down (the pan then closes them).",
            source: "Segue's reading of the original (opening from hidden; closing from shown)")
        static let maxTranslation = ParameterKey.number(
            "maxTranslation", default: 0.5, in: 0.05...2, unit: "H",
            summary: "maxT as a fraction of the window's height: the drag for p = 1, and how far down the shown "
                + "home sits.",
            source: "YUI (yihui-hu/YUI) HomeView: maxT = 0.5·H")
        static let visibleScale = ParameterKey.number(
            "visibleScale", default: 0.96, in: 0.1...2,
            summary: "The home container's scale with the settings shown (1 − 0.04 at p = 1).",
            source: "YUI (yihui-hu/YUI) HomeView: sVisible = 0.96")
        static let settingsHiddenScale = ParameterKey.number(
            "settingsHiddenScale", default: 0.9, in: 0.1...2,
            summary: "The settings view's scale while hidden.",
            source: "YUI (yihui-hu/YUI) HomeView: settings view starts at scale 0.9, α 0")
        static let flickVelocity = ParameterKey.number(
            "flickVelocity", default: 500, in: 0...10_000, unit: "pt/s",
            summary: "A release faster than this (|vy|) decides by its direction alone.",
            source: "YUI (yihui-hu/YUI) HomeView: abs(velocity.y) > 500")
        static let progressThreshold = ParameterKey.number(
            "progressThreshold", default: 0.5, in: 0...1,
            summary: "A slower release shows the settings iff ty / maxT is above this.",
            source: "YUI (yihui-hu/YUI) HomeView: ty / maxT > 0.5")
        static let gateRatio = ParameterKey.number(
            "gateRatio", default: 1.5, in: 0...10,
            summary: "The pan starts only if |vy| > gateRatio·|vx| when it begins.",
            source: "YUI (yihui-hu/YUI) HomeView gestureRecognizerShouldBegin: |vy| > 1.5·|vx|")
        static let toggleDuration = ParameterKey.number(
            "toggleDuration", default: 0.6, in: 0.01...10, unit: "s",
            summary: "The toggle spring's duration.",
            source: "YUI (yihui-hu/YUI) HomeView: UIView.animate(withDuration: 0.6, …)")
        static let toggleDampingRatio = ParameterKey.number(
            "toggleDampingRatio", default: 0.8, in: 0.05...4,
            summary: "The toggle spring's damping ratio.",
            source: "YUI (yihui-hu/YUI) HomeView: usingSpringWithDamping: 0.8")
        static let toggleInitialVelocity = ParameterKey.number(
            "toggleInitialVelocity", default: 0.6, in: 0...20, unit: "1/s",
            summary: "The toggle spring's initial velocity, in animation distances per second.",
            source: "YUI (yihui-hu/YUI) HomeView: initialSpringVelocity: 0.6")
        static let snapBackDuration = ParameterKey.number(
            "snapBackDuration", default: 0.4, in: 0.01...10, unit: "s",
            summary: "The snap-back spring's duration (damping 1, velocity 0).",
            source: "YUI (yihui-hu/YUI) HomeView: UIView.animate(withDuration: 0.4, usingSpringWithDamping: 1, …)")
    }
}
