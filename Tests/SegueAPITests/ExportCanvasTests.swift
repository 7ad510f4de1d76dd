import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// Every picture and export is drawn on the scene's window, the `scene.window` the JSON answer
/// reports (the request's, or the preset's default): the Lottie composition (`w`, `h`, whole
/// pixels), the CSS page's container, the WAAPI `window` and the SVG filmstrip's window rect.
/// Not the layers' extent: the modal card's card is inset from the edges, the Paper presets'
/// next card lies beside the screen and the Twitter swipe's rows cover its top half.
@Suite struct ExportCanvasTests {
    static let examples = Fixtures.exampleRequests()

    func post(_ request: [String: Any], output: String? = nil) throws -> [UInt8] {
        var request = request
        if let output { request["output"] = output }
        let response = SegueService.standard.simulate(Array(try JSONSerialization.data(withJSONObject: request)))
        #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
        return response.body
    }

    /// The canvas of each output for `request`, as width and height.
    func canvases(_ request: [String: Any]) throws -> [String: [Double]] {
        let lottie = try #require(JSONTestValue.object(try post(request, output: "lottie")))
        let waapi = try #require(JSONTestValue.object(try post(request, output: "waapi"))?["window"] as? [String: Any])
        let page = String(decoding: try post(request, output: "css"), as: UTF8.self)
        let svg = try #require(PreviewXMLNode.parse(try post(request, output: "svg")))
        let windowRect = try #require(svg.all("rect", class: "window").first?.attributes)
        return [
            "lottie": [lottie["w"] as? Double ?? -1, lottie["h"] as? Double ?? -1],
            "waapi": [waapi["width"] as? Double ?? -1, waapi["height"] as? Double ?? -1],
            "css": Self.cssWindow(page),
            "svg": [Double(windowRect["width"] ?? "") ?? -1, Double(windowRect["height"] ?? "") ?? -1],
        ]
    }

    /// The `#window` rule's width and height, px.
    static func cssWindow(_ page: String) -> [Double] {
        guard let rule = page.split(separator: "\n").first(where: { $0.hasPrefix("#window {") }) else { return [] }
        func value(_ name: String) -> Double {
            guard let range = rule.range(of: " \(name): ") else { return -1 }
            return Double(rule[range.upperBound...].prefix { $0 != "p" }) ?? -1
        }
        return [value("width"), value("height")]
    }

    @Test(arguments: examples.map(\.name))
    func everyExportIsTheScenesWindow(name: String) throws {
        let body = try #require(Self.examples.first { $0.name == name }?.body)
        let request = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        let answer = try #require(JSONTestValue.object(try post(request)))
        let window = try #require((answer["scene"] as? [String: Any])?["window"] as? [String: Double])
        let size = [try #require(window["width"]), try #require(window["height"])]
        for (output, canvas) in try canvases(request) {
            #expect(canvas == size, "\(name): the \(output) canvas is \(canvas), the scene's window \(size)")
        }
    }

    /// A window other than the default (an iPhone Pro Max's, 430 × 932) is the canvas too.
    @Test func aRequestedWindowIsTheCanvas() throws {
        let body = try #require(Self.examples.first { $0.name == "yui.modalCard" }?.body)
        var request = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        request["scene"] = ["window": ["width": 430, "height": 932]]
        for (output, canvas) in try canvases(request) {
            #expect(canvas == [430, 932], "the \(output) canvas is \(canvas)")
        }
    }
}
