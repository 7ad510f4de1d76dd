import SegueMath

/// The `waapi` output: per layer, bottom to top, the keyframes and timing for `Element.animate()`,
/// as JSON, each with the `selector` of the element it animates (`[data-segue-layer="<id>"]`, which
/// a page puts on its own elements); a layer that re-lays out keyframes its box (`left`, `top`, `width`, `height`) too. A
/// layer with an image has `image`, its `data:` URI, for a page to draw over `color` stretched
/// to the layer's box (as `background-image` with `background-size: 100% 100%`); a layer
/// without one has no such member.
struct WAAPIExport {
    let keyframes: WebKeyframes

    var bytes: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.beginObject()
        writer.key("window")
        writer.size(keyframes.window)
        writer.member("duration", keyframes.duration * 1000)
        writer.key("layers")
        writer.beginArray()
        for layer in keyframes.layers {
            writer.beginObject()
            writer.member("id", layer.description.id)
            writer.member("selector", WebKeyframes.selector(layer.description.id))
            writer.member("role", layer.description.role)
            writer.key("frame")
            writer.rect(layer.description.frame)
            writer.member("color", layer.color)
            if let image = layer.image { writer.member("image", image) }
            writer.key("keyframes")
            writer.beginArray()
            for frame in layer.keyframes {
                writer.beginObject()
                writer.member("offset", frame.offset)
                if layer.relaidOut {
                    for (property, value) in zip(WebKeyframes.boxProperties, frame.box) {
                        writer.key(string: property)
                        writer.string(value)
                    }
                }
                writer.member("transform", frame.transform)
                writer.member("opacity", frame.opacity)
                writer.member("borderRadius", frame.borderRadius)
                writer.member("clipPath", frame.clipPath)
                writer.member("boxShadow", frame.boxShadow)
                writer.endObject()
            }
            writer.endArray()
            writer.key("timing")
            writer.beginObject()
            writer.member("duration", keyframes.duration * 1000)
            writer.member("easing", "linear")
            writer.member("fill", "both")
            writer.endObject()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
