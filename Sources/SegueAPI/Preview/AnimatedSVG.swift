/// The `svg-animated` output: one SVG that plays the transition at its real timing and
/// loops, as a SMIL flipbook. Every shown frame is a `<g class="frame">` hidden by default
/// whose `<animate attributeName="visibility" calcMode="discrete">` shows it from its time
/// to the next shown frame's; every animation has `dur` the simulation's duration (at
/// least one frame interval) and `repeatCount="indefinite"`.
///
/// At most `maximumFrameCount` frames are drawn: longer simulations are shown every
/// k-th frame (k the smallest stride that fits), the last frame always included.
public struct AnimatedSVG {
    public var preview: Preview

    /// The most frames drawn, to keep the document small (two seconds at 120 Hz).
    public static let maximumFrameCount = 240
    /// Width of the drawn window, SVG pixels.
    static let windowWidth = 320.0

    public init(_ preview: Preview) {
        self.preview = preview
    }

    /// The indices of the frames drawn, in time order.
    public var frameIndices: [Int] {
        let count = preview.simulation.frames.count
        guard count > 0 else { return [] }
        let stride = (count + Self.maximumFrameCount - 2) / (Self.maximumFrameCount - 1)
        var indices = Array(Swift.stride(from: 0, to: count, by: max(stride, 1)))
        if indices.last != count - 1 { indices.append(count - 1) }
        return indices
    }

    /// The loop's length, seconds: the simulation's duration, or one frame interval when
    /// that is zero.
    public var loopDuration: Double {
        let duration = preview.simulation.duration
        return duration > 0 ? duration : 1 / preview.simulation.frameRate
    }

    public var bytes: [UInt8] {
        let window = preview.window
        let scale = Self.windowWidth / window.width
        let width = Self.windowWidth + 32
        let legendHeight = preview.legendHeight(width: width - 32)
        let height = window.height * scale + 56 + legendHeight
        let indices = frameIndices
        let frames = preview.simulation.frames
        let duration = loopDuration
        let dur = SVGWriter.number(duration) + "s"

        var writer = SVGWriter(reservingCapacity: 8192 + indices.count * preview.simulation.layers.count * 900)
        writer.open(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "width": .number(width), "height": .number(height),
                "viewBox": .text("0 0 " + SVGWriter.numbers([width, height])),
                "data-preset": .text(preview.simulation.presetID), "data-duration": .number(duration),
            ])
        writer.text("title", [:], "\(preview.simulation.presetID): animated, \(dur) loop")
        preview.drawImageDefinitions(into: &writer)
        writer.element("rect", ["width": .number(width), "height": .number(height), "fill": "#ffffff"])
        writer.text(
            "text", ["x": 16, "y": 20, "font-family": "sans-serif", "font-size": 12, "fill": "#1c1c1e"],
            "\(preview.simulation.presetID) · \(dur), looping")
        writer.open("g", ["transform": .text("translate(16 32) scale(" + SVGWriter.number(scale) + ")")])
        for (position, index) in indices.enumerated() {
            let start = frames[index].time / duration
            let end = position + 1 < indices.count ? frames[indices[position + 1]].time / duration : 1
            var values = ["hidden", "visible", "hidden"]
            var keyTimes = [0, start, end]
            if end >= 1 {
                values.removeLast()
                keyTimes.removeLast()
            }
            if start <= 0 {
                values.removeFirst()
                keyTimes.removeFirst()
                keyTimes[0] = 0
            }
            writer.open(
                "g",
                [
                    "class": "frame", "data-index": .number(Double(index)), "data-time": .number(frames[index].time),
                    "visibility": "hidden",
                ])
            writer.element(
                "animate",
                [
                    "attributeName": "visibility", "calcMode": "discrete",
                    "values": .text(values.joined(separator: ";")),
                    "keyTimes": .text(SVGWriter.numbers(keyTimes, separator: ";")), "dur": .text(dur),
                    "repeatCount": "indefinite",
                ])
            preview.drawWindow(frameIndex: index, id: "a\(index)", into: &writer)
            writer.close("g")
        }
        writer.close("g")
        preview.drawLegend(left: 16, top: height - legendHeight - 8, width: width - 32, into: &writer)
        writer.close("svg")
        return writer.bytes
    }
}
