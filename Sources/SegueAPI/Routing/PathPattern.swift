/// A route's path, such as `/v1/presets/{id}`: literal segments and named
/// parameters that match exactly one non-empty segment.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]
    public let description: String

    /// Parses a pattern; segments in braces are parameters.
    public init(_ pattern: String) {
        description = pattern
        segments = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { part in
            if part.hasPrefix("{") && part.hasSuffix("}") {
                return .parameter(String(part.dropFirst().dropLast()))
            }
            return .literal(String(part))
        }
    }

    /// The parameters bound by `path` (as sent, percent-encoded), or nil when the path
    /// does not match or cannot be decoded.
    public func match(_ path: String) -> [String: String]? {
        guard let decoded = try? RequestPath(path) else { return nil }
        return match(decoded)
    }

    /// The parameters bound by a decoded path, or nil when it does not match. A literal
    /// compares with the decoded segment and a parameter binds it decoded, so
    /// `/v1/presets/a%2Fb` binds `id` to `a/b`.
    public func match(_ path: RequestPath) -> [String: String]? {
        guard path.segments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, path.segments) {
            switch segment {
            case .literal(let literal):
                guard part == literal else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                parameters[name] = part
            }
        }
        return parameters
    }
}
