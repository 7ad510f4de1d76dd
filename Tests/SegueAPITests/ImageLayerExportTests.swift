import Foundation
import SegueEngine
import SegueMath
import Testing

@testable import SegueAPI

/// A document's image layer in every output, against numbers worked out by hand: a 2×2 PNG (left
/// column red, right column green) on an 80×40 layer at (40, 20) in a 200×100 window, tapped to
/// a pose that moves it by (20, 10) and halves it about its centre, linearly over 0.1 s. At the
/// first frame the layer's rect is (40, 20, 80, 40), centre (80, 40); at the last, centre
/// (80 + 20, 40 + 10) = (100, 50), size 40×20, so (80, 40, 40, 20). The image is stretched to the
/// bounds: 2 px to 80 pt and 2 px to 40 pt, scales of 4000 % and 2000 % at the first frame, half
/// those at the last.
///
/// With `SEGUE_IMAGE_EXPORTS_DIR` set, the Lottie, CSS and WAAPI exports are also written there
/// (lottie.json, css.html, waapi.json, filmstrip.svg, and lottie-rounded.json of corners of radius
/// 10) for Tests/players/test_lottie_image.py and
/// Tests/browser/test_export_image.py, which render them with rlottie and Chromium and check
/// their pixels.
@Suite struct ImageLayerExportTests {
    static let png = TestPNG.rgb(width: 2, height: 2) { x, _ in x == 0 ? (255, 0, 0) : (0, 255, 0) }
    static let uri = "data:image/png;base64," + Data(png).base64EncodedString()

    static func simulation(image: String? = uri, cornerRadius: Double = 0) throws -> Simulation {
        let document = TransitionDocument(
            window: Size(width: 200, height: 100),
            layers: [DocumentLayer(id: "photo", kind: .image, fill: Color(hex: 0x0000FF), image: image)],
            poses: [
                Pose(
                    name: "start",
                    layers: [
                        "photo": PoseChange(
                            frame: Rect(x: 40, y: 20, width: 80, height: 40), cornerRadius: cornerRadius)
                    ]),
                Pose(name: "end", layers: ["photo": PoseChange(scale: 0.5, translation: Point(x: 20, y: 10))]),
            ],
            interaction: .tap(TapInteraction(from: "start", to: "end", curve: .cubic(.linear, duration: 0.1))))
        let preset = try #require(DocumentPreset(document))
        return try preset.run(
            SimulationInput(scene: ParameterValues(), parameters: ParameterValues(), gesture: nil, frameRate: 60))
    }

    static let window = Size(width: 200, height: 100)

    static func lottie(_ simulation: Simulation) throws -> [String: Any] {
        let bytes = LottieExport(simulation: simulation, window: window).bytes
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    static func keyframes(_ layer: [String: Any], _ property: String) throws -> [[Double]] {
        let ks = try #require(layer["ks"] as? [String: Any])
        let frames = try #require((ks[property] as? [String: Any])?["k"] as? [[String: Any]])
        return frames.compactMap { $0["s"] as? [Double] }
    }

    @Test func theLottieExportHasAnImageAssetAndLayerStretchedToTheBounds() throws {
        let simulation = try Self.simulation()
        #expect(simulation.layers.first?.image == Self.uri, "the document's image reaches the simulation")
        let lottie = try Self.lottie(simulation)
        if let directory = ProcessInfo.processInfo.environment["SEGUE_IMAGE_EXPORTS_DIR"] {
            let keyframes = WebKeyframes(simulation, window: Self.window)
            for (name, bytes) in [
                ("lottie.json", LottieExport(simulation: simulation, window: Self.window).bytes),
                ("css.html", CSSExport(keyframes: keyframes, title: "image layer").bytes),
                ("waapi.json", WAAPIExport(keyframes: keyframes).bytes),
                (
                    "filmstrip.svg",
                    FilmstripSVG(Preview(simulation: simulation, gesture: nil, window: Self.window)).bytes
                ),
                (
                    "lottie-rounded.json",
                    LottieExport(simulation: try Self.simulation(cornerRadius: 10), window: Self.window).bytes
                ),
            ] {
                try Data(bytes).write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
            }
        }
        let assets = try #require(lottie["assets"] as? [[String: Any]])
        #expect(assets.count == 1)
        let asset = try #require(assets.first)
        #expect(asset["w"] as? Double == 2 && asset["h"] as? Double == 2)
        #expect(asset["p"] as? String == Self.uri && asset["e"] as? Double == 1 && asset["u"] as? String == "")
        let layers = try #require(lottie["layers"] as? [[String: Any]])
        #expect(layers.count == 2, "the image over the rectangle")
        let image = try #require(layers.first)
        #expect(image["ty"] as? Double == 2 && image["refId"] as? String == asset["id"] as? String)
        #expect(layers.last?["ty"] as? Double == 4 && layers.last?["nm"] as? String == "photo")
        let anchor = (image["ks"] as? [String: Any])?["a"] as? [String: Any]
        #expect(anchor?["k"] as? [Double] == [1, 1], "the image's centre, in pixels")
        let positions = try Self.keyframes(image, "p")
        let scales = try Self.keyframes(image, "s")
        #expect(positions.count == simulation.frames.count && scales.count == simulation.frames.count)
        #expect(positions.first == [80, 40] && positions.last == [100, 50])
        #expect(scales.first == [4000, 2000] && scales.last == [2000, 1000])
        #expect(try Self.keyframes(image, "o").last == [100])
        #expect(image["hasMask"] == nil, "square corners cut nothing")
        let notes = try #require((lottie["segue"] as? [String: Any])?["notes"] as? [String])
        #expect(notes.isEmpty)
    }

    /// Rounded corners clip the image by a mask in its pixels: radius 10 pt of an 80×40 layer is
    /// 10 / 40 = 0.25 px across and 10 / 20 = 0.5 px down on the 2×2 image, so the mask's
    /// bounding box is the image's, 2×2 px.
    @Test func roundedCornersMaskTheImageInPixels() throws {
        let lottie = try Self.lottie(try Self.simulation(cornerRadius: 10))
        let image = try #require((lottie["layers"] as? [[String: Any]])?.first)
        let mask = try #require((image["masksProperties"] as? [[String: Any]])?.first)
        let first = try #require(((mask["pt"] as? [String: Any])?["k"] as? [[String: Any]])?.first)
        let shape = try #require((first["s"] as? [[String: Any]])?.first)
        let vertices = try #require(shape["v"] as? [[Double]])
        #expect(vertices.count == 24)
        let xs = vertices.map { $0[0] }
        let ys = vertices.map { $0[1] }
        for (value, expected) in [(xs.min(), 0.0), (xs.max(), 2), (ys.min(), 0), (ys.max(), 2)] {
            #expect(abs((value ?? .nan) - expected) < 1e-9)
        }
    }

    @Test func aURIThatIsNotAnImageIsLeftOutAndNoted() throws {
        let lottie = try Self.lottie(try Self.simulation(image: "data:text/html;base64,PHNjcmlwdD4="))
        #expect((lottie["assets"] as? [Any])?.isEmpty == true)
        #expect((lottie["layers"] as? [Any])?.count == 1)
        let notes = (lottie["segue"] as? [String: Any])?["notes"] as? [String]
        #expect(notes?.count == 1 && notes?.first?.hasPrefix("photo: its image is left out") == true)
        let css = String(
            decoding: CSSExport(
                keyframes: WebKeyframes(try Self.simulation(image: "data:x"), window: Self.window), title: "t"
            ).bytes, as: UTF8.self)
        #expect(!css.contains("background-image"))
    }

    @Test func theCSSPageDrawsTheImageAsTheLayersBackground() throws {
        let keyframes = WebKeyframes(try Self.simulation(), window: Self.window)
        let css = String(decoding: CSSExport(keyframes: keyframes, title: "t").bytes, as: UTF8.self)
        #expect(
            css.contains(
                "[data-segue-layer=\"photo\"] { left: 40px; top: 20px; width: 80px; height: 40px; "
                    + "background: rgba(0, 0, 255, 1); background-image: url(\"\(Self.uri)\"); "
                    + "background-size: 100% 100%; animation: "))
    }

    @Test func theWAAPIAnswerCarriesTheImage() throws {
        let bytes = WAAPIExport(keyframes: WebKeyframes(try Self.simulation(), window: Self.window)).bytes
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let layer = try #require((object["layers"] as? [[String: Any]])?.first)
        #expect(layer["image"] as? String == Self.uri)
        let plain = WAAPIExport(keyframes: WebKeyframes(try Self.simulation(image: nil), window: Self.window)).bytes
        let without = try #require(try JSONSerialization.jsonObject(with: Data(plain)) as? [String: Any])
        #expect((without["layers"] as? [[String: Any]])?.first?.keys.contains("image") == false)
    }

    /// Every drawn layer has its image in its rect, stretched; the first and last frames' rects
    /// are the ones worked out above. The URI is written once, however many frames draw it.
    @Test(arguments: ["filmstrip", "animated"])
    func thePreviewsDrawTheImageInTheLayersRect(kind: String) throws {
        let preview = Preview(simulation: try Self.simulation(), gesture: nil, window: Self.window)
        let bytes = kind == "filmstrip" ? FilmstripSVG(preview).bytes : AnimatedSVG(preview).bytes
        let root = try #require(PreviewXMLNode.parse(bytes))
        let groups = root.all("g", class: "layer")
        // The image once, as a symbol of its 2×2 pixels stretched to wherever it is used.
        let symbols = root.all { $0.name == "symbol" }
        #expect(symbols.count == 1)
        let symbol = try #require(symbols.first)
        #expect(symbol.attributes["viewBox"] == "0 0 2 2" && symbol.attributes["preserveAspectRatio"] == "none")
        #expect(symbol.children.map(\.name) == ["image"] && symbol.children.first?.attributes["href"] == Self.uri)
        #expect(root.all { $0.attributes["href"] == Self.uri }.count == 1)
        let images = root.all("use", class: "image")
        #expect(!images.isEmpty && images.count == groups.count)
        for image in images {
            #expect(image.attributes["href"] == "#" + (symbol.attributes["id"] ?? "none"))
        }
        let rects = images.map { image in
            ["x", "y", "width", "height"].map { Double(image.attributes[$0] ?? "") }
        }
        #expect(rects.first == [40, 20, 80, 40])
        #expect(rects.last == [80, 40, 40, 20])
    }
}
