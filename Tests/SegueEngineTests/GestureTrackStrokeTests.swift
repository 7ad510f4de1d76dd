import SegueMath
import Testing

@testable import SegueEngine

/// Multi-stroke tracks (`allowsMultipleStrokes`): a finger that lifts and grabs again.
@Suite struct GestureTrackStrokeTests {
    private let twoStrokes = [
        sample(0, 10, 10, .began), sample(0.01, 20, 10), sample(0.02, 30, 10, .ended),
        sample(0.05, 100, 200, .began), sample(0.06, 100, 210), sample(0.07, 100, 230, .ended),
    ]

    private func issues(_ samples: [GestureSample]) -> [GestureValidationError.Issue]? {
        do throws(GestureValidationError) {
            _ = try GestureTrack(samples: samples, allowsMultipleStrokes: true)
            return nil
        } catch {
            return error.issues
        }
    }

    @Test func twoStrokesAreAcceptedOnlyWhenAllowed() throws {
        let track = try GestureTrack(samples: twoStrokes, allowsMultipleStrokes: true)
        #expect(track.strokeRanges == [0..<3, 3..<6], "\(track.strokeRanges) \(track.samples.count)")
        #expect(track.strokes.map(\.samples.count) == [3, 3])
        #expect(track.strokes[1].began.location == Point(x: 100, y: 200))
        #expect(track.release?.time == 0.07)
        let single = try #require(validationIssues(twoStrokes))
        #expect(single.map { IssueLocation($0.index, $0.field) } == (3...5).map { IssueLocation($0, nil) })
    }

    @Test func aSingleStrokeTrackIsItsOwnOnlyStroke() throws {
        let track = try GestureTrack(samples: Array(twoStrokes.prefix(3)), allowsMultipleStrokes: true)
        #expect(track.strokeRanges == [0..<3])
        #expect(track.strokes == [track])
    }

    @Test func translationAndVelocityAreMeasuredWithinTheStroke() throws {
        let track = try GestureTrack(samples: twoStrokes, allowsMultipleStrokes: true)
        // Stroke 2 began at (100, 200): at 0.065 s the latest sample is (100, 210).
        #expect(track.translation(at: 0.065) == Point(x: 0, y: 10))
        #expect(track.translation(at: 0.03) == Point(x: 20, y: 0))
        // Stroke 2's first movement, 10 pt in 0.01 s, from rest: the earlier stroke does not count.
        let velocity = track.velocity(at: 0.06, using: .uikit).velocity
        #expect(velocity.x == 0)
        #expect(isClose(velocity.y, 1000, relative: 1e-9))
    }

    @Test func aBeganMustFollowATerminalSampleDirectly() throws {
        let found = try #require(
            issues([sample(0, 0, 0, .began), sample(0.01, 1, 0), sample(0.02, 2, 0, .began)]))
        #expect(found.map { IssueLocation($0.index, $0.field) } == [IssueLocation(2, "phase")])
        #expect(found[0].message.contains("end the stroke first"))
    }

    @Test func onlyABeganMayFollowATerminalSample() throws {
        let found = try #require(
            issues([sample(0, 0, 0, .began), sample(0.01, 1, 0, .ended), sample(0.02, 2, 0)]))
        #expect(found.map { IssueLocation($0.index, $0.field) } == [IssueLocation(2, nil)])
        #expect(found[0].message.contains("unless it is a \"began\" starting a new stroke"))
    }

    @Test func timesMustStillIncreaseAcrossStrokes() throws {
        let found = try #require(
            issues([sample(0, 0, 0, .began), sample(0.02, 1, 0, .ended), sample(0.01, 2, 0, .began)]))
        #expect(found.map { IssueLocation($0.index, $0.field) } == [IssueLocation(2, "t")])
    }
}
