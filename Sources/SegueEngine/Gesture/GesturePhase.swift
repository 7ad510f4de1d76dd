/// Where a pan gesture is in its life, with UIKit's names (`UIGestureRecognizer.State`).
///
/// The raw values are the strings clients send and receive, so the wire layer can decode them
/// directly.
public enum GesturePhase: String, Sendable, Hashable, CaseIterable, Codable {
    /// The pan was recognised; the first sample of every gesture.
    case began
    /// The finger moved while the pan was recognised.
    case changed
    /// The finger lifted; the gesture is over and its velocity is read here.
    case ended
    /// The system cancelled the gesture; it is over.
    case cancelled

    /// Whether this phase ends the gesture (`ended` or `cancelled`); nothing may follow it.
    public var isTerminal: Bool {
        switch self {
        case .began, .changed: false
        case .ended, .cancelled: true
        }
    }
}
