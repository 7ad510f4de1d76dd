/// A mistake in a document that its fields' types and ranges alone do not show: a name that
/// names nothing, a first pose without a frame, a guard no release can reach. `pointer` is a
/// JSON Pointer into the document (the API puts it under `/transition`).
public struct DocumentProblem: Sendable, Hashable {
    public var pointer: String
    public var detail: String

    public init(_ pointer: String, _ detail: String) {
        self.pointer = pointer
        self.detail = detail
    }
}

extension TransitionDocument {
    /// Every cross-reference mistake, in document order. A document with none compiles
    /// (`DocumentPreset`).
    public var problems: [DocumentProblem] {
        var found: [DocumentProblem] = []
        let layerIDs = layers.map(\.id)
        let poseNames = poses.map(\.name)
        var seenLayers = Set<String>()
        for (index, layer) in layers.enumerated() where !seenLayers.insert(layer.id).inserted {
            found.append(
                DocumentProblem("/layers/\(index)/id", "Layer id '\(layer.id)' is used twice; ids must be unique."))
        }
        var seenPoses = Set<String>()
        for (index, pose) in poses.enumerated() {
            if !seenPoses.insert(pose.name).inserted {
                found.append(
                    DocumentProblem(
                        "/poses/\(index)/name", "Pose name '\(pose.name)' is used twice; names must be unique."))
            }
            for id in pose.layers.keys.sorted() where !layerIDs.contains(id) {
                found.append(
                    DocumentProblem(
                        "/poses/\(index)/layers/\(Self.escape(id))",
                        "Unknown layer '\(id)'. \(Self.choices("layers", layerIDs))"))
            }
        }
        if let first = poses.first {
            for layer in layers where first.layers[layer.id]?.frame == nil {
                found.append(
                    DocumentProblem(
                        "/poses/0/layers/\(Self.escape(layer.id))/frame",
                        "Required: the first pose gives every layer its frame {x, y, width, height}; "
                            + "later poses list only what changes."))
            }
        }
        func pose(_ name: String, at pointer: String) {
            if !poseNames.contains(name) {
                found.append(DocumentProblem(pointer, "Unknown pose '\(name)'. \(Self.choices("poses", poseNames))"))
            }
        }
        func layer(_ id: String, at pointer: String) {
            if !layerIDs.contains(id) {
                found.append(DocumentProblem(pointer, "Unknown layer '\(id)'. \(Self.choices("layers", layerIDs))"))
            }
        }
        switch interaction {
        case .tap(let tap):
            pose(tap.from, at: "/interaction/from")
            pose(tap.to, at: "/interaction/to")
        case .pan(let pan):
            if case .layer(let id) = pan.startsIn { layer(id, at: "/interaction/startsIn") }
            pose(pan.scrub.from, at: "/interaction/scrub/from")
            pose(pan.scrub.to, at: "/interaction/scrub/to")
            for (index, follow) in pan.follow.enumerated() {
                layer(follow.layer, at: "/interaction/follow/\(index)/layer")
            }
            var unconditional: Int?
            for (index, rule) in pan.release.enumerated() {
                pose(rule.to, at: "/interaction/release/\(index)/to")
                if let earlier = unconditional {
                    found.append(
                        DocumentProblem(
                            "/interaction/release/\(index)",
                            "No release reaches this guard: guard \(earlier) has no 'when', so it always holds. "
                                + "Move the guard without 'when' last."))
                } else if rule.when == nil {
                    unconditional = index
                }
            }
            for name in pan.settle.perTarget.keys.sorted() {
                pose(name, at: "/interaction/settle/curve/\(Self.escape(name))")
            }
            if pan.settle.curve == nil {
                let targets = pan.release.map(\.to) + (unconditional == nil ? [pan.scrub.from] : [])
                for target in Set(targets).sorted() where pan.settle.perTarget[target] == nil {
                    found.append(
                        DocumentProblem(
                            "/interaction/settle/curve",
                            "The pan may settle at '\(target)' but the settle has no curve for it; add \"\(target)\": {…}"
                                + (unconditional == nil
                                    ? " (with no guard holding, the pan settles at the scrub's 'from')." : ".")))
                }
            }
        }
        return found
    }

    /// A JSON Pointer token for `name` (RFC 6901: `~` as `~0`, `/` as `~1`).
    static func escape(_ name: String) -> String {
        var escaped = ""
        for character in name {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    static func choices(_ noun: String, _ names: [String]) -> String {
        names.isEmpty ? "The document has no \(noun)." : "The \(noun) are \(names.joined(separator: ", "))."
    }
}
