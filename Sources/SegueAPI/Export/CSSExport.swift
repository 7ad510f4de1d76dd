import SegueMath

/// The `css` output of `POST /v1/simulate`: one self-contained HTML page that plays the
/// transition with CSS animations when opened. A container the window's size holds one element
/// per layer (`data-segue-layer="<id>"`, bottom to top) at its frame, each with its own `@keyframes`
/// of transform, opacity, border radius, clip path and shadow at every frame, and of its box
/// (left, top, width, height) when it re-lays out. A layer's image is its element's
/// `background-image`, stretched to the box (`background-size: 100% 100%`) and so clipped by its
/// border radius and clip path as the layer is.
struct CSSExport {
    let keyframes: WebKeyframes
    let title: String

    var bytes: [UInt8] {
        var css = ""
        var body = ""
        let seconds = WebKeyframes.number(keyframes.duration)
        for (index, layer) in keyframes.layers.enumerated() {
            let name = "segue-layer-\(index)"
            css += "@keyframes \(name) {\n"
            for frame in layer.keyframes {
                let box =
                    layer.relaidOut
                    ? zip(WebKeyframes.boxProperties, frame.box).map { "\($0): \($1); " }.joined() : ""
                css +=
                    "  \(WebKeyframes.number(frame.offset * 100))% { \(box)transform: \(frame.transform); "
                    + "opacity: \(frame.opacity); border-radius: \(frame.borderRadius); "
                    + "clip-path: \(frame.clipPath); box-shadow: \(frame.boxShadow); }\n"
            }
            css += "}\n"
            let f = layer.description.frame
            css +=
                "\(WebKeyframes.selector(layer.description.id)) { left: \(WebKeyframes.number(f.x))px; "
                + "top: \(WebKeyframes.number(f.y))px; width: \(WebKeyframes.number(f.width))px; "
                + "height: \(WebKeyframes.number(f.height))px; background: \(layer.color); "
                + (layer.image.map { "background-image: url(\"\($0)\"); background-size: 100% 100%; " } ?? "")
                + "animation: \(name) \(seconds)s linear both; }\n"
            body +=
                "    <div class=\"layer\" \(WebKeyframes.layerAttribute)=\"\(Self.escape(layer.description.id))\" "
                + "title=\"\(Self.escape(layer.description.role))\"></div>\n"
        }
        let page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(Self.escape(title))</title>
            <style>
            body { margin: 0; background: #f2f2f7; }
            #window { position: relative; overflow: hidden; background: #ffffff; \
            width: \(WebKeyframes.number(keyframes.window.width))px; \
            height: \(WebKeyframes.number(keyframes.window.height))px; }
            .layer { position: absolute; transform-origin: 50% 50%; }
            \(css)</style>
            </head>
            <body>
              <div id="window" data-duration="\(seconds)">
            \(body)  </div>
            </body>
            </html>

            """
        return Array(page.utf8)
    }

    /// Text safe inside HTML and a CSS attribute selector.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\\": out += "\\\\"
            default: out.append(character)
            }
        }
        return out
    }
}
