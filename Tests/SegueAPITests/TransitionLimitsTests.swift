import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// Each transition limit (a server flag) is a 422 at the list or the value past it, naming the flag;
/// at the limit the document runs.
@Suite struct TransitionLimitsTests {
    typealias V = TransitionValidationTests

    static func service(_ configure: (inout RequestLimits) -> Void) -> SegueService {
        var limits = RequestLimits()
        configure(&limits)
        return SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness(), limits: limits))
    }

    static func status(_ document: [String: Any], gesture: Bool = false, service: SegueService) throws -> Int {
        var body: [String: Any] = ["transition": document]
        if gesture { body["gesture"] = V.tree(TransitionExamples.fastDrag) }
        return service.simulate(Array(try JSONSerialization.data(withJSONObject: body))).status.code
    }

    /// The tap document with `count` layers: the two of the example and plain ones above them.
    static func layers(_ count: Int) -> [String: Any] {
        V.tap { document in
            for index in 2..<max(count, 2) {
                let id = "extra\(index)"
                V.set(["id": id], at: ["layers", index], in: &document)
                V.set(
                    ["frame": ["x": 0, "y": 0, "width": 10, "height": 10]], at: ["poses", 0, "layers", id],
                    in: &document)
            }
        }
    }

    @Test func layers() throws {
        // The default: 32 layers run, 33 do not.
        // The first pose gives each layer a frame, so its list is past the limit too.
        let pointers = ["/transition/layers", "/transition/poses/0/layers"]
        #expect(try Self.status(Self.layers(32), service: .standard) == 200)
        let found = try V.errors(["transition": Self.layers(33)])
        #expect(found.map(\.pointer) == pointers)
        #expect(found.allSatisfy { $0.detail.contains("33 layers here, more than the 32") })
        #expect(found.allSatisfy { $0.detail.contains("--max-transition-layers") })
        let four = Self.service { $0.maxTransitionLayers = 4 }
        #expect(try Self.status(Self.layers(4), service: four) == 200)
        #expect(try V.errors(["transition": Self.layers(5)], service: four).map(\.pointer) == pointers)
    }

    @Test func poses() throws {
        func poses(_ count: Int) -> [String: Any] {
            V.tap { document in
                for index in 3..<max(count, 3) {
                    V.set(["name": "pose\(index)"], at: ["poses", index], in: &document)
                }
            }
        }
        #expect(try Self.status(poses(16), service: .standard) == 200)
        try V.expectOne(poses(17), at: "/transition/poses", saying: "--max-transition-poses")
    }

    @Test func releaseGuards() throws {
        func guards(_ count: Int) -> [String: Any] {
            V.pan { document in
                let rule: [String: Any] = ["when": ["progress": ["gt": 2]], "to": "gone", "outcome": "finish"]
                V.set(Array(repeating: rule, count: count), at: ["interaction", "release"], in: &document)
            }
        }
        #expect(try Self.status(guards(16), gesture: true, service: .standard) == 200)
        try V.expectOne(
            guards(17), at: "/transition/interaction/release", saying: "--max-release-guards",
            extra: ["gesture": V.tree(TransitionExamples.fastDrag)])
    }

    @Test func conditionsNestAtMostFourDeep() throws {
        func nested(_ depth: Int) -> [String: Any] {
            var condition: [String: Any] = ["velocity": ["gt": 600]]
            for level in 0..<depth { condition = [level % 2 == 0 ? "all" : "any": [condition]] }
            return V.pan { V.set(condition, at: ["interaction", "release", 0, "when"], in: &$0) }
        }
        #expect(try Self.status(nested(4), gesture: true, service: .standard) == 200)
        // Five lists, `all` outermost (level 4 of the loop): the innermost, the fifth, is one too deep.
        try V.expectOne(
            nested(5), at: "/transition/interaction/release/0/when/all/0/any/0/all/0/any/0/all",
            saying: "at most 4", extra: ["gesture": V.tree(TransitionExamples.fastDrag)])
    }

    @Test func imageBytes() throws {
        // "iVBORw0KGgoAAAAA" decodes to 12 bytes: the PNG signature and four zeros.
        let image = "data:image/png;base64,iVBORw0KGgoAAAAA"
        let document = V.tap { V.set(image, at: ["layers", 1, "image"], in: &$0) }
        #expect(try Self.status(document, service: Self.service { $0.maxImageBytes = 12 }) == 200)
        try V.expectOne(
            document, at: "/transition/layers/1/image", saying: "12 bytes, more than the 11",
            service: Self.service { $0.maxImageBytes = 11 })
    }

    /// A picture of 1 MiB, the default cap, passes --max-string-bytes at its place only.
    @Test func aPictureAtTheCapFitsTheDefaultBody() throws {
        let bytes = [UInt8](repeating: 0, count: (1 << 20) - 8)
        let base64 = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bytes).base64EncodedString()
        let document = V.tap { V.set("data:image/png;base64," + base64, at: ["layers", 1, "image"], in: &$0) }
        #expect(try Self.status(document, service: .standard) == 200)
        // One byte more has a URI just as long (4·⌈n/3⌉ characters for n = 2^20 and 2^20 + 1), so
        // the scanner lets it through and its decoded size is refused.
        let oneMore = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bytes + [0]).base64EncodedString()
        #expect(oneMore.utf8.count == base64.utf8.count)
        let over = V.tap { V.set("data:image/png;base64," + oneMore, at: ["layers", 1, "image"], in: &$0) }
        try V.expectOne(over, at: "/transition/layers/1/image", saying: "1048577 bytes, more than the 1048576")
        // Three bytes more need four more characters: the scanner refuses the text itself.
        let longer = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bytes + [0, 0, 0]).base64EncodedString()
        let tooLong = V.tap { V.set("data:image/jpeg;base64," + longer, at: ["layers", 1, "image"], in: &$0) }
        try V.expectOne(tooLong, at: "/transition/layers/1/image", saying: "--max-image-bytes")
        // Elsewhere, a string that long is still refused by --max-string-bytes.
        let elsewhere = V.tap { V.set(String(repeating: "a", count: 2000), at: ["layers", 1, "fill"], in: &$0) }
        try V.expectOne(elsewhere, at: "/transition/layers/1/fill", saying: "--max-string-bytes")
    }
}
