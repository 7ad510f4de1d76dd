public import SegueEngine
public import SegueMath

/// What `POST /v1/decisions` computed: the map, and for a given release its decision and margins.
/// Drawn as JSON by `DecisionsResponse` and as a picture by `DecisionMapSVG`.
public struct DecisionsAnswer: Sendable {
    public var presetID: String
    public var axis: Point
    public var map: DecisionMap
    public var release: MarkedRelease?

    /// The release the request named: what the preset decided there and how far it could move.
    public struct MarkedRelease: Sendable {
        public var point: ReleasePoint
        public var decision: Decision
        public var margin: ReleaseMargin

        /// One sentence: the outcome, and the nearest changes that would flip it.
        public var summary: String {
            let outcome = decision.outcome
            let flipped = outcome == .finish ? "cancel" : "finish"
            let changes: [(Double?, String)] = [
                (margin.velocityBelow, "pt/s slower"), (margin.velocityAbove, "pt/s faster"),
                (margin.translationBelow, "pt shorter"), (margin.translationAbove, "pt longer"),
            ]
            let flips = changes.compactMap { amount, words in amount.map { "\(Format.amount($0)) \(words)" } }
            let head =
                "Released at \(Format.amount(point.translation)) pt and \(Format.amount(point.velocity)) pt/s: "
                + "\(outcome.rawValue)."
            guard !flips.isEmpty else { return head + " No release within the map would \(flipped)." }
            return head + " It would \(flipped) if \(flips.joined(separator: ", or ")) (each alone)."
        }
    }

    /// Computes the map, then the release's margins.
    public init(_ request: DecisionsRequest) throws(SimulationError) {
        let probe = request.probe
        presetID = probe.preset.description.id
        axis = probe.axis
        map = try DecisionMap.compute(probe: probe, translation: request.translation, velocity: request.velocity)
        if let point = request.release {
            let decision = try probe.decision(at: point)
            let margin = try ReleaseMargin.measure(
                point, outcome: decision.outcome, probe: probe, translation: request.translation,
                velocity: request.velocity)
            release = MarkedRelease(point: point, decision: decision, margin: margin)
        }
    }
}
