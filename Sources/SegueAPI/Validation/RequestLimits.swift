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
    /// The most layers one transition document may have (docs/transitions.md): every frame
    /// holds a state of each, so the work of a simulation grows with them.
    public var maxTransitionLayers = 32
    /// The most poses one transition document may have.
    public var maxTransitionPoses = 16
    /// The most release guards one pan may have; also the most conditions one `all` or `any`
    /// list may hold.
    public var maxReleaseGuards = 16
    /// The deepest a guard's `when` may nest `all` and `any` lists: a condition inside an `all`
    /// inside an `any` is two levels. Not a flag: no rule a person writes needs more, and the
    /// JSON depth cap bounds it anyway.
    public let maxConditionDepth = 4
    /// The most bytes one layer's `image` may decode to: 1 MiB. Its base64 text is a third
    /// longer, and the whole body must still fit `--max-body-bytes` (docs/transitions.md).
    public var maxImageBytes = 1 << 20

    /// The longest `data:` URI an image of `maxImageBytes` takes: the longer media-type prefix
    /// and four base64 characters for every three bytes. Such a string is the one kind that may
    /// pass `maxStringBytes` (`JSONLimits.imageStringBytes`).
    public var maxImageURIBytes: Int {
        ImageDataURI.longestPrefix.utf8.count + (maxImageBytes + 2) / 3 * 4
    }

    public init() {}

    /// The limits the JSON scanner enforces while it reads a body.
    public var json: JSONLimits {
        var limits = JSONLimits(maxDepth: maxJSONDepth, maxStringBytes: maxStringBytes, maxValues: maxJSONValues)
        limits.imageStringBytes = maxImageURIBytes
        return limits
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
    /// The longest string a transition layer's `image` may be (at `/transition/layers/N/image`,
    /// where a `data:` URI carries a picture), when more than `maxStringBytes`; nil allows none
    /// longer. Only that place: every other string stays short.
    public var imageStringBytes: Int?

    public init(maxDepth: Int, maxStringBytes: Int, maxValues: Int = RequestLimits().maxJSONValues) {
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
        self.maxValues = maxValues
    }
}
