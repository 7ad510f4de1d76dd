import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// A catalogue preset's exports carry its layers' generated art (`ExportArt`), within its declared
/// cap, the same bytes every time; the JSON answer, a document's exports and `"art": false` do not.
@Suite struct ExportArtTests {
    static let examples = Fixtures.exampleRequests()

    static func post(_ body: [UInt8], _ members: [String: Any]) throws -> [UInt8] {
        var request = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        for (key, value) in members { request[key] = value }
        let response = SegueService.standard.simulate(Array(try JSONSerialization.data(withJSONObject: request)))
        #expect(response.status.code == 200, "\(String(decoding: response.body.prefix(600), as: UTF8.self))")
        return response.body
    }

    /// The PNGs of a WAAPI export's layers, by layer id.
    static func images(_ waapi: [UInt8]) throws -> [String: [UInt8]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waapi)) as? [String: Any])
        let layers = try #require(object["layers"] as? [[String: Any]])
        var images: [String: [UInt8]] = [:]
        for layer in layers {
            guard let uri = layer["image"] as? String, let id = layer["id"] as? String else { continue }
            let prefix = "data:image/png;base64,"
            try #require(uri.hasPrefix(prefix))
            images[id] = [UInt8](try #require(Data(base64Encoded: String(uri.dropFirst(prefix.count)))))
        }
        return images
    }

    static func example(_ name: String) throws -> [UInt8] {
        try #require(examples.first { $0.name == name }?.body)
    }

    /// The same request twice gives the same bytes, in every export.
    @Test(arguments: ["lottie", "css", "waapi"]) func theSameRequestGivesTheSameBytes(output: String) throws {
        let body = try Self.example("instagram.push")
        let once = try Self.post(body, ["output": output])
        let twice = try Self.post(body, ["output": output])
        #expect(once == twice)
        #expect(String(decoding: once, as: UTF8.self).contains("data:image/png;base64,"))
    }

    /// The JSON answer is the same with art on or off; `"art": false` gives the exports without it.
    @Test func onlyTheExportsDrawIt() throws {
        let body = try Self.example("instagram.push")
        #expect(try Self.post(body, [:]) == Self.post(body, ["art": false]))
        for output in ["lottie", "css", "waapi"] {
            let off = String(decoding: try Self.post(body, ["output": output, "art": false]), as: UTF8.self)
            #expect(!off.contains("data:image"), "\(output)")
        }
        let svg = String(decoding: try Self.post(body, ["output": "svg"]), as: UTF8.self)
        #expect(!svg.contains("data:image"))
    }

    /// `art` must be a boolean, reported at its pointer.
    @Test func artIsABoolean() throws {
        let body = try Self.example("instagram.push")
        var request = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        request["art"] = "yes"
        let response = SegueService.standard.simulate(Array(try JSONSerialization.data(withJSONObject: request)))
        #expect(response.status.code == 422)
        #expect(String(decoding: response.body, as: UTF8.self).contains("\"/art\""))
    }

    /// Solid layers keep their fill; image and content layers get art at 2× their first frame.
    @Test func theArtIsByKindAtTwiceTheLayersSize() throws {
        let body = try Self.example("instagram.push")
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(try Self.post(body, [:]))) as? [String: Any])
        let layers = try #require(answer["layers"] as? [[String: Any]])
        let frames = try #require(answer["frames"] as? [[String: Any]])
        let first = try #require(frames.first?["layers"] as? [String: [String: Any]])
        let images = try Self.images(try Self.post(body, ["output": "waapi"]))
        for layer in layers {
            let id = try #require(layer["id"] as? String)
            if layer["kind"] as? String == "solid" {
                #expect(images[id] == nil, "\(id)")
                continue
            }
            let png = try #require(images[id], "\(id)")
            let size = try #require(DataImage.pngSize(png))
            let frame = try #require((first[id]?["frame"] ?? layer["frame"]) as? [String: Double])
            let width = try #require(frame["width"])
            let height = try #require(frame["height"])
            if 4 * width * height <= Double(ExportArt.maxPixelsPerImage) {
                #expect(size.width == Int(2 * width) && size.height == Int(2 * height), "\(id)")
            } else {
                #expect(size.width * size.height <= ExportArt.maxPixelsPerImage, "\(id)")
            }
        }
    }

    /// The docs state the declared cap: README's "Lottie", openapi.yaml's `art` and docs/memory.md
    /// give `ExportArt`'s figures, thousands grouped by spaces as the docs write them.
    @Test func theDocsStateTheDeclaredCap() throws {
        func grouped(_ value: Int) -> String {
            let digits = Array(String(value))
            var out = ""
            for (index, digit) in digits.enumerated() {
                if index > 0 && (digits.count - index) % 3 == 0 { out += " " }
                out.append(digit)
            }
            return out
        }
        let figures = [
            "\(grouped(ExportArt.maxPixelsPerImage)) pixels", "\(grouped(ExportArt.maxPNGBytes)) bytes",
            "\(Int(ExportArt.maxScale)) pixels per point", "more than \(grouped(ExportArt.maxFrames)) frames",
        ]
        // The cache of drawn images, which the README alone mentions.
        let cache = "\(ArtCache.shared.maxBytes >> 20) MiB at most"
        for (path, extra) in [("/README.md", [cache]), ("/openapi.yaml", [])] {
            let text = String(decoding: try #require(Fixtures.read(Fixtures.root + path)), as: UTF8.self)
                .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(
                    of: #"\s+"#, with: " ", options: .regularExpression)
            for figure in figures + extra { #expect(text.contains(figure), "\(path): \(figure)") }
        }
    }

    /// Every catalogue preset's export stays within the cap: each image within 2× its layer and
    /// `maxPixelsPerImage`, all of an export's PNG bytes within `maxPNGBytes`.
    @Test func everyPresetsArtIsWithinTheCap() throws {
        var largest = (name: "", bytes: 0)
        for (name, body) in Self.examples {
            let images = try Self.images(try Self.post(body, ["output": "waapi"]))
            #expect(!images.isEmpty, "\(name) has no art")
            let total = images.values.reduce(0) { $0 + $1.count }
            #expect(total <= ExportArt.maxPNGBytes, "\(name): \(total) bytes")
            for (id, png) in images {
                let size = try #require(DataImage.pngSize(png))
                #expect(size.width * size.height <= ExportArt.maxPixelsPerImage, "\(name) \(id)")
            }
            if total > largest.bytes { largest = (name, total) }
        }
        print("largest art: \(largest.name), \(largest.bytes) bytes of PNG")
    }
}

/// Hunts for a scene that breaks the art: in each example, one rect or size scene field at a time
/// set to an extreme a client may send (a window of 10⁶ pt or 10⁶ × 1 pt, a rect of 0.001 pt, one
/// far larger than the window, one a hair thin), each answered as an export without a trap or a
/// 5xx, its art within the cap. Most are answered 200, so the art is drawn, not refused.
@Suite struct ExportArtHuntTests {
    static func extremes(_ kind: ParameterSpec.Kind) -> [[String: Double]] {
        switch kind {
        case .size: [["width": 1e6, "height": 1e6], ["width": 1e6, "height": 1], ["width": 1, "height": 1e6]]
        case .rect:
            [
                ["x": 100, "y": 100, "width": 0.001, "height": 0.001],
                ["x": -1e6, "y": -1e6, "width": 2e6, "height": 2e6],
                ["x": 0, "y": 100, "width": 300, "height": 0.001],
            ]
        default: []
        }
    }

    @Test(arguments: Fixtures.exampleRequests().map(\.name))
    func extremeScenesNeverBreakTheArt(example: String) throws {
        let body = try ExportArtTests.example(example)
        let request = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        let id = try #require(request["preset"] as? String)
        let preset = try #require(PresetCatalogue.builtIn.preset(id: id))
        var answered = 0
        var tried = 0
        for spec in preset.sceneFields {
            for extreme in Self.extremes(spec.kind) {
                var scene = request["scene"] as? [String: Any] ?? [:]
                scene[spec.name] = extreme
                var mutated = request
                mutated["scene"] = scene
                mutated["output"] = "waapi"
                let response = SegueService.standard.simulate(
                    Array(try JSONSerialization.data(withJSONObject: mutated)))
                tried += 1
                #expect(response.status.code < 500, "\(example) \(spec.name) \(extreme): \(response.status.code)")
                guard response.status.code == 200 else { continue }
                answered += 1
                let total = try ExportArtTests.images(response.body).values.reduce(0) { $0 + $1.count }
                #expect(total <= ExportArt.maxPNGBytes, "\(example) \(spec.name) \(extreme)")
            }
        }
        #expect(tried == 0 || answered > 0, "\(example): every extreme refused, nothing drawn")
    }

    /// An export of more than `maxFrames` frames has no art; one of at most that many has. The
    /// frame counts come from the JSON answer, the release time chosen around the bound.
    @Test func aLongExportGoesWithoutArt() throws {
        let body = try #require(Fixtures.exampleRequests().first { $0.name == "instagram.pop.interactive" }?.body)
        var seen: Set<Bool> = []
        for release in [3.0, 4.0, 4.5, 5.0, 6.0] {
            var request = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
            var gesture = try #require(request["gesture"] as? [String: Any])
            var samples = try #require(gesture["samples"] as? [[String: Any]])
            samples[samples.count - 1]["t"] = release
            gesture["samples"] = samples
            request["gesture"] = gesture
            request["frameRate"] = 240
            let json = try ExportArtTests.post(Array(try JSONSerialization.data(withJSONObject: request)), [:])
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
            let frames = try #require(answer["frames"] as? [Any]).count
            let lottie = try ExportArtTests.post(
                Array(try JSONSerialization.data(withJSONObject: request)), ["output": "lottie"])
            let drawn = String(decoding: lottie, as: UTF8.self).contains("data:image/png;base64,")
            #expect(drawn == (frames <= ExportArt.maxFrames), "\(frames) frames")
            seen.insert(drawn)
        }
        #expect(seen == [true, false], "the release times straddle the bound")
    }
}
