import SegueAPI

extension JSONLimits {
    /// The limits an answer is read back with to check it is JSON: the server's own request
    /// limits but for the count of values, since an answer of 20 000 frames holds far more than
    /// `--max-json-values` (65 536) allows a request body; the cap protects the server from what
    /// clients send, not clients from what it answers.
    static var answers: JSONLimits {
        var limits = JSONParser.defaultLimits
        limits.maxValues = .max
        return limits
    }
}
