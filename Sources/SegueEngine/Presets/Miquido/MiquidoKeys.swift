import SegueMath

/// The Miquido family's parameters and scene fields, each declared once as a typed key.

extension MiquidoDiveDeeper {
    enum Keys {
        static let maximumProgress = ParameterKey.number(
            "maximumProgress", default: 0.9, in: 0.01...1,
            summary: "The cap on the drag's progress (1 lets a drag scrub the whole present).",
            source: "Miquido's Dive Deeper article (Szymon Matysik): fminf(abs(upwardMovement), 0.9)")
        static let percentThreshold = ParameterKey.number(
            "percentThreshold", default: 0.1, in: 0...1,
            summary: "Released with progress above this, the present finishes; otherwise it cancels.",
            source: "Miquido's Dive Deeper article (Szymon Matysik): let percentThreshold: CGFloat = 0.1")
        static let completionSpeed = ParameterKey.number(
            "completionSpeed", default: 1, in: 0.1...10,
            summary: "How fast finish() and cancel() play the rest of the animation.",
            source: "UIPercentDrivenInteractiveTransition.completionSpeed default 1 (UIKit, as Segue models it)")
        static let requireStartOnCard = ParameterKey.flag(
            "requireStartOnCard", default: true,
            summary: "Present only when the pan starts on the card (off it, showDetailViewControllerFrom "
                + "finds no item); false presents from anywhere.",
            source:
                "Miquido's Dive Deeper article (Szymon Matysik): showDetailViewControllerFrom(location: tapPosition)")
        static let legacyShouldFinish = ParameterKey.flag(
            "legacyShouldFinish",
            summary: "Reproduce the original reading shouldFinish (and the scrub) from the last changed sample, "
                + "not the release sample (Segue's reading of the original).",
            source: "Miquido's Dive Deeper article (Szymon Matysik): shouldFinish is set only in case .changed")
    }
}

extension MiquidoParameters {
    enum Keys {
        static let duration = ParameterKey.number(
            "duration", default: 0.5, in: 0.01...10, unit: "s",
            summary: "The animator's transitionDuration and the spring animation's duration.",
            source:
                "Miquido's Dive Deeper article (Szymon Matysik): TransitionAnimator init(duration: TimeInterval = 0.5)")
        static let dampingRatio = ParameterKey.number(
            "dampingRatio", default: 1, in: 0.05...1,
            summary: "The UIView spring's damping ratio (mapped to stiffness and damping as UIKit does).",
            source: "Miquido's Dive Deeper article (Szymon Matysik): UIView.animate(…, usingSpringWithDamping: 1, …)")
        static let initialVelocity = ParameterKey.number(
            "initialVelocity", default: 0.5, in: 0...20, unit: "1/s",
            summary: "The spring's initial velocity, in animation distances per second.",
            source: "Miquido's Dive Deeper article (Szymon Matysik): UIView.animate(…, initialSpringVelocity: 0.5, …)")
        enum FadeColor: String, ParameterChoice {
            case white, black, clear
        }
        static let fadeColor = ParameterKey.choice(
            "fadeColor", default: FadeColor.white,
            summary: "The fade view's colour [inferred: the original's makeFadeView is not shown]; "
                + "it is named in the fade layer's role.",
            source: "Segue's reading of the original [inferred]: a full-screen view in the detail's white background")
        static let fadeOpacity = ParameterKey.number(
            "fadeOpacity", default: 1, in: 0...1,
            summary: "The fade view's opacity with the detail shown.",
            source: "Miquido's Dive Deeper article (Szymon Matysik): fadeView.alpha = self.presenting.cgFloatValue")
        enum DetailReveal: String, ParameterChoice {
            case cut, fade
        }
        static let detailReveal = ParameterKey.choice(
            "detailReveal", default: DetailReveal.cut,
            summary: "How the real detail appears: hidden for the whole morph and cut in at the end (the original), or "
                + "fading in with the fade view (beyond the original: content without a phantom no longer pops in).",
            source:
                "Miquido's Dive Deeper article (Szymon Matysik): presentedView.isHidden = true … completion: presentedView.isHidden = false"
        )
    }
}

extension MiquidoScene {
    enum Keys {
        static let window = ParameterKey.size(
            "window", default: sceneD.window,
            summary: "The window; the grid and detail screens fill it.",
            source: "Segue's default scene: an iPhone window (390 × 844)")
        static let cardFrame = ParameterKey.rect(
            "cardFrame", default: sceneD.cardFrame,
            summary: "The selected card in the grid, window points; the interactive pan must start on it.",
            source: "Segue's default scene [inferred layout]")
        static let cardImageFrame = ParameterKey.rect(
            "cardImageFrame", default: sceneD.cardImageFrame,
            summary: "The card's image: the image model's initialFrame (its centre is the initialCenter).",
            source: "Segue's default scene [inferred layout]")
        static let cardTitleFrame = ParameterKey.rect(
            "cardTitleFrame", default: sceneD.cardTitleFrame,
            summary: "The card's title: the title model's initialFrame (its centre is the initialCenter).",
            source: "Segue's default scene [inferred layout]")
        static let detailImageFrame = ParameterKey.rect(
            "detailImageFrame", default: sceneD.detailImageFrame,
            summary: "The detail's image: the image model's finalFrame (its centre is the finalCenter).",
            source: "Segue's default scene [inferred layout]")
        static let detailTitleFrame = ParameterKey.rect(
            "detailTitleFrame", default: sceneD.detailTitleFrame,
            summary: "The detail's title: the title model's finalFrame (its centre is the finalCenter).",
            source: "Segue's default scene [inferred layout]")
    }
}
