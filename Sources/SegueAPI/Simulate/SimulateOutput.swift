/// What `POST /v1/simulate` answers with: the frames as JSON, or a picture of them.
public enum SimulateOutput: String, Sendable, Hashable, CaseIterable {
    /// Every frame of every layer as JSON (`SimulateResponse`); the default.
    case json
    /// One SVG filmstrip: the window at chosen moments, a plot of progress and scale, the
    /// decision's explanation (`FilmstripSVG`).
    case svg
    /// One SVG that plays the transition at its real timing and loops (`AnimatedSVG`).
    case svgAnimated = "svg-animated"
    /// One self-contained HTML page that plays the transition with CSS animations (`CSSExport`).
    case css
    /// Per layer, the keyframes and timing for `Element.animate()`, as JSON (`WAAPIExport`).
    case waapi
    /// A Lottie (Bodymovin 5.x) animation, as JSON (`LottieExport`).
    case lottie

    /// The output for a request that names none: SVG when the `Accept` header lists
    /// `image/svg+xml` (without `q=0`), else JSON.
    public static func negotiated(accept: String?) -> SimulateOutput {
        guard let accept else { return .json }
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { String($0.filter { $0 != " " && $0 != "\t" }).lowercased() }
            guard parts.first == MediaType.svg else { continue }
            let refused = parts.dropFirst().contains {
                $0 == "q=0" || $0 == "q=0.0" || $0 == "q=0.00" || $0 == "q=0.000"
            }
            if !refused { return .svg }
        }
        return .json
    }
}
