import Foundation
import SegueEngine
import SegueMath
import Testing

/// Sample times as clients write them (to six decimals), and touches read at a display's frame
/// times: the latest sample, or interpolated between the samples around the frame.
@Suite struct TouchTimingTests {
    /// A steady rightward drag at `speed` pt/s from x = 0, sampled at `rate` Hz for `count` samples,
    /// times rounded to six decimals as JSON writers print them, then released.
    static func steadyDrag(rate: Double, count: Int, speed: Double) throws -> GestureTrack {
        var samples: [GestureSample] = []
        for k in 0..<count {
            let time = ((Double(k) / rate) * 1e6).rounded() / 1e6
            samples.append(sample(time, speed * Double(k) / rate, 0, k == 0 ? .began : .changed))
        }
        let last = samples[count - 1]
        samples.append(sample(last.time + 1 / rate, last.location.x, 0, .ended))
        return try GestureTrack(samples: samples)
    }

    /// Aligned to 60 frames per second, a sample written as k/60 rounded to the microsecond moves
    /// onto the frame at k/60 s, so that frame sees it: the README's 0.016667 counts for 1/60 s.
    @Test func aSampleWrittenToTheMicrosecondCountsForItsFrame() throws {
        let track = try Self.steadyDrag(rate: 60, count: 14, speed: 600).alignedToFrames(at: 60)
        for k in 0..<14 {
            let frameTime = Double(k) / 60
            #expect(track.samples[k].time == frameTime, "sample \(k)")
            #expect(track.sample(at: frameTime) == track.samples[k], "frame \(k)")
            #expect(isClose(track.translation(at: frameTime).x, 10 * Double(k), absolute: 1e-9), "frame \(k)")
        }
    }

    /// Only samples within the wire's resolution move: one 2 µs after a frame keeps its time.
    @Test func aSampleFurtherFromAFrameKeepsItsTime() throws {
        let samples = [sample(0, 0, 0, .began), sample(1.0 / 60 + 2e-6, 10, 0), sample(0.05, 20, 0, .ended)]
        let track = try GestureTrack(samples: samples).alignedToFrames(at: 60)
        #expect(track.samples.map(\.time) == [0, 1.0 / 60 + 2e-6, 0.05])
        #expect(track.sample(at: 1.0 / 60)?.time == 0)
    }

    /// 120 Hz samples read at 60 Hz frames: every other sample lands on a frame, so the
    /// translation grows by the same 10 pt every frame.
    @Test func aSteadyHundredTwentyHertzDragGrowsSteadilyAtSixtyFrames() throws {
        let track = try Self.steadyDrag(rate: 120, count: 40, speed: 600).alignedToFrames(at: 60)
        let translations = (0..<20).map { track.translation(at: Double($0) / 60).x }
        for (a, b) in zip(translations, translations.dropFirst()) {
            #expect(isClose(b - a, 10, absolute: 1e-9))
        }
    }

    /// Read between samples, `interpolate` gives the straight line the finger drew, x = v·t,
    /// at any frame rate; `latest` holds the earlier sample.
    @Test(arguments: [50.0, 60, 90, 144])
    func interpolatedTranslationFollowsTheFingerAtAnyFrameRate(frameRate: Double) throws {
        let track = try Self.steadyDrag(rate: 120, count: 60, speed: 600)
        let end = track.samples[59].time
        var time = 0.0
        while time <= end {
            let x = track.translation(at: time, resampling: .interpolate).x
            #expect(isClose(x, 600 * time, absolute: 1e-3), "t = \(time)")
            let latest = track.translation(at: time, resampling: .latest).x
            #expect(latest <= x + 1e-9 && x - latest < 5 + 1e-3, "t = \(time)")
            time += 1 / frameRate
        }
    }

    /// Interpolated velocity lies between the estimates at the two samples around the time, at
    /// the fraction of the way the time is; at a sample time it is that sample's estimate.
    @Test func interpolatedVelocityBlendsTheEstimatesAroundTheTime() throws {
        let samples = [
            sample(0, 0, 0, .began), sample(0.01, 1, 0), sample(0.02, 3, 0), sample(0.03, 7, 0),
            sample(0.04, 15, 0, .ended),
        ]
        let track = try GestureTrack(samples: samples)
        let before = track.velocity(at: 0.02, using: .uikit).velocity.x
        let after = track.velocity(at: 0.03, using: .uikit).velocity.x
        let quarter = track.velocity(at: 0.0225, using: .uikit, resampling: .interpolate).velocity.x
        #expect(isClose(quarter, before + (after - before) * 0.25, absolute: 1e-9))
        #expect(track.velocity(at: 0.02, using: .uikit, resampling: .interpolate).velocity.x == before)
        // After the last movement there is nothing to interpolate toward: the latest estimate.
        #expect(
            track.velocity(at: 0.035, using: .uikit, resampling: .interpolate).velocity
                == track.velocity(at: 0.035, using: .uikit).velocity)
    }

    /// Through a preset: a steady 120 Hz drag of instagram.pop.interactive, samples written to
    /// the microsecond, read at 60 frames per second. Progress is tx / W (390 pt) and tx grows
    /// 600/60 = 10 pt a frame while the finger moves, so every frame from the first that follows
    /// the finger to the last sample's adds 10/390.
    @Test func aSteadyDragGivesSteadilyGrowingProgress() throws {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: "instagram.pop.interactive"))
        let track = try Self.steadyDrag(rate: 120, count: 30, speed: 600)
        let input = SimulationInput(
            scene: ParameterValues(specs: preset.sceneFields, given: [:]),
            parameters: ParameterValues(specs: preset.parameters, given: [:]), gesture: track, frameRate: 60)
        let simulation = try preset.simulate(input)
        let moving = track.samples[track.samples.count - 2].time
        let progress = simulation.frames.filter { $0.phase == .interactive && $0.time <= moving }.map(\.progress)
        #expect(progress.count >= 10)
        for (a, b) in zip(progress.dropFirst(), progress.dropFirst(2)) {
            #expect(isClose(b - a, 10.0 / 390, absolute: 1e-9), "\(progress)")
        }
    }
}

/// `touchResampling` through the presets.
@Suite struct TouchResamplingPresetTests {
    /// With `interpolate`, a steady 120 Hz drag read at 50 frames per second still grows the
    /// interactive pop's progress by the same step every frame: tx = 600·t, so 12 pt, 12/390, per
    /// frame. With `latest` the steps alternate, since 120 Hz samples fall unevenly on 50 Hz frames.
    @Test func interpolationMakesProgressSteadyAtAnyFrameRate() throws {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: "instagram.pop.interactive"))
        let track = try TouchTimingTests.steadyDrag(rate: 120, count: 30, speed: 600)
        func steps(_ resampling: String) throws -> [Double] {
            let input = SimulationInput(
                scene: ParameterValues(specs: preset.sceneFields, given: [:]),
                parameters: ParameterValues(
                    specs: preset.parameters, given: ["touchResampling": .choice(resampling)]),
                gesture: track, frameRate: 50)
            let moving = track.samples[track.samples.count - 2].time
            let progress = try preset.simulate(input).frames.filter { $0.phase == .interactive && $0.time <= moving }
                .map(\.progress)
            return zip(progress.dropFirst(), progress.dropFirst(2)).map { $1 - $0 }
        }
        let interpolated = try steps("interpolate")
        #expect(interpolated.count >= 8)
        // Sample times are written to the microsecond, so the line is drawn to about 600 pt/s × 1 µs.
        #expect(interpolated.allSatisfy { isClose($0, 12.0 / 390, absolute: 1e-5) }, "\(interpolated)")
        let latest = try steps("latest")
        #expect(!latest.allSatisfy { isClose($0, 12.0 / 390, absolute: 1e-3) }, "\(latest)")
    }
}

/// Which presets offer `touchResampling`.
@Suite struct TouchResamplingCatalogueTests {
    /// Every preset driven by a touch offers the option, `latest` by default: a client sets it once
    /// for the whole catalogue. The App Store interactive dismiss feeds the animator each touch as
    /// delivered, resampled ones included; the highlight reads only when the touch began and ended.
    @Test func everyPresetDrivenByATouchOffersIt() {
        // A transition document states its resampling on its pan (`touchResampling`), not as a parameter.
        for preset in PresetCatalogue.builtIn.presets where preset.interactive && !(preset is DocumentPreset) {
            let spec = preset.parameters.first { $0.name == "touchResampling" }
            #expect(spec?.kind == .choice(["latest", "interpolate"]), "\(preset.description.id)")
            #expect(spec?.defaultValue == .choice("latest"), "\(preset.description.id)")
        }
    }
}
