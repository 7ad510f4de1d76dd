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
            if let settled = tap.settled { pose(settled, at: "/interaction/settled") }
            found += trackProblems(tap)
        case .press(let press):
            pose(press.from, at: "/interaction/from")
            pose(press.to, at: "/interaction/to")
            if let settled = press.settled { pose(settled, at: "/interaction/settled") }
        case .pan(let pan):
            if case .layer(let id) = pan.startsIn { layer(id, at: "/interaction/startsIn") }
            switch pan.tracking {
            case .scrub(let scrub):
                pose(scrub.from, at: "/interaction/scrub/from")
                pose(scrub.to, at: "/interaction/scrub/to")
                if scrub.percentDriven != nil { found += percentDrivenProblems(pan, scrub) }
                found += boundProblems(scrub)
            case .detents(let detents):
                found += detentProblems(detents)
            }
            if pan.settle.alongScrub, pan.scrub == nil || pan.scrub?.percentDriven != nil {
                found.append(
                    DocumentProblem(
                        "/interaction/settle/alongScrub",
                        "Only a scrub's settle (not percent-driven) runs along it; remove alongScrub."))
            }
            if let idle = pan.idle { pose(idle, at: "/interaction/idle") }
            for (target, shown) in pan.settled.sorted(by: { $0.key < $1.key }) {
                pose(target, at: "/interaction/settled")
                pose(shown, at: "/interaction/settled/\(Self.escape(target))")
            }
            if let along = pan.settle.along { layer(along, at: "/interaction/settle/along") }
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
            if pan.settle.curve == nil, pan.scrub?.percentDriven == nil {
                let fallbacks: [String] =
                    switch pan.tracking {
                    case .scrub(let scrub): [scrub.from]
                    case .detents(let detents): detents.poses
                    }
                let targets = pan.release.map(\.to) + (unconditional == nil ? fallbacks : [])
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

    /// A percent-driven scrub's mistakes: UIKit's `finish()` plays the animation to its end and
    /// `cancel()` back to its start, so a guard may only finish to the scrub's `to` or cancel to
    /// its `from`; and it runs one stroke, so it cannot be interrupted.
    func percentDrivenProblems(_ pan: PanInteraction, _ scrub: Scrub) -> [DocumentProblem] {
        var found: [DocumentProblem] = []
        for (index, rule) in pan.release.enumerated() {
            let expected = rule.outcome == .finish ? scrub.to : scrub.from
            if rule.to != expected {
                found.append(
                    DocumentProblem(
                        "/interaction/release/\(index)/to",
                        "A percent-driven scrub's \(rule.outcome.rawValue) plays the animation to '\(expected)' "
                            + "(UIPercentDrivenInteractiveTransition's \(rule.outcome.rawValue)()), not to '\(rule.to)'."
                    ))
            }
        }
        if pan.interruptible {
            found.append(
                DocumentProblem(
                    "/interaction/interruptible",
                    "A percent-driven scrub plays one stroke to its end; it cannot be interrupted. Set false, or "
                        + "remove percentDriven."))
        }
        if !pan.follow.isEmpty {
            found.append(
                DocumentProblem(
                    "/interaction/follow",
                    "A percent-driven scrub moves the layers only along its animation; remove follow, or remove "
                        + "percentDriven."))
        }
        return found
    }

    /// The detents' mistakes: unknown names, fewer than two, a `from` that is not one of them,
    /// two at the same position of the tracked layer (no way to tell them apart).
    func detentProblems(_ detents: Detents) -> [DocumentProblem] {
        let base = "/interaction/detents"
        var found: [DocumentProblem] = []
        let layerIDs = layers.map(\.id)
        let poseNames = poses.map(\.name)
        if !layerIDs.contains(detents.layer) {
            found.append(
                DocumentProblem(
                    base + "/layer", "Unknown layer '\(detents.layer)'. \(Self.choices("layers", layerIDs))"))
        }
        if detents.poses.count < 2 {
            found.append(DocumentProblem(base + "/poses", "A pan between detents needs at least two poses to rest in."))
        }
        for (index, name) in detents.poses.enumerated() where !poseNames.contains(name) {
            found.append(
                DocumentProblem(base + "/poses/\(index)", "Unknown pose '\(name)'. \(Self.choices("poses", poseNames))")
            )
        }
        if !detents.poses.contains(detents.from) {
            found.append(
                DocumentProblem(
                    base + "/from",
                    "'\(detents.from)' is not one of the detents (\(detents.poses.joined(separator: ", ")))."))
        }
        guard found.isEmpty, let index = layerIDs.firstIndex(of: detents.layer) else { return found }
        var seen: [Double: String] = [:]
        for (position, name) in zip(detents.poses.indices, detents.poses) {
            guard let states = resolved(name) else { return found }
            let state = states[index]
            let frame = state.frame.presentationFrame(applying: state.transform(offset: .zero))
            let origin = detents.axis.of(frame.origin)
            if let other = seen[origin] {
                found.append(
                    DocumentProblem(
                        base + "/poses/\(position)",
                        "'\(name)' puts layer '\(detents.layer)' at \(Format.amount(origin)) pt along \(detents.axis.rawValue), "
                            + "as '\(other)' does; each detent must rest the layer somewhere else."))
            }
            seen[origin] = name
        }
        return found
    }

    /// A JSON Pointer reference token for `name` (RFC 6901: `~` as `~0`, `/` as `~1`).
    public static func escape(_ name: String) -> String {
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
