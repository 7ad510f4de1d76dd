public import SegueEngine

/// One live drive over a WebSocket, as a value with no socket and no clock: messages and the
/// time come in, messages to send come out. The transport owns the socket and asks `due(at:)`
/// when `nextDue` comes.
///
/// A session is the samples so far. Each `samples` message is checked and run with all of them,
/// exactly as `POST /v1/simulate` runs them (an open gesture while the finger is down), and the
/// frames past those already sent go out. Since a frame depends only on the samples up to its
/// time, the frames sent never change, and concatenated they are the simulate answer's frames
/// for the same samples. So a session lives in its connection only: a client that reconnects
/// elsewhere resends its samples and gets the same frames.
public struct DriveSession: Sendable {
    /// The route of the socket.
    public static let path = "/v1/drive"

    /// What the transport does next.
    public enum Output: Sendable, Equatable {
        /// Send this JSON as a text message.
        case text([UInt8])
        /// Send these frames as `frames` messages, made one at a time as the socket takes them.
        case frames(FrameBurst)
        /// Close the connection with this code and reason.
        case close(WebSocket.CloseCode, String)
    }

    let catalogue: PresetCatalogue
    let limits: RequestLimits
    let maxSamples: Int
    /// Names the session in problems' `requestId`, as the upgrade request's id.
    let requestID: String
    private var run: Run?

    /// A started session's state.
    struct Run {
        /// The start message as a simulate request (its gesture a placeholder).
        var request: SimulateRequest
        var pace: DrivePace
        /// The layers the `started` message listed, whose frames each state's `frame` is written
        /// against.
        var layers: [LayerDescription]
        /// The samples so far, each checked, aligned to the frames and (while the finger is down)
        /// closed once, when its message came, and grown in place (`LiveGesture`): a message
        /// costs the same at the first sample and at the ten-thousandth.
        var gesture: LiveGesture
        /// How many samples the session holds.
        var sampleCount: Int { gesture.count }
        /// How many frames of the simulation have been sent (scheduled ones count once they go out).
        var sent = 0
        /// The time of the last frame sent, on the gesture's clock.
        var lastSentTime: Double?
        /// The decisions sent, by time, so each release's goes out once.
        var decisionTimes: Set<Double> = []
        /// Realtime pace: frames waiting for their moment (monotonic seconds), in order.
        var scheduled: [(due: Double, frame: SimulationFrame)] = []
        /// Sent after the last scheduled frame (or at once at asap pace).
        var settled: [UInt8]?
        var isSettled = false
        /// The encoding `start` chose, and the frame the next is written against (`FrameChain`).
        var chain = FrameChain(encoding: .full)
    }

    public init(catalogue: PresetCatalogue, limits: RequestLimits, maxSamples: Int, requestID: String) {
        self.catalogue = catalogue
        self.limits = limits
        self.maxSamples = maxSamples
        self.requestID = requestID
    }

    /// When `due(at:)` has something to send, on the clock `receive` and `due` are given.
    public var nextDue: Double? { run?.scheduled.first?.due }

    /// A text message from the client, at monotonic time `now` (seconds).
    public mutating func receive(_ text: [UInt8], now: Double) -> [Output] {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(text, limits: limits.json)
        } catch {
            var problem = JSONBody.problem(for: error)
            problem.detail = problem.detail.replacing("The request body is", with: "The message is")
            return [failure(problem)]
        }
        var validator = FieldValidator(maxNumberMagnitude: limits.maxNumberMagnitude)
        guard case .object(let members) = value else {
            return [failure(.invalidRequest([FieldError(pointer: "", detail: Self.typeHelp)]))]
        }
        switch members["type"] {
        case .string("start"):
            return start(members, now: now, validator: &validator)
        case .string("samples"):
            return samples(members, now: now, validator: &validator)
        case .string("cancel"):
            // `object` hands back the members with an error for each unknown field: read the errors.
            _ = validator.object(value, at: "", allowed: ["type"])
            guard validator.errors.isEmpty else {
                return [failure(.invalidRequest(validator.errors))]
            }
            run = nil
            return []
        default:
            return [failure(.invalidRequest([FieldError(pointer: "/type", detail: Self.typeHelp)]))]
        }
    }

    /// The scheduled frames whose time has come by `now`, and `settled` after the last.
    public mutating func due(at now: Double) -> [Output] {
        guard var run else { return [] }
        let ready = run.scheduled.prefix { $0.due <= now }
        guard !ready.isEmpty else { return [] }
        run.scheduled.removeFirst(ready.count)
        run.sent += ready.count
        // Checked, with the other frames of their simulation, when it ran (`send`).
        var outputs: [Output] = [.frames(run.chain.burst(checked: ArraySlice(ready.map(\.frame)), layers: run.layers))]
        run.lastSentTime = ready.last?.frame.time
        if run.scheduled.isEmpty, let settled = run.settled {
            outputs.append(.text(settled))
            run.isSettled = true
        }
        self.run = run
        return outputs
    }

    static let typeHelp = "Each message is a JSON object whose \"type\" is \"start\", \"samples\" or \"cancel\"."

    /// A fault of the engine's that `POST /v1/simulate` answers 500: frames whose layers do not
    /// match the layer list.
    static func fault(in simulation: Simulation) -> Problem? {
        do throws(Problem) {
            try SimulateResponse(simulation).checkShape()
            return nil
        } catch {
            return error
        }
    }

    static func nonFinite(_ simulation: Simulation) -> Problem {
        .internalError(
            "The simulation of \(simulation.presetID) produced a number that is not finite; please report these samples."
        )
    }

    /// A problem with the simulation: the error message, then for a fault of the server's own
    /// (a 5xx), the close the RFC keeps for it, 1011, since the session's state can no longer be trusted.
    private mutating func failures(_ problem: Problem) -> [Output] {
        if problem.status >= 500 { run = nil }
        return failureOutputs(problem)
    }

    /// `failures`' messages, without ending the run (the caller does for a 5xx).
    private func failureOutputs(_ problem: Problem) -> [Output] {
        guard problem.status >= 500 else { return [failure(problem)] }
        return [
            failure(problem), .close(.internalError, "a fault of the server's own; reconnect and resend the samples"),
        ]
    }

    /// A message refused for one field, the session going on.
    private func refuse(_ pointer: String, _ detail: String) -> [Output] {
        [failure(.invalidRequest([FieldError(pointer: pointer, detail: detail)]))]
    }

    private func failure(_ problem: Problem) -> Output {
        .text(DriveMessage.error(problem, requestID: requestID))
    }

    // MARK: start

    static let startFields = ["type", "preset", "transition", "scene", "parameters", "frameRate", "pace", "encoding"]

    /// `start`: a new session (replacing any), checked as a simulate request without a gesture.
    /// A tap-started preset runs at once.
    private mutating func start(
        _ members: [String: JSONValue], now: Double, validator: inout FieldValidator
    ) -> [Output] {
        _ = validator.object(.object(members), at: "", allowed: Self.startFields)
        var pace = DrivePace.asap
        if let name = validator.string(members, "pace", at: "") {
            if let chosen = DrivePace(rawValue: name) {
                pace = chosen
            } else {
                validator.fail("/pace", "Unknown pace '\(name)'. Choose \"asap\" or \"realtime\".")
            }
        }
        let encoding: FrameEncoding = validator.choice(members, "encoding", at: "") ?? .full
        let request = members.filter { ["preset", "transition", "scene", "parameters", "frameRate"].contains($0.key) }
        // Checked as a simulate request whose gesture is the touch-down of the preset's (or the
        // document's) example, so that everything but the samples is checked now, and the layers
        // can be laid out. The preset is looked up first on the side: its mistakes are reported
        // once, by the whole check below.
        var probe = request
        var aside = FieldValidator(maxNumberMagnitude: limits.maxNumberMagnitude)
        let chosen = SimulateRequest.parsePresetOrTransition(
            request, catalogue: catalogue, limits: limits, validator: &aside
        ).preset
        if let touchDown = chosen?.exampleGesture?.first {
            probe["gesture"] = .object([
                "samples": .array([
                    .object([
                        "t": .number(touchDown.time), "x": .number(touchDown.location.x),
                        "y": .number(touchDown.location.y), "phase": .string("began"),
                    ])
                ])
            ])
        }
        let parsed = SimulateRequest.parse(
            .object(probe), catalogue: catalogue, limits: limits, validator: &validator)
        guard validator.errors.isEmpty, let parsed else {
            run = nil
            return [failure(.invalidRequest(validator.errors))]
        }
        // An interactive preset runs on the touch-down of its example gesture (one open frame), for
        // the layers as the session's scene lays them out; a tap-started one runs whole, at once.
        let simulation: Simulation
        do throws(Problem) {
            simulation = try parsed.run()
        } catch {
            // The simulate answer's problem, at its pointers: a scene the preset refuses is the
            // client's 422 here too, not a fault of the server's.
            return failures(error)
        }
        var started = Run(
            request: parsed, pace: pace, layers: simulation.layers,
            gesture: LiveGesture(
                frameRate: parsed.input.frameRate, maximumSampleCount: maxSamples,
                allowsMultipleStrokes: parsed.preset.acceptsRegrab))
        started.chain = FrameChain(encoding: encoding)
        let message = DriveMessage.started(
            preset: parsed.preset.description.id, frameRate: parsed.input.frameRate, pace: pace, encoding: encoding,
            layers: simulation.layers)
        guard !message.isEmpty else { return failures(Self.nonFinite(simulation)) }
        var outputs: [Output] = [.text(message)]
        if !parsed.preset.interactive {
            if let fault = Self.fault(in: simulation) { return failures(fault) }
            guard let sent = send(simulation, now: now, run: &started) else {
                return failures(Self.nonFinite(simulation))
            }
            outputs += sent
        }
        run = started
        return outputs
    }

    // MARK: samples

    /// `samples`: more of the gesture. Checked with all the samples before them, as one simulate
    /// request's gesture; a message with a mistake is refused whole (its samples are not kept),
    /// with pointers into it, and the session goes on.
    private mutating func samples(
        _ members: [String: JSONValue], now: Double, validator: inout FieldValidator
    ) -> [Output] {
        guard var current = run else {
            return refuse("/type", "Send a \"start\" message before samples.")
        }
        // The run is taken out while it changes, so that its gesture has one owner and grows in
        // place rather than being copied at every message.
        run = nil
        let (outputs, keeps) = advance(&current, members, now: now, validator: &validator)
        if keeps { run = current }
        return outputs
    }

    /// The work of `samples` on the session's run: the outputs, and whether the run goes on (not
    /// after a fault of the server's own).
    private func advance(
        _ current: inout Run, _ members: [String: JSONValue], now: Double, validator: inout FieldValidator
    ) -> ([Output], keeps: Bool) {
        guard validator.object(.object(members), at: "", allowed: ["type", "samples"]) != nil else {
            return ([failure(.invalidRequest(validator.errors))], true)
        }
        guard case .array(let new) = members["samples"] else {
            return (
                refuse(
                    "/samples",
                    "Required: an array of samples, each {\"t\", \"x\", \"y\", \"phase\"}, as in a simulate request's gesture."
                ), true
            )
        }
        guard !new.isEmpty else {
            return (refuse("/samples", "Send at least one sample."), true)
        }
        if current.isSettled {
            let regrab =
                current.pace == .asap && current.request.preset.acceptsRegrab
                ? " (at asap pace the settle is sent whole at the release; to grab the transition during its "
                    + "settle, start with \"pace\": \"realtime\")." : "."
            return (refuse("/samples", "The transition has settled; send \"start\" to begin another" + regrab), true)
        }
        guard current.sampleCount + new.count <= maxSamples else {
            return (
                refuse(
                    "/samples",
                    "A session holds at most \(maxSamples) samples (server flag --drive-max-samples); it has "
                        + "\(current.sampleCount). Send \"start\" for a new one."), true
            )
        }
        // Only the new samples are read and checked, against the sample before them
        // (`LiveGesture.append`); the pointers of any issues are moved into this message.
        let base = current.sampleCount
        var added: [GestureSample] = []
        added.reserveCapacity(new.count)
        for (index, item) in new.enumerated() {
            if let sample = SimulateRequest.parseSample(item, at: "/samples/\(index)", validator: &validator) {
                added.append(sample)
            }
        }
        guard validator.errors.isEmpty else { return ([failure(.invalidRequest(validator.errors))], true) }
        let checkpoint = current.gesture.checkpoint
        do {
            try current.gesture.append(added)
        } catch {
            let errors = error.issues.map { issue in
                FieldError(
                    pointer: SimulateRequest.pointer(for: issue), detail: SimulateRequest.sentence(issue.message))
            }
            return ([failure(.invalidRequest(Self.inMessage(errors, base: base)))], true)
        }
        // A touch-down on a sent frame's time (or within the microsecond that puts it there) would
        // change that frame: the frame at a time shows the samples up to and at it.
        if let lastSent = current.lastSentTime, let first = added.first, first.phase == .began,
            let at = current.gesture.runTime(ofSample: base), at <= lastSent
        {
            current.gesture.restore(checkpoint)
            return (
                refuse(
                    "/samples/0/t",
                    "This touch-down at \(first.time) s comes at or before the frame at \(lastSent) s, which was "
                        + "already sent (a time within a microsecond of a frame's counts as that frame's); frames once "
                        + "sent never change, so a regrab must come after them on the gesture's clock."), true
            )
        }
        let simulation: Simulation
        do throws(Problem) {
            simulation = try Self.simulate(current.request, gesture: current.gesture, firstFrame: current.sent)
        } catch {
            // Refused, the message's samples are not kept; a fault of the server's own ends the run.
            current.gesture.restore(checkpoint)
            return (failureOutputs(Self.inMessage(error, base: base)), error.status < 500)
        }
        if let fault = Self.fault(in: simulation) { return (failureOutputs(fault), false) }
        guard let outputs = send(simulation, now: now, run: &current) else {
            return (failureOutputs(Self.nonFinite(simulation)), false)
        }
        return (outputs, true)
    }

    /// The session's request run on its gesture so far, from frame `firstFrame` on. A function of
    /// its own so that nothing holds the gesture's samples once it returns, and the next message
    /// grows them in place.
    private static func simulate(_ started: SimulateRequest, gesture: LiveGesture, firstFrame: Int) throws(Problem)
        -> Simulation
    {
        var request = started
        let input = request.input
        request.input = SimulationInput(
            scene: input.scene, parameters: input.parameters, live: gesture, maxFrames: input.maxFrames)
        request.input.firstFrame = firstFrame
        return try request.run()
    }

    /// The frames past those sent, the decision once (after the frames up to its time), and at the
    /// end `settled`: at once, or at realtime pace the frames after the release each at its time
    /// counted from now, and `settled` after the last (`due(at:)`). Nil when a message would hold
    /// a number that is not finite: every new frame is checked before any goes out, the realtime
    /// ones too, though their messages are made only when they fall due.
    private func send(_ simulation: Simulation, now: Double, run: inout Run) -> [Output]? {
        // The simulation was asked for the frames from `run.sent` on (`SimulationInput.firstFrame`).
        let new = simulation.frames[...]
        // Where the transition was let go (a tap-started one: at its start); nil while the finger is down.
        let release = simulation.isOpen ? nil : simulation.decision?.time ?? simulation.frames.first?.time ?? 0
        let immediateEnd =
            release.flatMap { time in run.pace == .realtime ? new.firstIndex { $0.time > time } : nil }
            ?? new.endIndex
        let decision = simulation.decision.flatMap { run.decisionTimes.contains($0.time) ? nil : $0 }
        let split =
            decision.flatMap { decision in new[..<immediateEnd].firstIndex { $0.time > decision.time } }
            ?? immediateEnd
        // In this order: each burst's frames follow those handed out before (`FrameChain`).
        guard let beforeDecision = run.chain.burst(checking: new[..<split], layers: run.layers),
            let afterDecision = run.chain.burst(checking: new[split..<immediateEnd], layers: run.layers),
            run.chain.check(new[immediateEnd...], layers: run.layers)
        else { return nil }
        var outputs: [Output] = []
        if !beforeDecision.isEmpty {
            outputs.append(.frames(beforeDecision))
        }
        if let decision {
            let message = DriveMessage.decision(decision)
            guard !message.isEmpty else { return nil }
            outputs.append(.text(message))
            run.decisionTimes.insert(decision.time)
        }
        if !afterDecision.isEmpty {
            outputs.append(.frames(afterDecision))
        }
        if immediateEnd > new.startIndex {
            run.lastSentTime = new[immediateEnd - 1].time
        }
        run.sent += immediateEnd - new.startIndex
        run.scheduled = []
        run.settled = nil
        guard let release else { return outputs }
        let began = run.gesture.received?.began.time ?? 0
        let lastTime = simulation.frames.last?.time ?? run.lastSentTime ?? began
        let settled = DriveMessage.settled(
            duration: run.request.preset.interactive ? lastTime - began : simulation.duration,
            events: simulation.events)
        guard !settled.isEmpty else { return nil }
        run.scheduled = new[immediateEnd...].map { (now + max($0.time - release, 0), $0) }
        if run.scheduled.isEmpty {
            outputs.append(.text(settled))
            run.isSettled = true
        } else {
            run.settled = settled
        }
        return outputs
    }

    // MARK: pointers

    /// A simulate request's pointers into its gesture, as pointers into the samples message:
    /// `/gesture/samples/N…` becomes `/samples/(N − base)…`; `/gesture…` becomes `/samples`.
    static func inMessage(_ errors: [FieldError], base: Int) -> [FieldError] {
        errors.map { error in
            var error = error
            let prefix = "/gesture/samples/"
            if error.pointer.hasPrefix(prefix) {
                let rest = error.pointer.dropFirst(prefix.count)
                let digits = rest.prefix { $0.isNumber }
                if let index = Int(digits) {
                    error.pointer = "/samples/\(index - base)" + rest.dropFirst(digits.count)
                }
            } else if error.pointer.hasPrefix("/gesture") {
                error.pointer = "/samples"
            }
            return error
        }
    }

    static func inMessage(_ problem: Problem, base: Int) -> Problem {
        var problem = problem
        problem.errors = problem.errors.map { inMessage($0, base: base) }
        return problem
    }
}
