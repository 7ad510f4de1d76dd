/// What the App Store presets require of a gesture.
enum AppStoreGesture {
    /// The gesture, which must be present.
    static func track(_ input: SimulationInput) throws(SimulationError) -> GestureTrack {
        guard let track = input.gesture else {
            throw SimulationError.gestureRequired
        }
        return track
    }

    /// The gesture, which must be present and end (ended or cancelled).
    static func endingTrack(_ input: SimulationInput) throws(SimulationError) -> GestureTrack {
        let track = try track(input)
        guard track.release != nil else {
            throw SimulationError.gestureNeverEnds(otherwise: nil)
        }
        return track
    }
}
