import Synchronization

/// The documents a `ParametricDocument` compiled last, by scene and parameters: a client that
/// sends the same scene and parameters again (a design tool replaying a gesture, the drive
/// socket's every message, the catalogue's defaults) skips the document's build and compile and
/// pays for its frames alone. A few entries, the latest first; the answer is the same with or
/// without them, so the service stays stateless.
final class CompiledDocuments: Sendable {
    /// A class, so that moving an entry to the front moves a reference, not the whole preset.
    final class Entry: Sendable {
        let scene: ParameterValues
        let parameters: ParameterValues
        let preset: DocumentPreset

        init(scene: ParameterValues, parameters: ParameterValues, preset: DocumentPreset) {
            self.scene = scene
            self.parameters = parameters
            self.preset = preset
        }
    }

    /// Enough for a handful of designers' scenes at once; each entry is a small document.
    static let capacity = 8
    private let entries = Mutex<[Entry]>([])

    /// The compiled document for `scene` and `parameters`, built by `compile` when not held.
    func preset(
        scene: ParameterValues, parameters: ParameterValues, compile: () -> DocumentPreset?
    ) -> DocumentPreset? {
        let held = entries.withLock { entries -> DocumentPreset? in
            guard let index = entries.firstIndex(where: { $0.scene == scene && $0.parameters == parameters }) else {
                return nil
            }
            let entry = entries.remove(at: index)
            entries.insert(entry, at: 0)
            return entry.preset
        }
        if let held { return held }
        guard let compiled = compile() else { return nil }
        entries.withLock { entries in
            entries.insert(Entry(scene: scene, parameters: parameters, preset: compiled), at: 0)
            if entries.count > Self.capacity { entries.removeLast() }
        }
        return compiled
    }
}
