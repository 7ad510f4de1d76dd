import SegueEngine

extension ResolvedTransition {
    /// A tap's `tracks`, each with its delay spelled out; `layers` only where the track names them
    /// (none means every layer).
    func write(_ tracks: [TapTrack], into writer: inout JSONWriter) {
        writer.key("tracks")
        writer.beginArray()
        for track in tracks {
            writer.beginObject()
            if let layers = track.layers {
                writer.key("layers")
                writer.beginArray()
                for id in layers { writer.string(id) }
                writer.endArray()
            }
            writer.key("properties")
            writer.beginArray()
            for property in track.properties { writer.string(property.rawValue) }
            writer.endArray()
            writer.key("curve")
            write(track.curve, into: &writer)
            writer.member("delay", track.delay)
            writer.endObject()
        }
        writer.endArray()
    }
}
