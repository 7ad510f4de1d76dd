/// What the App Store presets require of a gesture.
enum AppStoreGesture {
    /// The gesture, which must be present.
    static func track(_ input: SimulationInput) throws(SimulationError) -> GestureTrack {
        guard let track = input.gesture else {
            throw SimulationError(
                pointer: "/gesture",
                "This preset is driven by a gesture: send {\"samples\": [...]} (GET /v1/presets/{id} has an example).")
        }
        return track
    }

    /// The gesture, which must be present and end (ended or cancelled).
    static func endingTrack(_ input: SimulationInput) throws(SimulationError) -> GestureTrack {
        let track = try track(input)
        guard track.release != nil else {
            throw SimulationError(
                pointer: "/gesture/samples",
                "The gesture never ends: its last sample must have phase 'ended' (or 'cancelled').")
        }
        return track
    }
}
