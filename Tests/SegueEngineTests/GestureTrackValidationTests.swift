import SegueMath
import Testing

@testable import SegueEngine

@Suite struct GestureTrackValidationTests {
    private func locations(_ issues: [GestureValidationError.Issue]?) -> [IssueLocation] {
        (issues ?? []).map { IssueLocation($0.index, $0.field) }
    }

    @Test func aWellFormedTrackIsAccepted() throws {
        let track = try GestureTrack(samples: [
            sample(0, 10, 10, .began), sample(0.008, 12, 10), sample(0.016, 15, 11, .ended),
        ])
        #expect(track.samples.count == 3)
        #expect(track.began.location == Point(x: 10, y: 10))
        #expect(track.release?.time == 0.016)
    }

    @Test func aLoneBeganSampleIsATrackWithNoRelease() throws {
        let track = try GestureTrack(samples: [sample(3, 1, 2, .began)])
        #expect(track.release == nil)
        #expect(track.duration == 0)
    }

    @Test func noSamplesIsOneIssueAboutTheWholeSequence() throws {
        let issues = try #require(validationIssues([]))
        #expect(locations(issues) == [IssueLocation(nil, nil)])
        #expect(issues[0].message == "the gesture has no samples; send at least one, with phase \"began\"")
    }

    @Test func theFirstSampleMustBeBegan() throws {
        let issues = try #require(validationIssues([sample(0, 0, 0, .changed), sample(0.01, 1, 0)]))
        #expect(locations(issues) == [IssueLocation(0, "phase")])
        #expect(issues[0].message == "sample 0 has phase \"changed\"; the first sample must have phase \"began\"")
    }

    @Test func aFirstSampleThatEndsIsReportedOnceNotAsATerminalBeforeTheRest() throws {
        // Fixing sample 0's phase fixes everything, so sample 1 is not reported as "after the end".
        let issues = try #require(validationIssues([sample(0, 0, 0, .ended), sample(0.01, 1, 0, .ended)]))
        #expect(locations(issues) == [IssueLocation(0, "phase")])
    }

    @Test func onlyTheFirstSampleMayBeBegan() throws {
        let issues = try #require(
            validationIssues([sample(0, 0, 0, .began), sample(0.01, 1, 0), sample(0.02, 2, 0, .began)]))
        #expect(locations(issues) == [IssueLocation(2, "phase")])
        #expect(issues[0].message.hasPrefix("sample 2 has phase \"began\""))
    }

    @Test func nothingMayFollowTheTerminalSampleAndEachFollowerIsReported() throws {
        let issues = try #require(
            validationIssues([
                sample(0, 0, 0, .began), sample(0.01, 1, 0, .cancelled), sample(0.02, 2, 0),
                sample(0.03, 3, 0, .ended),
            ]))
        #expect(locations(issues) == [IssueLocation(2, nil), IssueLocation(3, nil)])
        #expect(
            issues[0].message
                == "sample 2 comes after sample 1, which has phase \"cancelled\"; "
                + "nothing may follow an \"ended\" or \"cancelled\" sample, so remove it")
    }

    @Test func anOutOfOrderTimeNamesBothSamplesAndTheirTimes() throws {
        let issues = try #require(
            validationIssues([
                sample(0, 0, 0, .began), sample(0.004, 1, 0), sample(0.008, 2, 0), sample(0.016, 3, 0),
                sample(0.012, 4, 0),
            ]))
        #expect(locations(issues) == [IssueLocation(4, "t")])
        #expect(issues[0].message == "sample 4 has time 0.012 s, not after sample 3's 0.016 s; times must increase")
    }

    @Test func aDuplicateTimeIsAnError() throws {
        let issues = try #require(
            validationIssues([sample(0, 0, 0, .began), sample(0.016, 1, 0), sample(0.016, 2, 0)]))
        #expect(locations(issues) == [IssueLocation(2, "t")])
        #expect(
            issues[0].message
                == "sample 2 has time 0.016 s, the same as sample 1; times must increase, so drop one or correct its time"
        )
    }

    @Test func everyNonFiniteNumberIsReportedWithItsField() throws {
        let issues = try #require(
            validationIssues([
                sample(0, .nan, 0, .began), sample(.infinity, 1, -.infinity), sample(0.02, 2, .nan),
            ]))
        #expect(
            locations(issues) == [
                IssueLocation(0, "x"), IssueLocation(1, "t"), IssueLocation(1, "y"), IssueLocation(2, "y"),
            ])
        #expect(issues[0].message == "sample 0 has x = nan; locations must be finite numbers of points")
        #expect(issues[1].message == "sample 1 has time inf; times must be finite numbers of seconds")
    }

    @Test func timesAreComparedWithTheNearestEarlierFiniteTime() throws {
        // Sample 1's NaN is reported once; sample 2 is still checked, against sample 0.
        let issues = try #require(
            validationIssues([sample(0.5, 0, 0, .began), sample(.nan, 1, 0), sample(0.1, 2, 0)]))
        #expect(locations(issues) == [IssueLocation(1, "t"), IssueLocation(2, "t")])
        #expect(issues[1].message == "sample 2 has time 0.1 s, not after sample 0's 0.5 s; times must increase")
    }

    @Test func hugeButFiniteNumbersAreRejectedSoArithmeticStaysFinite() throws {
        let limit = GestureTrack.largestMagnitude
        #expect(validationIssues([sample(-limit, limit, -limit, .began)]) == nil)
        let issues = try #require(
            validationIssues([sample(0, 1e300, 0, .began), sample(2e15, 0, -1e16)]))
        #expect(locations(issues) == [IssueLocation(0, "x"), IssueLocation(1, "t"), IssueLocation(1, "y")])
        #expect(issues[0].message == "sample 0 has x = 1e+300 points; locations must lie within ±1e15 points")
    }

    @Test func theSampleCountLimitIsConfigurableAndInclusive() throws {
        let four = [sample(0, 0, 0, .began), sample(0.01, 1, 0), sample(0.02, 2, 0), sample(0.03, 3, 0)]
        #expect(validationIssues(four, maximumSampleCount: 4) == nil)
        let issues = try #require(validationIssues(four, maximumSampleCount: 3))
        #expect(locations(issues) == [IssueLocation(nil, nil)])
        #expect(
            issues[0].message
                == "the gesture has 4 samples, more than the 3 allowed; send fewer, for example one per display frame")
        #expect(GestureTrack.defaultMaximumSampleCount == 10_000)
    }

    @Test func theDefaultLimitAdmitsTenThousandSamplesAndNoMore() throws {
        var samples = [sample(0, 0, 0, .began)]
        for index in 1..<10_000 {
            samples.append(sample(Double(index) * 0.001, Double(index), 0))
        }
        #expect(validationIssues(samples) == nil)
        samples.append(sample(10, 0, 0))
        #expect(locations(validationIssues(samples)) == [IssueLocation(nil, nil)])
    }

    @Test func everyProblemIsReportedTogetherInSampleOrder() throws {
        let issues = try #require(
            validationIssues(
                [
                    sample(0, 0, 0, .changed),  // 0: not began
                    sample(0.01, .infinity, 0),  // 1: x
                    sample(0.01, 2, 0),  // 2: same time as 1
                    sample(0.03, 3, 0, .began),  // 3: began again
                    sample(0.02, 4, 0, .ended),  // 4: time goes back
                    sample(0.05, 5, .nan),  // 5: after the end, and y
                ], maximumSampleCount: 5))
        #expect(
            locations(issues) == [
                IssueLocation(nil, nil), IssueLocation(0, "phase"), IssueLocation(1, "x"), IssueLocation(2, "t"),
                IssueLocation(3, "phase"), IssueLocation(4, "t"), IssueLocation(5, nil), IssueLocation(5, "y"),
            ])
        let error = GestureValidationError(issues: issues)
        #expect(error.description == issues.map(\.message).joined(separator: "; "))
    }
}
