import SegueMath
import SegueTestSupport
import Testing

@testable import SegueEngine

/// A tracked tap, compiled (`TrackedTap`), draws what `TapTrack` defines: every layer the tap's
/// curve's fraction of the way (`LayerPose.interpolate`), then each property a track names
/// copied from the layer interpolated at that track's fraction, drawn by `LayerPose.state(of:)`;
/// a layer whose two poses are the same is its first pose drawn. The compiled tap skips fields
/// that do not move, interpolates one field per claimed property and places drawn templates, so
/// random documents (masks and shadows present, absent, appearing; tracks over random properties
/// with delays, linear and eased curves) hunt for a frame where the shortcuts and the definition
/// part, to the bit.
@Suite struct TrackedTapDrawingTests {
    @Test(arguments: 0..<512) func theCompiledTapDrawsTheDefinition(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let document = Self.document(&random)
        guard case .tap(let tap) = document.interaction else { return }
        let preset = try #require(DocumentPreset(document), "\(document.problems)")
        guard case .tracked(let compiled) = preset.compiled else {
            Issue.record("seed \(seed): a tap with tracks compiled as something else")
            return
        }
        let from = try #require(document.resolved(tap.from))
        let to = try #require(document.resolved(tap.to))
        let curve = try #require(tap.curve.timingCurve())
        let clocks = tap.tracks.map { TrackedTap.Clock($0, curve: $0.curve.timingCurve() ?? curve) }
        for step in 0...24 {
            let time = compiled.duration * Double(step) / 24 * 1.05
            let look = compiled.look(at: time)
            let e = curve.fraction(at: time)
            #expect(look.progress == e)
            for (index, layer) in preset.layerDescriptions.enumerated() {
                let expected: LayerState
                if from[index] == to[index] {
                    expected = from[index].state(of: layer)
                } else {
                    var pose = LayerPose.interpolate(from: from[index], to: to[index], fraction: e)
                    for (track, clock) in zip(tap.tracks, clocks) where track.layers?.contains(layer.id) ?? true {
                        let source = LayerPose.interpolate(
                            from: from[index], to: to[index], fraction: clock.fraction(at: time))
                        for property in track.properties { property.copy(from: source, into: &pose) }
                    }
                    expected = pose.state(of: layer)
                }
                #expect(
                    Self.bits(look.layers[index]) == Self.bits(expected),
                    "seed \(seed), t \(time), layer \(layer.id): \(look.layers[index]) vs \(expected)")
            }
        }
    }

    /// Every number a state carries, as bits, so that −0 and +0 differ as JSON writes them.
    static func bits(_ state: LayerState) -> [UInt64] {
        var numbers = [
            state.frame.origin.x, state.frame.origin.y, state.frame.size.width, state.frame.size.height,
            state.transform.a, state.transform.b, state.transform.c, state.transform.d, state.transform.tx,
            state.transform.ty, state.presentationFrame.origin.x, state.presentationFrame.origin.y,
            state.presentationFrame.size.width, state.presentationFrame.size.height, state.opacity, state.cornerRadius,
        ]
        if let mask = state.mask {
            numbers += [
                mask.rect.origin.x, mask.rect.origin.y, mask.rect.size.width, mask.rect.size.height, mask.cornerRadius,
            ]
        }
        if let shadow = state.shadow { numbers += [shadow.opacity, shadow.radius, shadow.offset.x, shadow.offset.y] }
        return numbers.map(\.bitPattern) + [state.mask == nil ? 0 : 1, state.shadow == nil ? 0 : 1]
    }

    /// Two to four layers, a start pose and an end pose that change random fields of random
    /// layers (zero, negative zero and equal values among them), and one to three tracks that
    /// claim disjoint random properties of random layers.
    static func document(_ random: inout SeededGenerator) -> TransitionDocument {
        let ids = ["a", "b", "c", "d"].prefix(Int.random(in: 2...4, using: &random))
        func number(_ range: ClosedRange<Double>) -> Double {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return 0
            case 1: return -0.0
            default: return Double.random(in: range, using: &random).rounded()
            }
        }
        func rect() -> Rect {
            Rect(x: number(-50...300), y: number(-50...600), width: number(1...300), height: number(1...500))
        }
        func change(first: Bool) -> PoseChange {
            var change = PoseChange()
            if first || Bool.random(using: &random) { change.frame = rect() }
            if Bool.random(using: &random) { change.opacity = Double.random(in: 0...1, using: &random) }
            if Bool.random(using: &random) { change.cornerRadius = number(0...40) }
            if Bool.random(using: &random) { change.scale = PoseScale(x: number(0.2...2), y: number(0.2...2)) }
            if Bool.random(using: &random) { change.translation = Point(x: number(-100...100), y: number(-100...100)) }
            if Bool.random(using: &random) { change.rotation = number(-30...30) }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: change.mask = .set(PoseMask(rect: rect(), cornerRadius: number(0...30)))
            case 1 where !first: change.mask = .removed
            default: break
            }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: change.shadow = .set(PoseShadow(opacity: number(0...1), radius: number(0...20)))
            case 1 where !first: change.shadow = .removed
            default: break
            }
            return change
        }
        var start: [String: PoseChange] = [:]
        var end: [String: PoseChange] = [:]
        for id in ids {
            start[id] = change(first: true)
            if Int.random(in: 0..<4, using: &random) > 0 { end[id] = change(first: false) }
        }
        let curves: [CurveSpec] = [
            .cubic(NamedCurve.linear.bezier, duration: 0.3),
            .cubic(NamedCurve.easeInOut.bezier, duration: 0.25),
            .spring(Spring(mass: 1, stiffness: 300, damping: 20) ?? .systemDefault, initialVelocity: 0, duration: 0.6),
        ]
        var tap = TapInteraction(from: "start", to: "end", curve: curves.randomElement(using: &random) ?? curves[0])
        var unclaimed = Set(TrackProperty.allCases)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            // Disjoint properties for every layer: what one track takes, no other may.
            let candidates = unclaimed.filter { property in
                unclaimed.allSatisfy { !$0.overlaps(property) || $0 == property }
            }
            let properties = Array(candidates.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
            guard !properties.isEmpty else { break }
            for property in properties { unclaimed = unclaimed.filter { !$0.overlaps(property) } }
            tap.tracks.append(
                TapTrack(
                    layers: Bool.random(using: &random) ? nil : [ids.randomElement(using: &random) ?? "a"],
                    properties: properties, curve: curves.randomElement(using: &random) ?? curves[0],
                    delay: [0, 0.1, 0.35].randomElement(using: &random) ?? 0))
        }
        return TransitionDocument(
            window: Size(width: 400, height: 800), layers: ids.map { DocumentLayer(id: $0) },
            poses: [Pose(name: "start", layers: start), Pose(name: "end", layers: end)], interaction: .tap(tap))
    }
}
