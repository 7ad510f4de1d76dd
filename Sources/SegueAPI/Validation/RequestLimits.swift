import SegueEngine

/// The caps on what one request may make the server hold or compute, besides the
/// body size the transport enforces. Each is a server flag (`segue --help`), so an
/// operator can tighten or loosen them; every request past one gets a 4xx that
/// names the field and the limit, never a 5xx or an unbounded allocation.
///
/// The defaults leave room for any real gesture or transition: a 10 000-sample
/// gesture is over a minute of 120 Hz touches, 20 000 frames is over five minutes
/// at 60 Hz, and no request of the API nests deeper than four levels.
public struct RequestLimits: Sendable, Hashable {
    /// The deepest nesting of objects and arrays a JSON body may have.
    public var maxJSONDepth = 32
    /// The longest string (member names included) a JSON body may hold, in UTF-8 bytes as sent.
    public var maxStringBytes = 1024
    /// The most values (array elements and object members, at every depth) a JSON body may
    /// hold: 2^16, room for a gesture of `maxGestureSamples` samples (five values each, 50 001
    /// at the default) and the rest of a request, while no body's tree can hold more than about
    /// 10 MiB whatever its shape (docs/memory.md).
    public var maxJSONValues = 65_536
    /// The largest magnitude of any number in a JSON body: far beyond any point, second
    /// or stiffness a person means, small enough that arithmetic on it stays finite.
    public var maxNumberMagnitude = 1e12
    /// The most samples one gesture may have.
    public var maxGestureSamples = GestureTrack.defaultMaximumSampleCount
    /// The most frames one simulation may produce.
    public var maxFrames = FrameGrid.defaultMaxFrames
    /// The most samples one `POST /v1/curves` answer may hold.
    public var maxCurveSamples = 100_000
    /// The most cells one `POST /v1/decisions` map may have: 64 × 64, each a simulation.
    public var maxDecisionCells = 4096

    public init() {}

    /// The limits the JSON scanner enforces while it reads a body.
    public var json: JSONLimits {
        JSONLimits(maxDepth: maxJSONDepth, maxStringBytes: maxStringBytes, maxValues: maxJSONValues)
    }
}

/// What a JSON body's text may contain, checked while it is scanned and before any of
/// it is built into values, so an oversized string, a deep nest or a flood of values costs
/// nothing to refuse. (Number magnitudes are checked field by field instead, by `FieldValidator`,
/// so that a number too large is reported together with every other mistake.)
public struct JSONLimits: Sendable, Hashable {
    public var maxDepth: Int
    public var maxStringBytes: Int
    /// Array elements and object members, counted at every depth.
    public var maxValues: Int

    public init(maxDepth: Int, maxStringBytes: Int, maxValues: Int = RequestLimits().maxJSONValues) {
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
        self.maxValues = maxValues
    }
}
