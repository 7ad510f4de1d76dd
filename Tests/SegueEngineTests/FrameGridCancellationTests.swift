import SegueEngine
import Synchronization
import Testing

/// The frame loop's cancellation hook: asked before every batch of
/// `CancellationCheck.frameBatch` frames, it stops the loop within one batch.
@Suite struct FrameGridCancellationTests {
    /// 0 s to 10 s at 240 Hz: 2 401 frames, so ten batches of 256 and a partial one.
    let grid = FrameGrid(start: 0, end: 10, frameRate: 240)

    private func frame(_ time: Double) -> SimulationFrame {
        SimulationFrame(time: time, phase: .animating, progress: 0, layers: [])
    }

    @Test func aCheckThatNeverFiresBuildsEveryFrame() throws {
        #expect(try grid.frames(state: frame, finalState: frame).count == 2401)
    }

    /// Cancelled after the first check: the frames of the first batch (0…255) are built and the
    /// loop stops at the second check, frame 256, with `SimulationError.cancelled`.
    @Test func aCancelledCheckStopsTheLoopAtTheNextBatch() {
        let checks = Atomic<Int>(0)
        var cancelled = grid
        cancelled.cancellation = CancellationCheck { checks.add(1, ordering: .relaxed).newValue > 1 }
        var built = 0
        do throws(SimulationError) {
            _ = try cancelled.frames(
                state: { time in
                    built += 1
                    return frame(time)
                }, finalState: frame)
            Issue.record("the loop ran to the end")
        } catch {
            #expect(error == .cancelled)
        }
        #expect(built == CancellationCheck.frameBatch)
        #expect(checks.load(ordering: .relaxed) == 2)
    }

    /// A client gone before the work starts costs no frame at all.
    @Test func aCheckCancelledFromTheStartBuildsNothing() {
        var cancelled = grid
        cancelled.cancellation = CancellationCheck { true }
        var built = 0
        #expect(throws: SimulationError.cancelled) {
            _ = try cancelled.frames(
                state: { time in
                    built += 1
                    return frame(time)
                }, finalState: frame)
        }
        #expect(built == 0)
    }

    /// `SimulationInput.frameGrid` hands the input's check to the grid every preset uses.
    @Test func theInputsGridCarriesItsCheck() {
        let input = SimulationInput(
            scene: ParameterValues(), parameters: ParameterValues(), gesture: nil, frameRate: 60,
            cancellation: CancellationCheck { true })
        #expect(input.frameGrid(start: 0, end: 1).cancellation.isCancelled)
    }
}
