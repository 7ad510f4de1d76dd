import SegueMath

/// The AppStore family's parameters and scene fields, each declared once as a typed key.

extension AppStoreInteractiveDismiss {
    enum Keys {
        static let scrollOffset = ParameterKey.number(
            "scrollOffset", default: 0, in: 0...100_000, unit: "pt",
            summary: "The detail's contentOffset.y at touch-down; a drag down enters the dismiss mode only once it "
                + "has pulled the content past its top (0: at the top, from the first sample).",
            source:
                "AppStoreiOS11InteractiveTransition (Wirawit Rueopas): scrollView.isTracking && scrollView.contentOffset.y < 0; at scroll top"
        )
        static let progressDistance = ParameterKey.number(
            "progressDistance", default: AppStoreConstants.progressDistance, in: 1...10_000, unit: "pt",
            summary: "The travel that makes progress 1.",
            source:
                "AppStoreiOS11InteractiveTransition (Wirawit Rueopas): let dragDownProgress = (currentLoc.y - startingLoc.y) / 100"
        )
        enum EdgeProgressSpace: String, ParameterChoice {
            case window, card
        }
        static let edgeProgressSpace = ParameterKey.choice(
            "edgeProgressSpace", default: EdgeProgressSpace.window,
            summary: "Beyond the original: edge-pan translation in window points (the fix), or 'card' for the "
                + "original's translation(in: view), which divides by the card's scale so progress accelerates.",
            source: "AppStoreiOS11InteractiveTransition (Wirawit Rueopas): gesture.translation(in: view).x / 100")
        static let edgeWidth = ParameterKey.number(
            "edgeWidth", default: 20, in: 0...1000, unit: "pt",
            summary: "Touches starting this close to the left edge belong to the screen-edge pan, which has priority.",
            source: "Segue's estimate (UIScreenEdgePanGestureRecognizer's region is private)")
        static let shrinkAnimatorDuration = ParameterKey.number(
            "shrinkAnimatorDuration", default: 0, in: 0...10, unit: "s",
            summary: "The shrink animator's duration; 0, as in the original, is 0.2 s in UIKit, so a reversal from "
                + "progress p lasts 0.2·p s.",
            source:
                "AppStoreiOS11InteractiveTransition (Wirawit Rueopas): UIViewPropertyAnimator(duration: 0, curve: .linear); UIKit, as Segue models it"
        )
        static let velocityEstimator = SharedKeys.velocityEstimator.defaulting(
            to: .uikit, summary: "How the reported velocity is estimated (no rule reads it:).")
    }
}

/// Parameters the App Store presets share, with their seed sources.
enum AppStoreParameters {
    enum Keys {
        static let highlightedScale = ParameterKey.number(
            "highlightedScale", default: AppStoreConstants.highlightedScale, in: 0.05...1,
            summary: "The pressed card's scale.",
            source:
                "AppStoreiOS11InteractiveTransition (Wirawit Rueopas): self.transform = .init(scaleX: 0.96, y: 0.96)")
        static let highlightDuration = ParameterKey.number(
            "highlightDuration", default: AppStoreConstants.highlightDuration, in: 0.01...10, unit: "s",
            summary: "The press and release springs' duration.",
            source: "AppStoreiOS11InteractiveTransition (Wirawit Rueopas): UIView.animate(withDuration: 0.5, …)")
        static let highlightDampingRatio = ParameterKey.number(
            "highlightDampingRatio", default: AppStoreConstants.highlightDampingRatio, in: 0.05...1,
            summary: "The press and release springs' damping ratio.",
            source: "AppStoreiOS11InteractiveTransition (Wirawit Rueopas): usingSpringWithDamping: 1")
        static let cornerRadius = ParameterKey.number(
            "cornerRadius", default: AppStoreConstants.cornerRadius, in: 0...200, unit: "pt",
            summary: "The card's corner radius.",
            source:
                "AppStoreiOS11InteractiveTransition (Wirawit Rueopas): self.view.layer.cornerRadius = 16 (AppStoreiOS11InteractiveTransition GlobalConstants.cardCornerRadius)"
        )
        static let shrinkScale = ParameterKey.number(
            "shrinkScale", default: AppStoreConstants.shrinkScale, in: 0.05...1,
            summary: "The scale the interactive dismiss shrinks the detail to: the shipped code's 0.86, or the "
                + "slides' 0.8.",
            source:
                "AppStoreiOS11InteractiveTransition CardDetailViewController.targetShrinkScale = 0.86 (the App Store transition's slides show 0.8)"
        )
        static let dismissDuration = ParameterKey.number(
            "dismissDuration", default: AppStoreConstants.dismissDuration, in: 0.01...10, unit: "s",
            summary: "The dismiss spring's duration.",
            source:
                "AppStoreiOS11InteractiveTransition GlobalConstants.dismissalAnimationDuration = 0.6 (Segue's reading of the original)"
        )
        static let dismissDampingRatio = ParameterKey.number(
            "dismissDampingRatio", default: AppStoreConstants.dismissDampingRatio, in: 0.05...1,
            summary: "The dismiss spring's damping ratio.",
            source:
                "AppStoreiOS11InteractiveTransition DismissCardAnimator: usingSpringWithDamping: 0.7 (Segue's reading of the original)"
        )
    }
}

extension AppStorePresent {
    enum Keys {
        static let pressDuration = ParameterKey.number(
            "pressDuration", default: 0.5, in: 0...10, unit: "s",
            summary: "How long the finger was down before the tap: the highlight spring's progress then is the "
                + "frozen card's scale (0.5 s or more: fully pressed, scene F).",
            source: "Segue's default scene (present from the fully-pressed state)")
        static let topOffset = ParameterKey.number(
            "topOffset", default: -1, in: -100...100, unit: "pt",
            summary: "Where the detail card sits from the container's top; 0 drops the original's −1 pt hack.",
            source:
                "AppStoreiOS11InteractiveTransition PresentCardAnimator: topAnchor constant −1 (Segue's reading of the original)"
        )
    }
}

extension AppStoreScene {
    enum Keys {
        static let window = ParameterKey.size(
            "window", default: sceneF.window,
            summary: "The window; the home and detail screens fill it.",
            source: "Segue's default scene: an iPhone window (390 × 844)")
        static let cardFrame = ParameterKey.rect(
            "cardFrame", default: sceneF.cardFrame,
            summary: "The tapped card's identity frame (untransformed), window points.",
            source:
                "Segue's default scene card 0; AppStoreiOS11InteractiveTransition HomeViewController: width W − 2·20, height 1.2·width"
        )
    }
}
