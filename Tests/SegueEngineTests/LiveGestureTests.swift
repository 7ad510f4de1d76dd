import SegueMath
import SegueTestSupport
import Testing

@testable import SegueEngine

/// A `LiveGesture` grown a message at a time is, after every message, the track the whole
/// gesture makes: checked as `GestureTrack(samples:)` checks it (the same error for a refused
/// message, which changes nothing), aligned as `alignedToFrames(at:)` aligns it, and while open
/// closed by a release one frame after its latest sample, computed here from its definition.
/// The generator puts samples on, near (within and just beyond the microsecond) and between
/// frame times, squeezes neighbours closer than a microsecond so that a sample's alignment
/// depends on the next one, lifts and regrabs, breaks rules, takes steps back (a message refused
/// after it was added, as a session does when the simulation refuses it), and runs on clocks near
/// the 10¹⁵ s bound, where times are an eighth of a second apart at the least.
@Suite struct LiveGestureTests {
    /// The closing release an open track gets: one frame after its latest sample, where that is
    /// a valid next time.
    static func closed(_ track: GestureTrack, frameRate: Double) -> (GestureTrack, Double?) {
        guard track.release == nil, let latest = track.samples.last else { return (track, nil) }
        let time = latest.time + 1 / frameRate
        guard time.isFinite, abs(time) <= 1e15, time > latest.time else { return (track, nil) }
        let closing = GestureSample(time: time, location: latest.location, phase: .ended)
        let whole = try? GestureTrack(
            samples: track.samples + [closing], maximumSampleCount: .max, allowsMultipleStrokes: true)
        return (whole ?? track, whole == nil ? nil : latest.time)
    }

    static func next(
        after previous: GestureSample?, start: Double, frameRate: Double, multiple: Bool,
        _ random: inout SeededGenerator
    ) -> GestureSample {
        let frame = 1 / frameRate
        let last = previous?.time ?? start
        let base = start + ((last - start) / frame).rounded(.down) * frame
        let offsets = [frame, frame, 2 * frame, frame / 2, 3e-7, -4e-7, 9e-7, 1.2e-6, 2e-9]
        var time = base + offsets[Int(random.next() % UInt64(offsets.count))]
        switch random.next() % 16 {
        case 0: time = last + 2e-9  // closer than a microsecond to the one before
        case 1: time = last - 0.001  // out of order: refused
        case 2: time = .nan
        default: break
        }
        var phase = GesturePhase.changed
        if let previous, previous.phase.isTerminal {
            phase = random.next() % 5 == 0 ? .changed : .began
        } else if previous == nil {
            phase = .began
        } else {
            switch random.next() % (multiple ? 40 : 400) {
            case 0: phase = .ended
            case 1: phase = .cancelled
            case 2: phase = .began
            default: break
            }
        }
        let x = Double(random.next() % 400)
        return GestureSample(time: time, location: Point(x: x, y: 300), phase: phase)
    }

    @Test(arguments: 0..<12) func growsAsTheWholeGestureIsPrepared(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let rates = [60.0, 120, 24, 59.94, 240, 1]
        let nearBound = seed % 5 == 4
        // Near the bound, a frame of a second: times there lie an eighth of a second apart.
        let frameRate = nearBound ? 1 : rates[Int(seed) % rates.count]
        let multiple = seed % 3 != 0
        let limit = seed % 4 == 0 ? 40 : 10_000
        // Near the bound on times, or an ordinary clock.
        let start = nearBound ? 1e15 - 300 : Double(random.next() % 1000) / 7
        var live = LiveGesture(frameRate: frameRate, maximumSampleCount: limit, allowsMultipleStrokes: multiple)
        var kept: [GestureSample] = []
        var accepted = 0
        var refused = 0
        var undone = 0
        for _ in 0..<400 {
            var message: [GestureSample] = []
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let sample = Self.next(
                    after: message.last ?? kept.last, start: kept.first?.time ?? start, frameRate: frameRate,
                    multiple: multiple, &random)
                message.append(sample)
            }
            let before = live
            let checkpoint = live.checkpoint
            let whole: Result<GestureTrack, GestureValidationError>
            do throws(GestureValidationError) {
                whole = .success(
                    try GestureTrack(
                        samples: kept + message, maximumSampleCount: limit, allowsMultipleStrokes: multiple))
            } catch {
                whole = .failure(error)
            }
            do throws(GestureValidationError) {
                try live.append(message)
                guard case .success(let track) = whole else {
                    Issue.record("appended \(message) after \(kept.count) samples, which the whole check refuses")
                    return
                }
                let (expected, openUntil) = Self.closed(track.alignedToFrames(at: frameRate), frameRate: frameRate)
                #expect(live.runnable?.track == expected, "after \(kept.count) + \(message)")
                #expect(live.runnable?.openUntil == openUntil)
                #expect(live.received == track)
                if random.next() % 4 == 0 {
                    live.restore(checkpoint)
                    #expect(live.runnable?.track == before.runnable?.track, "undoing \(message)")
                    #expect(live.runnable?.openUntil == before.runnable?.openUntil)
                    #expect(live.received == before.received)
                    undone += 1
                } else {
                    kept += message
                    accepted += 1
                }
            } catch {
                #expect(whole == .failure(error), "after \(kept.count) samples, \(message)")
                #expect(live.runnable?.track == before.runnable?.track)
                #expect(live.received == before.received)
                refused += 1
            }
            if kept.last?.phase.isTerminal == true, !multiple {
                // Nothing may follow a single stroke's end: a new gesture, as a session's new start.
                live = LiveGesture(frameRate: frameRate, maximumSampleCount: limit, allowsMultipleStrokes: multiple)
                kept = []
            }
        }
        // Every path must be taken, or the comparison proves little.
        #expect(accepted > 5 && refused > 0 && undone > 0, "\(accepted), \(refused), \(undone)")
    }

    /// The case the incremental alignment exists for: a sample within a microsecond of a frame
    /// moves onto it only while the next sample is later than that frame time, so the latest
    /// sample's alignment changes when the next one comes.
    @Test func theLatestSampleIsAlignedAgainWhenTheNextOneComes() throws {
        var live = LiveGesture(frameRate: 60, maximumSampleCount: 100, allowsMultipleStrokes: false)
        let down = GestureSample(time: 0, location: Point(x: 0, y: 0), phase: .began)
        let nearFrame = GestureSample(time: 1.0 / 60 - 5e-7, location: Point(x: 5, y: 0), phase: .changed)
        try live.append([down, nearFrame])
        // Alone at the end, it moves onto the frame at 1/60 s; the closing release follows one frame on.
        #expect(live.runnable?.track.samples[1].time == 1.0 / 60)
        #expect(live.runnable?.openUntil == 1.0 / 60)
        #expect(live.runnable?.track.samples[2].time == 1.0 / 60 + 1.0 / 60)
        // A sample 0.1 µs before the frame time: the one before can no longer move onto it.
        let squeezed = GestureSample(time: 1.0 / 60 - 1e-7, location: Point(x: 6, y: 0), phase: .changed)
        try live.append([squeezed])
        #expect(live.runnable?.track.samples[1].time == 1.0 / 60 - 5e-7)
        #expect(live.runnable?.track.samples[2].time == 1.0 / 60)
        #expect(live.runnable?.track.samples.count == 4)
    }
}
