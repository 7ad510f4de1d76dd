public import SegueEngine

/// How the computing routes are admitted: their bodies' JSON trees by their bytes
/// (`BodyAdmission`), then their work by its estimated cost, in the work gate, or, when it is
/// small, in a lane of its own beside it (`quick`).
///
/// Small work is a few milliseconds of CPU at most: the canonical simulate is estimated at
/// 114 KB (269 KB as Lottie) and computed in 0.2 ms. In the gate's one first-come, first-served queue it waited
/// behind every heavy request ahead of it, 20 s behind 120 heavy exports (scripts/faults/heavy),
/// although it would have been done in a millisecond. In its own lane it waits only for other
/// small work, while heavy work keeps its order, and the gate still counts its bytes.
public struct Admission: Sendable {
    public let gate: WorkGate
    /// The lane for work estimated at no more than `quickBytes`.
    let quick: WorkLane
    /// How bodies are admitted before they are read.
    public let bodies: BodyAdmission

    /// 1 MiB: the most a request may be estimated at and still run in the quick lane. The
    /// canonical simulate is 114 KB (`AdmissionTests`); a gesture of 4 s at 60 Hz of a
    /// 4-layer preset, or a default decision map, fit. At most `maxRunning` such requests compute at once, beside
    /// the gate's.
    public static let quickBytes = 1 << 20

    public init(gate: WorkGate) {
        self.gate = gate
        quick = WorkLane(beside: gate)
        bodies = BodyAdmission(gate: gate)
    }

    /// Runs `work` once admitted at `cost`: in the quick lane when the cost is at most
    /// `quickBytes`, else in the gate (`WorkGate.run`).
    public func run<T>(
        cost: Int, cancellation: CancellationCheck = .never, _ work: (WorkGate.Reservation) throws(Problem) -> T
    ) throws(Problem) -> T {
        guard cost > Self.quickBytes else { return try quick.run(cost: cost, cancellation: cancellation, work) }
        return try gate.run(cost: cost, cancellation: cancellation, work)
    }

    /// Runs `respond` once admitted at `cost`, for work whose answer is all it holds afterwards:
    /// the reservation then becomes the answer's body (and room to gzip-code it, when the
    /// client accepts gzip: `ResponseCompression.heldBytes`) and stays with it until sent.
    public func answer(
        cost: Int, to request: HTTPRequest, _ respond: () throws(Problem) -> HTTPResponse
    ) throws(Problem) -> HTTPResponse {
        try run(cost: cost, cancellation: request.cancellation) { reservation throws(Problem) in
            var response = try respond()
            reservation.resize(
                to: ResponseCompression.heldBytes(
                    body: response.body.count, acceptEncoding: request.headers["Accept-Encoding"]))
            response.reservation = reservation
            return response
        }
    }
}
