import Foundation
import SegueEngine
import Testing

@testable import SegueAPI

/// The SVG outputs of POST /v1/simulate: parsed as XML and checked against the same
/// request's JSON answer, with the expected values computed here.
@Suite struct PreviewTests {
    let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))

    /// An interactive preset, one with a path mask (the Twitter bird), one with
    /// continuous-corner masks, and a tap-started one.
    static let examples = [
        "instagram.pop.interactive", "yui.twitterSplash", "appstore.card.interactiveDismiss",
        "appstore.card.present",
    ]

    static func example(_ id: String, output: String? = nil) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/examples/\(id).json")
        var body = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        if let output { body["output"] = output }
        return String(decoding: try JSONSerialization.data(withJSONObject: body, options: .sortedKeys), as: UTF8.self)
    }

    func post(_ body: String, accept: String? = nil) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let accept { headers.add(name: "Accept", value: accept) }
        return service.respond(
            to: HTTPRequest(method: .post, path: "/v1/simulate", headers: headers, body: Array(body.utf8)))
    }

    func svg(_ body: String, accept: String? = nil) throws -> PreviewXMLNode {
        let response = post(body, accept: accept)
        #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
        #expect(response.headers["Content-Type"] == "image/svg+xml")
        let root = try #require(PreviewXMLNode.parse(response.body), "not well-formed XML")
        #expect(root.name == "svg")
        return root
    }

    func json(_ id: String) throws -> [String: Any] {
        let response = post(try Self.example(id))
        return try #require(JSONTestValue.object(response.body))
    }

    @Test(arguments: examples)
    func filmstripHasOneGroupPerLayerPerChosenFrame(id: String) throws {
        let answer = try json(id)
        let frames = try #require(answer["frames"] as? [[String: Any]])
        let layerIDs = try #require(answer["layers"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        let decision = answer["decision"] as? [String: Any]
        let decisionTime = decision?["time"] as? Double

        // 8 evenly spaced by index, plus the first frame at or after the release (to the
        // wire's microsecond).
        var expected = Set((0..<8).map { Int((Double($0) * Double(frames.count - 1) / 7).rounded()) })
        let release = decisionTime.map { time in
            frames.firstIndex { ($0["time"] as? Double ?? 0) >= time - 1e-6 } ?? frames.count - 1
        }
        if let release { expected.insert(release) }

        let root = try svg(try Self.example(id, output: "svg"))
        let groups = root.all("g", class: "frame")
        #expect(groups.map { Int($0.attributes["data-index"] ?? "") ?? -1 } == expected.sorted())
        #expect(groups.filter { $0.attributes["data-release"] == "true" }.count == (release == nil ? 0 : 1))
        for group in groups {
            let index = try #require(Int(group.attributes["data-index"] ?? ""))
            let frame = frames[index]
            let layers = group.all("g", class: "layer")
            #expect(layers.map { $0.attributes["data-layer"] ?? "" } == layerIDs)
            let states = try #require(frame["layers"] as? [String: [String: Any]])
            for layer in layers {
                let state = try #require(states[layer.attributes["data-layer"] ?? ""])
                let masked = state["mask"] is [String: Any]
                let maskPaths = layer.all("path", class: "mask")
                #expect(maskPaths.count == (masked ? 1 : 0))
                if let mask = state["mask"] as? [String: Any], let path = mask["path"] as? String {
                    #expect(maskPaths.first?.attributes["d"] == path)
                }
                #expect(maskPaths.allSatisfy { !($0.attributes["d"] ?? "").isEmpty })
                #expect(layer.all("rect", class: "shadow").count == (state["shadow"] == nil ? 0 : 1))
            }
            let interactive = frame["phase"] as? String == "interactive"
            #expect(group.all("circle", class: "finger").count == (interactive ? 1 : 0))
        }

        let caption = try #require(root.all("text", class: "caption").first)
        if let explanation = decision?["explanation"] as? String {
            #expect(caption.text == explanation)
        } else {
            #expect(caption.text.contains("started by a tap"))
        }
        let releaseLines = root.all("line", class: "release")
        #expect(releaseLines.count == (decisionTime == nil ? 0 : 1))
        if let decisionTime, let line = releaseLines.first {
            #expect(abs((Double(line.attributes["data-time"] ?? "") ?? -1) - decisionTime) <= 5e-4)
            // The plot spans 0…duration across its width; the line sits at time / duration of it.
            let plot = try #require(root.all("g", class: "plot").first)
            let width = try #require(plot.children.first.flatMap { Double($0.attributes["width"] ?? "") })
            let duration = try #require(answer["duration"] as? Double)
            let x = try #require(Double(line.attributes["x1"] ?? ""))
            #expect(abs(x - decisionTime / duration * width) <= 2e-3)
        }
        #expect(root.all("polyline", class: "progress").count == 1)
        #expect(root.all("polyline", class: "scale").count == 1)
    }

    @Test func continuousMasksAreDrawnAsSquircles() throws {
        let root = try svg(try Self.example("instagram.pop.interactive", output: "svg"))
        let masks = root.all("path", class: "mask")
        #expect(!masks.isEmpty)
        // A squircle's corners are cubic Bézier segments, not arcs.
        #expect(masks.contains { ($0.attributes["d"] ?? "").contains("C ") })
    }

    /// The mask's matrix takes the layer's own coordinates to the window: its bounds'
    /// corners land on the presentation frame's (the examples scale and translate only).
    @Test(arguments: ["instagram.pop.interactive", "yui.twitterSplash"])
    func maskMatrixMapsTheLayersBoundsOntoItsPresentationFrame(id: String) throws {
        let answer = try json(id)
        let frames = try #require(answer["frames"] as? [[String: Any]])
        let layerFrames = try #require(answer["layers"] as? [[String: Any]]).map {
            ($0["id"] as? String ?? "", $0["frame"] as? [String: Double] ?? [:])
        }
        let root = try svg(try Self.example(id, output: "svg"))
        var checked = 0
        for group in root.all("g", class: "frame") {
            let index = try #require(Int(group.attributes["data-index"] ?? ""))
            let states = try #require(frames[index]["layers"] as? [String: [String: Any]])
            for layer in group.all("g", class: "layer") {
                guard let path = layer.all("path", class: "mask").first else { continue }
                let layerID = layer.attributes["data-layer"] ?? ""
                let size = try #require(layerFrames.first { $0.0 == layerID }?.1)
                let shown = try #require(states[layerID]?["presentationFrame"] as? [String: Double])
                let m = try #require(path.attributes["transform"]).dropFirst("matrix(".count).dropLast()
                    .split(separator: " ").compactMap { Double($0) }
                try #require(m.count == 6)
                let (w, h) = (size["width"] ?? 0, size["height"] ?? 0)
                let topLeft = (m[4], m[5])
                let bottomRight = (m[0] * w + m[2] * h + m[4], m[1] * w + m[3] * h + m[5])
                let tolerance = 5e-3 * max(1, w, h)
                #expect(abs(topLeft.0 - (shown["x"] ?? 0)) <= tolerance)
                #expect(abs(topLeft.1 - (shown["y"] ?? 0)) <= tolerance)
                #expect(abs(bottomRight.0 - (shown["x"] ?? 0) - (shown["width"] ?? 0)) <= tolerance)
                #expect(abs(bottomRight.1 - (shown["y"] ?? 0) - (shown["height"] ?? 0)) <= tolerance)
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    @Test(arguments: examples)
    func animatedLoopsOverTheSimulationsDuration(id: String) throws {
        let answer = try json(id)
        let duration = try #require(answer["duration"] as? Double)
        let frameCount = try #require(answer["frames"] as? [Any]).count
        let root = try svg(try Self.example(id, output: "svg-animated"))
        #expect(abs((Double(root.attributes["data-duration"] ?? "") ?? -1) - duration) <= 5e-4)
        let groups = root.all("g", class: "frame")
        #expect(groups.count == min(frameCount, AnimatedSVG.maximumFrameCount))
        #expect(groups.first?.attributes["data-index"] == "0")
        #expect(groups.last?.attributes["data-index"] == String(frameCount - 1))
        let animations = root.all { $0.name == "animate" }
        #expect(animations.count == groups.count)
        for animation in animations {
            #expect(animation.attributes["repeatCount"] == "indefinite")
            let dur = try #require(animation.attributes["dur"])
            #expect(dur.hasSuffix("s"))
            #expect(abs((Double(dur.dropLast()) ?? -1) - duration) <= 5e-4)
            let keyTimes = (animation.attributes["keyTimes"] ?? "").split(separator: ";").compactMap { Double($0) }
            let values = (animation.attributes["values"] ?? "").split(separator: ";")
            #expect(keyTimes.first == 0)
            #expect(keyTimes.count == values.count)
            #expect(zip(keyTimes, keyTimes.dropFirst()).allSatisfy { $0 <= $1 })
        }
        for group in groups {
            #expect(group.all("g", class: "layer").count == (answer["layers"] as? [Any])?.count)
        }
    }

    @Test func acceptHeaderChoosesSVGAndAnExplicitOutputWins() throws {
        let plain = try Self.example("instagram.pop.interactive")
        _ = try svg(plain, accept: "text/html, image/svg+xml;q=0.9")
        let explicit = post(try Self.example("instagram.pop.interactive", output: "json"), accept: "image/svg+xml")
        #expect(explicit.headers["Content-Type"] == "application/json")
        let animated = try svg(
            try Self.example("instagram.pop.interactive", output: "svg-animated"), accept: "image/svg+xml")
        #expect(animated.attributes["data-duration"] != nil)
        #expect(post(plain, accept: "application/json").headers["Content-Type"] == "application/json")
        #expect(post(plain, accept: "image/svg+xml;q=0, */*").headers["Content-Type"] == "application/json")
    }

    @Test(arguments: [#""png""#, "3", #""SVG""#])
    func badOutputIsA422AtOutput(value: String) throws {
        let body = try Self.example("instagram.pop.interactive").dropLast() + #","output":"# + value + "}"
        let response = post(String(body))
        #expect(response.status.code == 422)
        let problem = try #require(JSONTestValue.object(response.body))
        let errors = try #require(problem["errors"] as? [[String: String]])
        #expect(errors.map { $0["pointer"] } == ["/output"])
    }

    @Test func textIsEscapedAndNumbersRounded() {
        var writer = SVGWriter()
        writer.text("text", ["x": 1.23456, "y": -0.0004], #"a < b & "c" > 'd'"#)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text.hasSuffix(#"<text x="1.235" y="0">a &lt; b &amp; &quot;c&quot; &gt; &apos;d&apos;</text>"# + "\n"))
    }
}
