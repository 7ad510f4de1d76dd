/// Why a simulation could not run, in engine terms: which input is at fault (the gesture, a
/// sample by index, a scene field or parameter by name) and a sentence on the physics or
/// geometry. The API turns each case into JSON Pointers and its own sentences in one place.
public enum SimulationError: Error, Sendable, Hashable {
    /// The preset is driven by a gesture and the input has none.
    case gestureRequired
    /// The gesture's last sample is neither `ended` nor `cancelled`. `otherwise`, when given, is
    /// what else would have ended the transition ("the drag must travel 200 pt").
    case gestureNeverEnds(otherwise: String?)
    /// The transition lasts `seconds`, more than `maxFrames` frames at `frameRate`.
    case tooManyFrames(seconds: Double, frameRate: Double, maxFrames: Int)
    /// The sample at `index` (of the whole gesture) cannot be played: `reason` says why.
    case sampleRefused(index: Int, reason: String)
    /// Values each within its range that together make no transition, each at its field.
    case fields([FieldIssue])
    /// The simulation was stopped between two batches of frames: nobody wants its answer.
    case cancelled

    /// One field at fault.
    public static func scene(_ name: String, _ reason: String) -> SimulationError {
        .fields([FieldIssue(.scene, name, reason)])
    }

    /// One parameter at fault.
    public static func parameter(_ name: String, _ reason: String) -> SimulationError {
        .fields([FieldIssue(.parameters, name, reason)])
    }

    /// True when the simulation stopped because its answer was no longer wanted.
    public var isCancellation: Bool { self == .cancelled }
}

/// A scene field or parameter, by name, and why its value cannot make a transition.
public struct FieldIssue: Sendable, Hashable {
    /// Where the field lives in the input.
    public enum Section: String, Sendable, Hashable {
        case scene, parameters
    }

    public var section: Section
    public var name: String
    public var reason: String

    public init(_ section: Section, _ name: String, _ reason: String) {
        self.section = section
        self.name = name
        self.reason = reason
    }
}
