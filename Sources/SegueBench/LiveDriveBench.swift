import Glibc
import SegueAPI
import SegueEngine

/// One live drive session of a preset (instagram.pop.interactive unless told) fed one-sample
/// `samples` messages at 120 Hz, the finger never lifted: a triangle wave across the screen from
/// the preset's own touch-down, 0.25 pt a sample, a long, slow, back-and-forth drag. What `--profile-drive` runs under callgrind and `--drive-cost`
/// times, to say whether a session's samples cost more the longer it runs.
struct LiveDriveBench {
    private var session: DriveSession
    /// Samples sent so far.
    private(set) var sent = 0
    /// Frames the session answered with so far.
    private(set) var frames = 0

    /// Where the finger touches down: the preset's example's first sample.
    private let down: (x: Double, y: Double)

    /// A started session of `preset` that holds up to `capacity` samples.
    init(capacity: Int, preset: String = "instagram.pop.interactive") {
        var limits = DriveLimits()
        limits.maxSamples = max(capacity, limits.maxSamples)
        var requestLimits = RequestLimits()
        requestLimits.maxGestureSamples = max(capacity, requestLimits.maxGestureSamples)
        session = DriveEndpoint(catalogue: .builtIn, limits: requestLimits, driveLimits: limits)
            .session(requestID: "bench")
        _ = session.receive(Array(#"{"type":"start","preset":"\#(preset)"}"#.utf8), now: 0)
        let first = PresetCatalogue.builtIn.preset(id: preset)?.exampleGesture?.first?.location
        down = (first?.x ?? 40, first?.y ?? 400)
    }

    /// Sends the next `count` samples, a message each, and makes every frame message they answer.
    mutating func send(_ count: Int) {
        for _ in 0..<count {
            let step = sent % 2400
            let x = down.x + Double(step < 1200 ? step : 2400 - step) * 0.25
            let phase = sent == 0 ? "began" : "changed"
            let t = Double(sent) / 120
            let message = #"{"type":"samples","samples":[{"t":\#(t),"x":\#(x),"y":\#(down.y),"phase":"\#(phase)"}]}"#
            for case .frames(var burst) in session.receive(Array(message.utf8), now: t) {
                frames += burst.remainingFrames
                while burst.nextMessage() != nil {}
            }
            sent += 1
        }
    }

    /// This thread's CPU time, seconds: what a sample costs the server, not the wall clock a
    /// shared machine stretches.
    static func cpuSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    /// Microseconds of CPU per sample over the `window` samples that end with sample `at`, the
    /// least of `rounds` sessions (the least disturbed on a shared machine).
    static func cpuPerSample(at: Int, window: Int, preset: String, rounds: Int = 3) -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            var bench = LiveDriveBench(capacity: at, preset: preset)
            bench.send(max(at - window, 0))
            let start = cpuSeconds()
            bench.send(min(window, at))
            best = min(best, (cpuSeconds() - start) * 1e6 / Double(min(window, at)))
        }
        return best
    }
}
