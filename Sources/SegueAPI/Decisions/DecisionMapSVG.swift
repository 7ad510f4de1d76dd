import SegueEngine

/// The `svg` output of `POST /v1/decisions`: the map as a heatmap, velocity up and translation
/// right, with the boundary and the given release marked.
///
/// Structure: `<svg>` › `<g class="cells">` with one `<rect data-outcome>` per run of equal
/// cells in a row; `<polyline class="boundary">` per boundary line; `<circle class="release"
/// data-outcome>` for the given release; axis labels, and the release's summary as a caption.
struct DecisionMapSVG {
    var answer: DecisionsAnswer

    static let plotWidth = 480.0
    static let plotHeight = 360.0
    static let left = 72.0
    static let top = 60.0
    static let bottom = 72.0
    static let right = 24.0
    /// The caption's lines: at most this many characters (12 px type across the plot's width).
    static let captionCharacters = 78
    static let lineHeight = 16.0
    /// iOS's system green and red, as finish and cancel read in the playground.
    static let colours: [Decision.Outcome: String] = [.finish: "#34c759", .cancel: "#ff3b30"]

    var bytes: [UInt8] {
        let map = answer.map
        let width = Self.left + Self.plotWidth + Self.right
        let caption = answer.release.map { Self.lines($0.summary, width: Self.captionCharacters) } ?? []
        let height = Self.top + Self.plotHeight + Self.bottom + Double(caption.count) * Self.lineHeight
        var svg = SVGWriter(reservingCapacity: 8192 + map.velocity.steps * 256)
        svg.open(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "width": .number(width), "height": .number(height),
                "viewBox": .text("0 0 \(SVGWriter.number(width)) \(SVGWriter.number(height))"),
                "font-family": "-apple-system, Helvetica, Arial, sans-serif", "font-size": 12,
            ])
        svg.element("rect", ["width": .number(width), "height": .number(height), "fill": "#ffffff"])
        svg.text(
            "text", ["x": .number(Self.left), "y": 24, "font-size": 14, "font-weight": "600"],
            "\(answer.presetID): the release decides")
        for (index, outcome) in [Decision.Outcome.finish, .cancel].enumerated() {
            let x = Self.left + Double(index) * 75
            svg.element(
                "rect",
                [
                    "x": .number(x), "y": 32, "width": 12, "height": 12, "fill": .text(Self.colours[outcome] ?? ""),
                    "fill-opacity": 0.55,
                ])
            svg.text("text", ["x": .number(x + 16), "y": 43], outcome.rawValue)
        }
        cells(map, into: &svg)
        for line in map.boundary {
            let points = line.flatMap { [x($0.translation), y($0.velocity)] }
            svg.element(
                "polyline",
                [
                    "class": "boundary", "points": .text(SVGWriter.numbers(points)), "fill": "none",
                    "stroke": "#1c1c1e", "stroke-width": 2,
                ])
        }
        axes(map, into: &svg)
        if let release = answer.release {
            let outcome = release.decision.outcome
            svg.element(
                "circle",
                [
                    "class": "release", "data-outcome": .text(outcome.rawValue),
                    "cx": .number(x(release.point.translation)), "cy": .number(y(release.point.velocity)), "r": 6,
                    "fill": .text(Self.colours[outcome] ?? "#000000"), "stroke": "#ffffff", "stroke-width": 2,
                ])
            for (index, line) in caption.enumerated() {
                let y = Self.top + Self.plotHeight + Self.bottom + Double(index) * Self.lineHeight
                svg.text("text", ["class": "caption", "x": .number(Self.left), "y": .number(y)], line)
            }
        }
        svg.close("svg")
        return svg.bytes
    }

    /// Each row's runs of equal outcome as one rectangle each.
    private func cells(_ map: DecisionMap, into svg: inout SVGWriter) {
        let cellWidth = Self.plotWidth / Double(map.translation.steps)
        let cellHeight = Self.plotHeight / Double(map.velocity.steps)
        svg.open("g", ["class": "cells", "fill-opacity": 0.55, "shape-rendering": "crispEdges"])
        for (row, outcomes) in map.outcomes.enumerated() {
            var start = 0
            while start < outcomes.count {
                var end = start + 1
                while end < outcomes.count && outcomes[end] == outcomes[start] { end += 1 }
                svg.element(
                    "rect",
                    [
                        "data-outcome": .text(outcomes[start].rawValue),
                        "x": .number(Self.left + Double(start) * cellWidth),
                        "y": .number(Self.top + Self.plotHeight - Double(row + 1) * cellHeight),
                        "width": .number(Double(end - start) * cellWidth), "height": .number(cellHeight),
                        "fill": .text(Self.colours[outcomes[start]] ?? "#000000"),
                    ])
                start = end
            }
        }
        svg.close("g")
    }

    /// The frame, the spans' ends, the zero lines where they fall inside, and the axis names.
    private func axes(_ map: DecisionMap, into svg: inout SVGWriter) {
        svg.element(
            "rect",
            [
                "x": .number(Self.left), "y": .number(Self.top), "width": .number(Self.plotWidth),
                "height": .number(Self.plotHeight), "fill": "none", "stroke": "#8e8e93",
            ])
        let base = Self.top + Self.plotHeight
        if map.velocity.min < 0 && map.velocity.max > 0 {
            svg.element(
                "line",
                [
                    "x1": .number(Self.left), "x2": .number(Self.left + Self.plotWidth), "y1": .number(y(0)),
                    "y2": .number(y(0)), "stroke": "#8e8e93", "stroke-dasharray": "4 4",
                ])
        }
        let amount = Format.amount
        svg.text("text", ["x": .number(Self.left), "y": .number(base + 16)], amount(map.translation.min))
        svg.text(
            "text", ["x": .number(Self.left + Self.plotWidth), "y": .number(base + 16), "text-anchor": "end"],
            amount(map.translation.max))
        svg.text(
            "text", ["x": .number(Self.left + Self.plotWidth / 2), "y": .number(base + 36), "text-anchor": "middle"],
            "release translation along (\(amount(answer.axis.x)), \(amount(answer.axis.y))), pt")
        svg.text(
            "text", ["x": .number(Self.left - 6), "y": .number(base), "text-anchor": "end"],
            amount(map.velocity.min))
        svg.text(
            "text", ["x": .number(Self.left - 6), "y": .number(Self.top + 10), "text-anchor": "end"],
            amount(map.velocity.max))
        svg.text(
            "text",
            [
                "x": 16, "y": .number(Self.top + Self.plotHeight / 2), "text-anchor": "middle",
                "transform": .text("rotate(-90 16 \(SVGWriter.number(Self.top + Self.plotHeight / 2)))"),
            ],
            "release velocity, pt/s")
    }

    /// Words of `text` in lines of at most `width` characters (a longer word gets a line of its own).
    static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    private func x(_ translation: Double) -> Double {
        let span = answer.map.translation
        return Self.left + (translation - span.min) / (span.max - span.min) * Self.plotWidth
    }

    private func y(_ velocity: Double) -> Double {
        let span = answer.map.velocity
        return Self.top + Self.plotHeight - (velocity - span.min) / (span.max - span.min) * Self.plotHeight
    }
}
