/// Whether whoever asked for a piece of work still wants its result: a plain question
/// asked between batches of work, so that a simulation whose client has gone stops
/// early instead of computing an answer nobody reads.
///
/// The engine stays pure: it never looks at a socket or a clock, it only calls `isCancelled`,
/// which the transport builds (for HTTP, "has the client closed its connection?"). The
/// check is not part of any value's identity: two checks always compare equal, so types
/// that carry one keep their value semantics.
public struct CancellationCheck: Sendable, Hashable {
    private let check: @Sendable () -> Bool

    /// - Parameter isCancelled: answers true once the work is no longer wanted; it must be
    ///   cheap (it is called every `CancellationCheck.frameBatch` frames) and safe to call
    ///   from the thread doing the work.
    public init(_ isCancelled: @escaping @Sendable () -> Bool) {
        check = isCancelled
    }

    /// Work that is never cancelled: in-process callers, tests, the fuzzer.
    public static let never = CancellationCheck { false }

    /// Frames computed between two checks. A 240 Hz, 8-layer simulation makes about 250 frames
    /// a millisecond, so a gone client is noticed within a few milliseconds of work, for one
    /// `recv` per batch.
    public static let frameBatch = 256

    /// True once the work is no longer wanted.
    public var isCancelled: Bool { check() }

    public static func == (lhs: CancellationCheck, rhs: CancellationCheck) -> Bool { true }

    public func hash(into hasher: inout Hasher) {}
}
