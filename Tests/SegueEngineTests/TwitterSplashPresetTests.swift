import SegueMath
import Testing

@testable import SegueEngine

/// `yui.twitterSplash` against seed-transitions.md §13.2, scene K (§15.12) and the
/// Twitter splash spring of §15.0, with the expected numbers computed here.
@Suite struct TwitterSplashPresetTests {
    static let logo = Size(width: 72.88, height: 60)

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    /// The state of the layer `id` in `frame`; a missing layer fails the test.
    func layer(_ frame: SimulationFrame?, _ id: String) throws -> LayerState {
        try #require(frame?[layer: id])
    }

    func frame(_ simulation: Simulation, at time: Double) throws -> SimulationFrame {
        try #require(simulation.frames.first { close($0.time, time, 1e-9) })
    }

    @Test func seedConstantsAreTheDefaults() {
        let preset = TwitterSplash()
        func value(_ name: String) -> ParameterValue? { preset.parameters.first { $0.name == name }?.defaultValue }
        #expect(value("holdDuration") == .number(0.8))
        #expect(value("shrinkDuration") == .number(0.4))
        #expect(value("shrinkMaskScale") == .number(0.7))
        #expect(value("shrinkContainerScale") == .number(1.16))
        #expect(value("revealDuration") == .number(0.8))
        #expect(value("revealMaskScale") == .number(60))
        #expect(value("fadeDuration") == .number(0.4))
        #expect(value("dampingRatio") == .number(0.8))
        #expect(value("initialVelocity") == .number(0.6))
        #expect(preset.sceneFields.first { $0.name == "logoSize" }?.defaultValue == .size(Self.logo))
        #expect(!preset.interactive && preset.decisionRules.isEmpty)
    }

    /// §15.0: the reveal spring (ζ 0.8, T 0.8, v0 0.6) is k 123.9638, c 17.8142.
    @Test func revealSpringMatchesTheSpecTable() throws {
        let spring = try #require(Spring.uikit(duration: 0.8, dampingRatio: 0.8, initialVelocity: 0.6))
        #expect(close(spring.stiffness, 123.9638, 5e-5))
        #expect(close(spring.damping, 17.8142, 5e-5))
        #expect(close(spring.progress(at: 0.25 * 0.8, initialVelocity: 0.6).value, 0.7572, 5e-5))
    }

    /// §15.12: the mask starts at (W/2 − 36.44, H/2 − 30, 72.88, 60) and holds for 0.8 s.
    @Test func birdHoldsCentredForPointEightSeconds() throws {
        let simulation = try run(TwitterSplash())
        let start = Rect(x: 195 - 36.44, y: 422 - 30, width: 72.88, height: 60)
        for frame in simulation.frames where frame.time <= 0.8 + 1e-9 {
            let container = try layer(frame, "container")
            #expect(container.transform == .identity)
            #expect(container.mask?.rect == start)
            #expect(try layer(frame, "screenshot").opacity == 0)
        }
    }

    /// §13.2 first stage: at t = 1.0 easeInOut is 0.5, so mask 0.85 and container 1.08; at
    /// 1.2 the apparent bird is 0.7·1.16 = 0.812 of its size (§14.50).
    @Test func firstStageShrinksTheApparentBirdToPointEightOneTwo() throws {
        let simulation = try run(TwitterSplash())
        let mid = try frame(simulation, at: 1.0)
        #expect(try close(layer(mid, "container").transform.a, 1 + 0.16 * 0.5, 1e-12))
        let midMask = try #require(try layer(mid, "container").mask)
        #expect(close(midMask.rect.width, Self.logo.width * (1 - 0.3 * 0.5), 1e-9))
        let end = try frame(simulation, at: 1.2)
        let mask = try #require(try layer(end, "container").mask)
        let apparent = try mask.rect.width * layer(end, "container").transform.a
        #expect(close(apparent / Self.logo.width, 0.812, 1e-6))
        #expect(close(mask.rect.midX, 195) && close(mask.rect.midY, 422))
    }

    /// §15.0's reveal spring at t/T = 0.25 (t = 1.4): progress 0.7572, so the container is
    /// 1.16 − 0.16·0.7572 and the mask 0.7 + 59.3·0.7572; the fade ends at 1.6 at α = 1.
    @Test func revealFollowsTheSpecSpring() throws {
        let simulation = try run(TwitterSplash())
        let frame = try frame(simulation, at: 1.4)
        let e = 0.7572
        #expect(try close(layer(frame, "container").transform.a, 1.16 - 0.16 * e, 0.16 * 5e-5 + 1e-9))
        let mask = try #require(try layer(frame, "container").mask)
        #expect(close(mask.rect.width / Self.logo.width, 0.7 + 59.3 * e, 59.3 * 5e-5 + 1e-9))
        #expect(try layer(frame, "screenshot").mask == mask)
        for late in simulation.frames where late.time >= 1.6 + 1e-9 {
            #expect(try layer(late, "screenshot").opacity == 1)
        }
    }

    /// §15.12: 2.0 s in all; the last frame has the mask removed, the container at
    /// identity and the screenshot opaque (121 frames at 60 Hz).
    @Test func endsUnmaskedAtTwoSeconds() throws {
        let simulation = try run(TwitterSplash())
        #expect(simulation.frames.count == 121)
        let last = try #require(simulation.frames.last)
        #expect(last.time == 2.0 && last.phase == .settled && last.progress == 1)
        #expect(try layer(last, "container").mask == nil && layer(last, "screenshot").mask == nil)
        #expect(try layer(last, "container").transform == .identity && layer(last, "screenshot").opacity == 1)
        #expect(simulation.events.map(\.type) == [.began, .finished])
    }

    /// The mask's path starts at the stand-in's tail tip (0, 0.82) of the rect, every
    /// point lies in the rect, and it touches all four sides (the rect is its bounding box).
    @Test func maskPathIsTheBirdInItsRect() throws {
        let simulation = try run(TwitterSplash())
        let mask = try #require(try layer(simulation.frames.first, "container").mask)
        let rect = mask.rect
        #expect(mask.path?.hasPrefix("M 158.56,441.2 L ") == true)  // (158.56 + 0, 392 + 0.82·60)
        #expect(mask.path?.hasSuffix(" Z") == true)
        let points = TwitterBirdPath.elements(in: rect).flatMap(\.points)
        #expect(points.allSatisfy { $0.x >= rect.minX - 1e-9 && $0.x <= rect.maxX + 1e-9 })
        #expect(points.allSatisfy { $0.y >= rect.minY - 1e-9 && $0.y <= rect.maxY + 1e-9 })
        #expect(close(points.map(\.x).min() ?? 0, rect.minX) && close(points.map(\.x).max() ?? 0, rect.maxX))
        #expect(close(points.map(\.y).min() ?? 0, rect.minY) && close(points.map(\.y).max() ?? 0, rect.maxY))
        // Numbers are written with at most six decimals.
        let numbers = (mask.path ?? "").split { " ,".contains($0) }.filter { $0.first?.isNumber == true }
        #expect(numbers.allSatisfy { ($0.split(separator: ".").dropFirst().first?.count ?? 0) <= 6 })
    }

    /// Property: at several frame rates the container's scale and the screenshot's opacity
    /// change by a bounded step per frame, and the final frame is exactly the end state.
    @Test func framesAreContinuousAndEndExactly() throws {
        // A spring's rate of progress never exceeds ω0 + v0 per second (its energy bound).
        let fade = try #require(Spring.uikit(duration: 0.4, dampingRatio: 0.8, initialVelocity: 0.6))
        let fadeRate = fade.naturalFrequency + 0.6
        for rate in [24.0, 30, 60, 90, 120, 240] {
            let simulation = try run(TwitterSplash(), frameRate: rate)
            let animating = simulation.frames.dropLast()
            for (a, b) in zip(animating, animating.dropFirst()) {
                #expect(
                    try abs(layer(b, "container").transform.a - layer(a, "container").transform.a) <= 0.3 / rate * 10)
                #expect(try abs(layer(b, "screenshot").opacity - layer(a, "screenshot").opacity) <= fadeRate / rate)
            }
            let last = try #require(simulation.frames.last)
            #expect(last.time == 2.0)
            let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
            #expect(last.layers == ["background", "container", "screenshot"].map { LayerState(id: $0, frame: bounds) })
        }
    }
}
