/// Two transition documents (docs/transitions.md) for tests, as request bodies: a tap and a pan.
/// Every number is chosen so that the frames can be worked out by hand.
public enum TransitionExamples {
    /// The layers and the first two poses both documents share: a black backdrop over the whole
    /// 390 × 844 window and a 390 × 390 photo at y = 200.
    static let layersAndPoses = #"""
        "window": {"width": 390, "height": 844},
        "layers": [{"id": "backdrop", "kind": "solid", "fill": "#000000"},
                   {"id": "photo", "kind": "image", "fill": "#8AA1B1"}],
        "poses": [
          {"name": "start", "layers": {
            "backdrop": {"frame": {"x": 0, "y": 0, "width": 390, "height": 844}},
            "photo": {"frame": {"x": 0, "y": 200, "width": 390, "height": 390}}}},
          {"name": "shrunk", "layers": {"backdrop": {"opacity": 0}, "photo": {"scale": 0.5, "cornerRadius": 24}}},
          {"name": "gone", "layers": {"backdrop": {"opacity": 0},
                                      "photo": {"translation": {"x": 0, "y": 700}, "scale": 0.5}}}]
        """#

    /// A tap from `start` to `shrunk`, linear over 0.1 s: at 60 Hz, frames at k/60 for k = 0…6,
    /// progress k/6, the backdrop's opacity 1 − k/6 and the photo's scale 1 − k/12.
    public static let tapDocument =
        "{" + layersAndPoses + #"""
            ,
            "interaction": {"type": "tap", "from": "start", "to": "shrunk",
                            "curve": {"type": "named", "name": "linear", "duration": 0.1}}}
            """#

    /// A pan down from the photo, scrubbing `start` → `shrunk` over 300 pt; released fast it goes
    /// to `gone`, else back to `start`, on a UIKit spring of 0.35 s (which ends at its duration).
    public static let panDocument =
        "{" + layersAndPoses + #"""
            ,
            "interaction": {"type": "pan", "startsIn": "photo", "direction": "down",
              "scrub": {"from": "start", "to": "shrunk", "axis": "y", "distance": 300},
              "follow": [{"layer": "photo"}],
              "release": [{"when": {"velocity": {"gt": 600}}, "to": "gone", "outcome": "finish"},
                          {"when": {"projected": {"gt": 0.5}, "rate": 0.99}, "to": "gone", "outcome": "finish"},
                          {"to": "start", "outcome": "cancel"}],
              "settle": {"curve": {"type": "spring", "duration": 0.35, "dampingRatio": 0.9}, "velocityHandoff": true}}}
            """#

    /// A drag down from (200, 400), 60 pt every 0.05 s (1200 pt/s, whichever two moves an
    /// estimator reads), lifted at 7/60 s (0.116667, within 1 µs of the 60 Hz grid) without moving.
    public static let fastDrag = #"""
        {"samples": [{"t": 0, "x": 200, "y": 400, "phase": "began"},
                     {"t": 0.05, "x": 200, "y": 460, "phase": "changed"},
                     {"t": 0.1, "x": 200, "y": 520, "phase": "changed"},
                     {"t": 0.116667, "x": 200, "y": 580, "phase": "ended"}]}
        """#

    /// `{"transition": document, "gesture": gesture, …}` and any further members (JSON text
    /// after a comma).
    public static func request(_ document: String, gesture: String? = nil, _ more: String = "") -> String {
        "{\"transition\": " + document + (gesture.map { ", \"gesture\": " + $0 } ?? "")
            + (more.isEmpty ? "" : ", " + more) + "}"
    }
}
