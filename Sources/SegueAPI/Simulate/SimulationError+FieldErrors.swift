import SegueEngine

extension SimulationError {
    /// The problem to answer with: `clientGone` for a simulation stopped because its client left,
    /// else a 422 with `fieldErrors(presetID:)`.
    func problem(presetID: String) -> Problem {
        isCancellation ? Problem.clientGone() : Problem.invalidRequest(fieldErrors(presetID: presetID))
    }

    /// The error as field errors for a 422 problem: the one place where the engine's cases
    /// become JSON Pointers into the request and sentences that say what to send instead.
    /// `presetID` names the preset whose catalogue entry has an example to start from.
    func fieldErrors(presetID: String) -> [FieldError] {
        switch self {
        case .gestureRequired:
            return [
                FieldError(
                    pointer: "/gesture",
                    detail: "This preset is driven by a gesture: send {\"samples\": [...]} "
                        + "(GET /v1/presets/\(presetID) has an example).")
            ]
        case .gestureNeverEnds(let otherwise):
            let alternative = otherwise.map { ", or \($0)" } ?? ""
            return [
                FieldError(
                    pointer: "/gesture/samples",
                    detail: "The gesture never ends: its last sample must have phase 'ended' (or 'cancelled')"
                        + alternative + ".")
            ]
        case .tooManyFrames(let seconds, let frameRate, let maxFrames):
            return [
                FieldError(
                    pointer: "/frameRate",
                    detail:
                        "This transition lasts \(Format.amount(seconds)) s; at \(Format.amount(frameRate)) "
                        + "frames per second that is more than \(maxFrames) frames, the most one simulation may "
                        + "produce. Lower frameRate or shorten the gesture.")
            ]
        case .sampleRefused(let index, let reason):
            return [FieldError(pointer: "/gesture/samples/\(index)", detail: reason)]
        case .fields(let issues) where !issues.isEmpty:
            return issues.map { issue in
                FieldError(
                    pointer: "/\(issue.section.rawValue)/" + FieldValidator.escape(issue.name), detail: issue.reason)
            }
        case .fields, .cancelled:
            return [FieldError(pointer: "", detail: "The simulation could not run with this request.")]
        }
    }
}
