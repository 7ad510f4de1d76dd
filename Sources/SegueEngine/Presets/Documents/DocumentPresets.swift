/// Transitions written only as documents, with no Swift of their own, in catalogue order: each
/// is a `TransitionDocument`, a catalogue entry and an example gesture.
enum DocumentPresets {
    static let all: [any Preset] = [
        DocumentPreset(SwipeBack.document, description: SwipeBack.description, example: SwipeBack.example),
        DocumentPreset(DetentSheet.document, description: DetentSheet.description, example: DetentSheet.example),
        DocumentPreset(PhotoDismiss.document, description: PhotoDismiss.description, example: PhotoDismiss.example),
    ].compactMap { $0 }
}
