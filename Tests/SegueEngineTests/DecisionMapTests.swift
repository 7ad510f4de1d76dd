import SegueMath
import Testing

@testable import SegueEngine

/// Decision maps (`ReleaseProbe`, `DecisionMap`, `ReleaseMargin`) against the Instagram pop's
/// release rules written out here from their sources, and over the whole catalogue.
@Suite struct DecisionMapTests {
    let pop: any Preset

    init() throws {
        pop = try #require(PresetCatalogue.builtIn.preset(id: "instagram.pop.interactive"))
    }

    /// The window the pop runs in by default, read from its scene declaration.
    var popWidth: Double {
        guard case .size(let window) = ParameterValues(specs: pop.sceneFields, given: [:]).values["window"] else {
            return .nan
        }
        return window.width
    }

    func popProbe(rule: String) throws -> ReleaseProbe {
        try #require(
            ReleaseProbe(
                preset: pop, scene: ParameterValues(specs: pop.sceneFields, given: [:]),
                parameters: ParameterValues(specs: pop.parameters, given: ["releaseRule": .choice(rule)])))
    }

    /// Foltányi's rule: finish iff the release velocity points right.
    static func velocitySign(_ release: ReleasePoint) -> Decision.Outcome {
        release.velocity > 0 ? .finish : .cancel
    }

    /// Segue's projection rule, from its summary: finish iff tx/W + vx·0.1/W > 0.3 or vx > 900.
    static func projection(_ release: ReleasePoint, width: Double) -> Decision.Outcome {
        release.velocity > 900 || (release.translation + release.velocity * 0.1) / width > 0.3 ? .finish : .cancel
    }

    @Test func theProbeDragsRightForThePopAndReleasesWhereAsked() throws {
        let probe = try popProbe(rule: "velocitySign")
        #expect(probe.axis == Point(x: 1, y: 0))
        for release in [
            ReleasePoint(translation: 120, velocity: 310), ReleasePoint(translation: 10, velocity: -1500),
            ReleasePoint(translation: 300, velocity: 2000),
        ] {
            let decision = try probe.decision(at: release)
            #expect(abs(decision.translation.x - release.translation) < 1e-9)
            #expect(decision.translation.y == 0)
            #expect(abs(decision.velocity.x - release.velocity) < 1e-6 * max(1, abs(release.velocity)))
            #expect(decision.velocity.y == 0)
        }
    }

    /// A finger at rest shows UIKit no velocity of its own (it keeps the last move's); the probe
    /// creeps instead, backwards for 0 itself, so "vx > 0" cancels there as it does at exactly 0.
    @Test func aReleaseAtRestReadsAsZero() throws {
        let probe = try popProbe(rule: "velocitySign")
        let decision = try probe.decision(at: ReleasePoint(translation: 200, velocity: 0))
        #expect(decision.outcome == .cancel)
        #expect(abs(decision.velocity.x) <= ReleaseProbe.creep * 1.001)
        #expect(try probe.outcome(at: ReleasePoint(translation: 200, velocity: 1e-9)) == .finish)
    }

    @Test func everyCellOfTheVelocitySignMapIsTheSignOfItsVelocity() throws {
        let probe = try popProbe(rule: "velocitySign")
        let translation = SampledSpan(min: 0, max: 375, steps: 10)
        let velocity = SampledSpan(min: -1500, max: 1500, steps: 12)
        let map = try DecisionMap.compute(probe: probe, translation: translation, velocity: velocity)
        for row in 0..<velocity.steps {
            for column in 0..<translation.steps {
                let release = ReleasePoint(translation: translation.value(column), velocity: velocity.value(row))
                #expect(map.outcome(column: column, row: row) == Self.velocitySign(release), "\(release)")
            }
        }
        // One line across the whole width, at v = 0 to within 1/256 of a cell.
        #expect(map.boundary.count == 1)
        let line = try #require(map.boundary.first)
        #expect(line.count == translation.steps)
        for point in line {
            #expect(abs(point.velocity) <= velocity.cell / 256)
        }
        #expect(map.probes == 10 * 12 + line.count * DecisionMap.refinementSteps)
    }

    @Test func theProjectionMapMatchesItsFormulaAwayFromTheBoundary() throws {
        let width = popWidth
        let probe = try popProbe(rule: "projection")
        let translation = SampledSpan(min: 0, max: width, steps: 16)
        let velocity = SampledSpan(min: -2000, max: 2000, steps: 16)
        let map = try DecisionMap.compute(probe: probe, translation: translation, velocity: velocity)
        var compared = 0
        for row in 0..<velocity.steps {
            for column in 0..<translation.steps {
                let release = ReleasePoint(translation: translation.value(column), velocity: velocity.value(row))
                // A cell on the formula's boundary itself could go either way in floating point.
                let nearBoundary =
                    abs(release.velocity - 900) < 1e-6
                    || abs(release.translation + 0.1 * release.velocity - 0.3 * width) < 1e-6
                guard !nearBoundary else { continue }
                compared += 1
                #expect(map.outcome(column: column, row: row) == Self.projection(release, width: width), "\(release)")
            }
        }
        #expect(compared >= 250)
        // Every vertex lies on the formula's boundary: v = 900 where the projection would cancel,
        // or tx + 0.1·v = 0.3·W below 900 pt/s, each to within the bisection's 1/256 of a cell.
        let tolerance = max(translation.cell, 0.1 * velocity.cell) / 128
        #expect(!map.boundary.isEmpty)
        for point in map.boundary.joined() {
            let onVelocityEdge =
                abs(point.velocity - 900) <= velocity.cell / 128
                && point.translation + 0.1 * point.velocity <= 0.3 * width + tolerance
            let onProjectionEdge =
                abs(point.translation + 0.1 * point.velocity - 0.3 * width) <= tolerance
                && point.velocity <= 900 + velocity.cell / 128
            #expect(onVelocityEdge || onProjectionEdge, "\(point)")
        }
    }

    @Test func marginsAreTheDistancesToTheProjectionFormulasFlips() throws {
        let width = popWidth
        let probe = try popProbe(rule: "projection")
        let translation = SampledSpan(min: 0, max: width, steps: 16)
        let velocity = SampledSpan(min: -2000, max: 2000, steps: 16)
        // Cancels: tx + 0.1·v = 60 + 50 = 110 is below 0.3·W for any W of 367 pt or more.
        let release = ReleasePoint(translation: 60, velocity: 500)
        #expect(Self.projection(release, width: width) == .cancel)
        let margin = try ReleaseMargin.measure(
            release, outcome: .cancel, probe: probe, translation: translation, velocity: velocity)
        // Faster: finishes once 60 + 0.1·v > 0.3·W, that is v > 3·W − 600 (under 900 for W < 500).
        let velocityFlip = 3 * width - 600
        #expect(abs(try #require(margin.velocityAbove) - (velocityFlip - 500)) <= velocity.cell / 512)
        // Longer: finishes once tx + 50 > 0.3·W.
        let translationFlip = 0.3 * width - 50
        #expect(abs(try #require(margin.translationAbove) - (translationFlip - 60)) <= translation.cell / 512)
        // Slower or shorter only cancels more surely.
        #expect(margin.velocityBelow == nil)
        #expect(margin.translationBelow == nil)
    }

    /// What a probe reads from its one-frame run is the decision of the whole simulation.
    @Test(arguments: PresetCatalogue.builtIn.presets.filter(\.interactive).map(\.description.id))
    func theProbesShortRunDecidesAsTheWholeSimulation(_ id: String) throws {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: id))
        let scene = ParameterValues(specs: preset.sceneFields, given: [:])
        guard
            let probe = ReleaseProbe(
                preset: preset, scene: scene, parameters: ParameterValues(specs: preset.parameters, given: [:]))
        else {
            // Only a touch that never travels has no axis (the App Store card's highlight).
            let example = try #require(preset.exampleGesture)
            #expect(Set(example.map(\.location)).count == 1, "\(id) travels but has no probe")
            return
        }
        for release in [
            ReleasePoint(translation: 30, velocity: -600), ReleasePoint(translation: 150, velocity: 250),
            ReleasePoint(translation: 320, velocity: 1800), ReleasePoint(translation: -40, velocity: 90),
        ] {
            let short = try probe.decision(at: release)
            let whole = try run(
                preset, samples: probe.samples(releasingAt: release), frameRate: ReleaseProbe.frameRate)
            #expect(whole.decision == short, "\(id) at \(release)")
        }
    }

    /// Every interactive preset maps over the extremes the API accepts, with polylines that step
    /// from cell to cell and stay inside the map.
    @Test(arguments: PresetCatalogue.builtIn.presets.filter(\.interactive).map(\.description.id))
    func everyPresetMapsAcrossTheAcceptedExtremes(_ id: String) throws {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: id))
        guard
            let probe = ReleaseProbe(
                preset: preset, scene: ParameterValues(specs: preset.sceneFields, given: [:]),
                parameters: ParameterValues(specs: preset.parameters, given: [:]))
        else { return }
        for (translation, velocity) in [
            (SampledSpan(min: -10_000, max: 10_000, steps: 5), SampledSpan(min: -20_000, max: 20_000, steps: 5)),
            (
                SampledSpan(min: 0, max: probe.windowReach ?? 400, steps: 9),
                SampledSpan(min: -2000, max: 2000, steps: 7)
            ),
        ] {
            let map = try DecisionMap.compute(probe: probe, translation: translation, velocity: velocity)
            #expect(map.outcomes.count == velocity.steps)
            #expect(map.outcomes.allSatisfy { $0.count == translation.steps })
            for line in map.boundary {
                for point in line {
                    #expect(
                        point.translation >= translation.value(0)
                            && point.translation <= translation.value(translation.steps - 1))
                    #expect(point.velocity >= velocity.value(0) && point.velocity <= velocity.value(velocity.steps - 1))
                }
                for (a, b) in zip(line, line.dropFirst()) {
                    #expect(abs(a.translation - b.translation) <= translation.cell * 1.001, "\(id): \(a) → \(b)")
                    #expect(abs(a.velocity - b.velocity) <= velocity.cell * 1.001, "\(id): \(a) → \(b)")
                }
            }
            for release in [
                ReleasePoint(translation: -10_000, velocity: 20_000),
                ReleasePoint(translation: 10_000, velocity: -20_000),
            ] {
                let decision = try probe.decision(at: release)
                _ = try ReleaseMargin.measure(
                    release, outcome: decision.outcome, probe: probe, translation: translation, velocity: velocity)
            }
        }
    }
}
