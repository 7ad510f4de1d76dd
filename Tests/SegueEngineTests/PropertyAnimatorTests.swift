import Foundation
import SegueMath
import Testing

@testable import SegueEngine

/// The animator fed events at explicit times; every expectation is worked by hand.
@Suite struct PropertyAnimatorTests {
    private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func aFreshRunFollowsItsCurveAndFinishesAtTheEnd() {
        var animator = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        animator.start(at: 10)
        #expect(close(animator.progress(at: 10.25).value, 0.25))
        #expect(close(animator.progress(at: 10.25).velocity, 1))
        #expect(animator.state(at: 10.5) == .active(running: true))
        #expect(animator.progress(at: 11.5).value == 1)
        #expect(animator.state(at: 11.5) == .inactive)
        animator.pause(at: 12)  // a later event completes the run first
        #expect(animator.finishedAt == .end)

        var eased = PropertyAnimator(duration: 2, timing: .cubic(.easeInEaseOut))
        eased.start(at: 0)
        #expect(close(eased.progress(at: 1).value, 0.5))  // the symmetric curve's midpoint
    }

    @Test func pauseHoldsTheProgress() {
        var animator = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        animator.start(at: 0)
        animator.pause(at: 0.3)
        #expect(close(animator.progress(at: 0.3).value, 0.3))
        #expect(close(animator.progress(at: 50).value, 0.3))
        #expect(animator.state(at: 50) == .active(running: false))
    }

    /// scrubsLinearly (the default): fraction f puts values f of the way whatever the
    /// curve; off, they go to the curve's value at time fraction f.
    @Test func scrubbingIsLinearByDefault() {
        var linear = PropertyAnimator(duration: 1, timing: .cubic(.easeIn))
        linear.pause(at: 0)
        linear.setFractionComplete(0.4, at: 0.1)
        #expect(close(linear.progress(at: 0.1).value, 0.4))

        var curved = PropertyAnimator(duration: 1, timing: .cubic(.easeIn), scrubsLinearly: false)
        curved.pause(at: 0)
        curved.setFractionComplete(0.4, at: 0.1)
        #expect(close(curved.progress(at: 0.1).value, CubicBezier.easeIn.value(at: 0.4)))
        #expect(curved.progress(at: 0.1).value < 0.4)
    }

    @Test func setFractionIsClampedAndReportedBackAsZeroAndOne() {
        var animator = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        animator.pause(at: 0)
        animator.setFractionComplete(0, at: 0)
        #expect(animator.progress(at: 0).value == 0.00001)
        #expect(animator.fractionComplete(at: 0) == 0)
        animator.setFractionComplete(1.7, at: 0)
        #expect(animator.progress(at: 0).value == 0.99999)
        #expect(animator.fractionComplete(at: 0) == 1)
    }

    @Test func reversingWhilePausedFlipsTheReportedFractionOnly() {
        var animator = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        animator.pause(at: 0)
        animator.setFractionComplete(0.3, at: 0)
        animator.setReversed(true, at: 0.1)
        #expect(close(animator.fractionComplete(at: 0.1), 0.7))
        #expect(close(animator.progress(at: 0.1).value, 0.3))
    }

    /// easeInOut scrubbed to 0.5 then continued with durationFactor 0.5: the new
    /// remaining duration is 0.5 s; restarting at time fraction 0.5 (the curve's value
    /// 0.5) with internal duration 0.5/(1 − 0.5) = 1 s leaves (1 − 0.5)·1 = 0.5 s.
    @Test func continuingKeepsTheValueAndScalesTheDuration() throws {
        var animator = PropertyAnimator(duration: 1, timing: .cubic(.easeInEaseOut))
        animator.pause(at: 0)
        animator.setFractionComplete(0.5, at: 0)
        animator.continueAnimation(at: 2, timing: nil, durationFactor: 0.5)
        #expect(close(animator.progress(at: 2).value, 0.5, 1e-9))
        #expect(close(try #require(animator.runEndTime), 2.5, 1e-9))
        // Halfway through the rest: time fraction 0.75 of easeInOut.
        #expect(close(animator.progress(at: 2.25).value, CubicBezier.easeInEaseOut.value(at: 0.75), 1e-9))
    }

    /// Linear, paused at 0.6, reversed, resumed with its own duration: the reported
    /// fraction is 0.4, so it restarts at time fraction 0.4 and has 0.6 s to reach 0.
    @Test func aReversedResumeRunsBackToTheStart() throws {
        var animator = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        animator.pause(at: 0)
        animator.setFractionComplete(0.6, at: 0)
        animator.setReversed(true, at: 0)
        animator.start(at: 1)
        #expect(close(try #require(animator.runEndTime), 1.6))
        #expect(close(animator.progress(at: 1.3).value, 0.3))
        animator.pause(at: 2)
        #expect(animator.finishedAt == .start)
    }

    /// Reversing a running linear run retraces it: started at 0, reversed at 0.6 s,
    /// it is back at 0.3 at 0.9 s and at the start at 1.2 s.
    @Test func reversingWhileRunningRetracesTheCurve() throws {
        var animator = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        animator.start(at: 0)
        animator.setReversed(true, at: 0.6)
        #expect(close(animator.progress(at: 0.9).value, 0.3))
        #expect(close(try #require(animator.runEndTime), 1.2))
        #expect(animator.progress(at: 1.5).value == 0)
        #expect(close(animator.fractionComplete(at: 0.9), 0.7))
    }

    /// A spring continuation from 0.5 with ζ 1 over 1 s: 0.5 + 0.5·(1 − (1 + ω t)e^(−ω t)),
    /// ω = u/1 where (1 + u)e^(−u) = 0.001 (UIKit's envelope at the duration).
    @Test func aSpringContinuationStartsFromTheCurrentValue() {
        var low = 1.0
        var high = 30.0
        for _ in 0..<200 {
            let u = (low + high) / 2
            if (1 + u) * exp(-u) > 0.001 { low = u } else { high = u }
        }
        let omega = (low + high) / 2
        var animator = PropertyAnimator(duration: 1, timing: .spring(dampingRatio: 1, initialVelocity: 0))
        animator.pause(at: 0)
        animator.setFractionComplete(0.5, at: 0)
        animator.continueAnimation(at: 3, timing: nil, durationFactor: 1)
        for t in [0.0, 0.1, 0.37, 0.8] {
            let expected = 0.5 + 0.5 * (1 - (1 + omega * t) * exp(-omega * t))
            #expect(close(animator.progress(at: 3 + t).value, expected, 1e-9), "t = \(t)")
        }
        #expect(animator.progress(at: 4.01).value == 1)
    }

    @Test func finishJumpsToThePositionAsked() {
        var animator = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        animator.start(at: 0)
        animator.finish(at: .start, time: 0.5)
        #expect(animator.progress(at: 0.6).value == 0)
        #expect(animator.finishedAt == .start)
    }

    @Test func zeroDurationBecomesAFifthOfASecondAsInUIKit() {
        #expect(PropertyAnimator(duration: 0, timing: .cubic(.linear)).duration == 0.2)
    }
}

@Suite struct PercentDrivenTransitionTests {
    /// D = 0.25 s; update(0.4) shows time 0.1; finish at 1 s plays the remaining 0.15 s
    /// of animation time at speed 1, so it is at 0.175 at 1.075 s and ends at 1.15 s.
    @Test func finishPlaysTheRestForward() {
        var transition = PercentDrivenTransition(reportedDuration: 0.25)
        transition.update(0.4)
        #expect(abs(transition.animationTime(at: 0.5) - 0.1) < 1e-12)
        transition.complete(.finish, at: 1)
        #expect(abs(transition.animationTime(at: 1.075) - 0.175) < 1e-12)
        #expect(abs((transition.completionEndTime ?? 0) - 1.15) < 1e-12)
        #expect(transition.animationTime(at: 9) == 0.25)
        transition.update(0.1)  // ignored after the release
        #expect(transition.animationTime(at: 9) == 0.25)
    }

    /// Cancel from 0.1 s of animation time at completionSpeed 2: back to 0 in 0.05 s.
    @Test func cancelPlaysBackAtCompletionSpeed() {
        var transition = PercentDrivenTransition(reportedDuration: 0.25, completionSpeed: 2)
        transition.update(0.4)
        transition.complete(.cancel, at: 3)
        #expect(abs((transition.completionEndTime ?? 0) - 3.05) < 1e-12)
        #expect(abs(transition.animationTime(at: 3.025) - 0.05) < 1e-12)
        #expect(transition.animationTime(at: 4) == 0)
        #expect(PercentDrivenTransition(reportedDuration: 1, completionSpeed: -1).completionSpeed == 1)
    }

    /// Seed 004's [untitled] bug: reported 0.35 s, animated 0.4 s. Dragging all the way
    /// shows only 0.35 s of the 0.4 s animation; finishing plays the last 0.05 s.
    @Test func reportedAndAnimatedDurationsMayDiffer() {
        var transition = PercentDrivenTransition(reportedDuration: 0.35, animationDuration: 0.4)
        transition.update(1.5)
        #expect(abs(transition.animationTime(at: 0) - 0.35) < 1e-12)
        transition.complete(.finish, at: 0)
        #expect(abs((transition.completionEndTime ?? 0) - 0.05) < 1e-12)
    }

    /// With easeInOut as the completion curve the symmetric midpoint of wall time is
    /// the midpoint of the remaining animation time.
    @Test func anOptionalCompletionCurveEasesTheRemainder() {
        var transition = PercentDrivenTransition(reportedDuration: 1, completionCurve: .easeInEaseOut)
        transition.update(0.2)
        transition.complete(.finish, at: 0)
        #expect(abs(transition.animationTime(at: 0.4) - 0.6) < 1e-9)
        #expect(transition.animationTime(at: 0.1) < 0.2 + 0.8 * 0.125)  // eases in
    }
}

@Suite struct SpringVelocityHandoffTests {
    @Test func velocityIsDividedByTheRemainingDistancePerAxis() {
        #expect(SpringVelocityHandoff.relativeVelocity(812, from: 100, to: 303) == 4)
        #expect(SpringVelocityHandoff.relativeVelocity(-200, from: 100, to: 0) == 2)
        #expect(SpringVelocityHandoff.relativeVelocity(500, from: 10, to: 10) == 0)
        let both = SpringVelocityHandoff.relativeVelocity(x: 300, y: -50, from: (0, 100), to: (150, 0))
        #expect(both.dx == 2)
        #expect(both.dy == 0.5)
    }
}
