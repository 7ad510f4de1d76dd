// segue-bench: micro-benchmarks of the motion math and of POST /v1/curves handled
// in-process. Reports figures; asserts nothing. Run in release:
//   swift run -c release segue-bench
// `segue-bench --profile N` only handles the canonical simulate request N times, for
// `valgrind --tool=callgrind`, whose instruction counts repeat where timings do not.
import Glibc
import SegueAPI
import SegueEngine
import SegueMath

/// Runs `body` `iterations` times per round, 5 rounds, and returns the best
/// nanoseconds per iteration (the least disturbed round on a shared machine).
func measure(iterations: Int, _ body: (Int) -> Double) -> (nanoseconds: Double, sink: Double) {
    var best = Double.infinity
    var sink = 0.0
    for _ in 0..<5 {
        let start = ContinuousClock.now
        for index in 0..<iterations {
            sink += body(index)
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        best = min(best, seconds * 1e9 / Double(iterations))
    }
    return (best, sink)
}

func row(_ name: String, _ result: (nanoseconds: Double, sink: Double), unit: String = "ns") {
    let value = unit == "µs" ? result.nanoseconds / 1000 : result.nanoseconds
    let text = String(Int((value * 10).rounded()))  // one decimal without Foundation formatting
    let formatted = String(text.dropLast()) + "." + String(text.suffix(1))
    print("| \(name) | \(formatted.hasPrefix(".") ? "0" + formatted : formatted) \(unit) |")
    if result.sink.isNaN { print("(sink \(result.sink))") }  // keeps the work observable
}

let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))
// POST /v1/simulate of the canonical interactive pop: scripts/examples/instagram.pop.interactive.json,
// the body scripts/bench posts over HTTP (run from the package's folder), else the same gesture
// written here from the preset's example. In-process: parse + validate + simulate + encode, then
// each stage alone.
let catalogue = PresetCatalogue.builtIn
let interactive = catalogue.preset(id: "instagram.pop.interactive")
let samplesJSON = (interactive?.exampleGesture ?? []).map { sample in
    #"{"t":\#(sample.time),"x":\#(sample.location.x),"y":\#(sample.location.y),"phase":"\#(sample.phase.rawValue)"}"#
}.joined(separator: ",")
let simulateBody =
    contents(of: "scripts/examples/instagram.pop.interactive.json")
    ?? Array(#"{"preset":"instagram.pop.interactive","gesture":{"samples":[\#(samplesJSON)]}}"#.utf8)

/// The bytes of the file at `path`, or nil when it cannot be read.
func contents(of path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[..<count]
    }
    return bytes.isEmpty ? nil : bytes
}
let simulateRequest = HTTPRequest(
    method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"], body: simulateBody)

if let flag = CommandLine.arguments.firstIndex(of: "--profile") {
    let count = max(1, CommandLine.arguments.dropFirst(flag + 1).first.flatMap { Int($0) } ?? 100)
    var bytes = 0
    for _ in 0..<count { bytes += service.respond(to: simulateRequest).body.count }
    print("handled the canonical simulate \(count) times, \(bytes) bytes")
    exit(0)
}

/// The engine's simulate of catalogue preset `preset` at its defaults, with its example gesture
/// (none for a tap) at 60 Hz.
func defaultInput(_ preset: any Preset) -> SimulationInput {
    SimulationInput(
        scene: ParameterValues(specs: preset.sceneFields, given: [:]),
        parameters: ParameterValues(specs: preset.parameters, given: [:]),
        gesture: preset.exampleGesture.flatMap { try? GestureTrack(samples: $0) }, frameRate: 60)
}

// `segue-bench --profile-preset ID N`: only the engine's simulate of one preset, N times, for
// callgrind: the instructions a preset costs, compared across commits (a preset before and after
// it became a document) where timings on a shared machine would not compare.
if let flag = CommandLine.arguments.firstIndex(of: "--profile-preset"),
    let id = CommandLine.arguments.dropFirst(flag + 1).first, let preset = PresetCatalogue.builtIn.preset(id: id)
{
    let count = max(1, CommandLine.arguments.dropFirst(flag + 2).first.flatMap { Int($0) } ?? 100)
    let input = defaultInput(preset)
    var frames = 0
    for _ in 0..<count { frames += (try? preset.run(input))?.frames.count ?? 0 }
    print("simulated \(id) \(count) times, \(frames) frames")
    exit(0)
}

// `segue-bench --profile-drive N [ID]`: one live drive session fed N one-sample messages
// (`LiveDriveBench`), for callgrind: a sample's cost at the Nth sample is (I(N + K) − I(N)) / K,
// which says whether a session costs more the longer it runs.
if let flag = CommandLine.arguments.firstIndex(of: "--profile-drive") {
    let count = max(1, CommandLine.arguments.dropFirst(flag + 1).first.flatMap { Int($0) } ?? 1000)
    let preset = CommandLine.arguments.dropFirst(flag + 2).first ?? "instagram.pop.interactive"
    var bench = LiveDriveBench(capacity: count, preset: preset)
    bench.send(count)
    print("drove \(bench.sent) samples, \(bench.frames) frames")
    exit(0)
}

// `segue-bench --drive-cost [ID]`: CPU per sample of one live drive session of preset ID (every
// gesture-driven preset unless told) at its 1,000th and its 10,000th sample (the 500 samples
// ending there), in one run, and their ratio: whether a session costs the same at every length.
if let flag = CommandLine.arguments.firstIndex(of: "--drive-cost") {
    let asked = CommandLine.arguments.dropFirst(flag + 1).first { !$0.hasPrefix("-") }
    let presets =
        asked.map { [$0] }
        ?? PresetCatalogue.builtIn.presets.filter(\.interactive).map(\.description.id)
    print("| live drive, CPU per sample | at the 1,000th sample | at the 10,000th | ratio |")
    print("| --- | --- | --- | --- |")
    // Format.amount, the project's one number format, writes a ratio of a zero time as ∞ rather
    // than trapping on its conversion to an Int.
    func rounded(_ value: Double, places: Double) -> String { Format.amount((value * places).rounded() / places) }
    for preset in presets {
        let early = LiveDriveBench.cpuPerSample(at: 1_000, window: 500, preset: preset)
        let late = LiveDriveBench.cpuPerSample(at: 10_000, window: 500, preset: preset)
        print(
            "| \(preset), a sample a message | \(rounded(early, places: 10)) µs | \(rounded(late, places: 10)) µs | "
                + "\(rounded(late / early, places: 100)) |")
    }
    exit(0)
}

// `segue-bench --presets`: every catalogue preset's engine simulate at its defaults, per frame
// and layer, and whether it is a transition document: a preset written as a document beside
// those still code, in one run.
if CommandLine.arguments.contains("--presets") {
    print("| preset | kind | frames × layers | per frame and layer |")
    print("| --- | --- | --- | --- |")
    for preset in PresetCatalogue.builtIn.presets {
        let input = defaultInput(preset)
        guard let simulation = try? preset.run(input) else { continue }
        let cells = max(simulation.frames.count * simulation.layers.count, 1)
        let result = measure(iterations: max(20, 200_000 / cells)) { _ in
            Double((try? preset.run(input))?.frames.count ?? 0)
        }
        let kind = preset.transitionDocument != nil ? "document" : "code"
        row(
            "\(preset.description.id) | \(kind) | \(simulation.frames.count) × \(simulation.layers.count)",
            (result.nanoseconds / Double(cells), result.sink))
    }
    exit(0)
}

let underdamped = Spring.uikit(duration: 0.5, dampingRatio: 0.7) ?? Spring.systemDefault
let overdamped = Spring(duration: 0.5, bounce: -0.5) ?? Spring.systemDefault
let curve = CubicBezier.easeInEaseOut

print("| measurement | best of 5 rounds |")
print("| --- | --- |")
row(
    "spring progress, under-damped (value + velocity)",
    measure(iterations: 2_000_000) { i in
        underdamped.progress(at: Double(i & 1023) / 1024).value
    })
row(
    "spring progress, critically damped (system spring)",
    measure(iterations: 2_000_000) { i in
        Spring.systemDefault.progress(at: Double(i & 1023) / 1024).value
    })
row(
    "spring progress, over-damped",
    measure(iterations: 2_000_000) { i in
        overdamped.progress(at: Double(i & 1023) / 1024).value
    })
row(
    "cubic Bézier value (easeInOut)",
    measure(iterations: 2_000_000) { i in
        curve.value(at: Double(i & 1023) / 1024)
    })
row(
    "UIKit duration + damping → spring (12 Newton steps)",
    measure(iterations: 200_000) { i in
        Spring.uikit(duration: 0.3 + Double(i & 255) / 256, dampingRatio: 0.7)?.stiffness ?? 0
    })

let body = Array(#"{"curve":{"type":"spring","duration":1,"dampingRatio":0.8},"frameRate":59,"to":390}"#.utf8)
let request = HTTPRequest(method: .post, path: "/v1/curves", headers: ["Content-Type": "application/json"], body: body)
let probe = service.respond(to: request)
let samples = String(decoding: probe.body, as: UTF8.self).split(separator: "\"time\"").count - 1
row(
    "POST /v1/curves in-process, \(samples) samples (\(probe.body.count) bytes)",
    measure(iterations: 5_000) { _ in
        Double(service.respond(to: request).body.count)
    }, unit: "µs")

let simulateProbe = service.respond(to: simulateRequest)
let parsed = try? SimulateRequest.parse(
    JSONBody.value(from: simulateRequest), catalogue: catalogue)
let frames = (try? parsed?.run())?.frames.count ?? 0
let whole = measure(iterations: 2_000) { _ in Double(service.respond(to: simulateRequest).body.count) }
row(
    "POST /v1/simulate in-process, interactive pop (\(frames) frames × 4 layers, \(simulateProbe.body.count) bytes)",
    whole, unit: "µs")
let parse = measure(iterations: 2_000) { _ in
    guard case .object(let members)? = try? JSONBody.value(from: simulateRequest) else { return 0 }
    return Double(members.count)
}
row("  of which parsing the body into a JSON tree (\(simulateBody.count) bytes)", parse, unit: "µs")
if let tree = try? JSONBody.value(from: simulateRequest) {
    let validate = measure(iterations: 2_000) { _ in
        Double((try? SimulateRequest.parse(tree, catalogue: catalogue))?.input.frameRate ?? 0)
    }
    row("  of which validating the tree into a request", validate, unit: "µs")
}
if let parsed {
    let engine = measure(iterations: 2_000) { _ in Double((try? parsed.run())?.frames.count ?? 0) }
    row("  of which the engine's simulate", engine, unit: "µs")
    if let result = try? parsed.run() {
        let encode = measure(iterations: 2_000) { _ in Double((try? SimulateResponse(result).encoded())?.count ?? 0) }
        row("  of which encoding the frames", encode, unit: "µs")
    }
}
// The same request in the compact encoding, and gzip-coded (level 1, as served): the difference
// from the whole request above is what each costs per answer.
let compactBody = Array(#"{"encoding":"compact","#.utf8) + simulateBody.drop { $0 != UInt8(ascii: "{") }.dropFirst()
let compactRequest = HTTPRequest(
    method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"], body: compactBody)
let compactBytes = service.respond(to: compactRequest).body.count
row(
    "POST /v1/simulate in-process, \"encoding\": \"compact\" (\(compactBytes) bytes)",
    measure(iterations: 2_000) { _ in Double(service.respond(to: compactRequest).body.count) }, unit: "µs")
let gzipRequest = HTTPRequest(
    method: .post, path: "/v1/simulate",
    headers: ["Content-Type": "application/json", "Accept-Encoding": "gzip"], body: simulateBody)
let gzipBytes = service.respond(to: gzipRequest).body.count
row(
    "POST /v1/simulate in-process, Accept-Encoding: gzip (\(gzipBytes) bytes)",
    measure(iterations: 1_000) { _ in Double(service.respond(to: gzipRequest).body.count) }, unit: "µs")
// A transition written only as a document (photo.dragToDismiss: a pan with scrub, follow, three
// guards and per-target settles) beside the Swift preset it is most like (the interactive pop
// above): the engine's simulate, per frame and layer, in one run.
if let document = catalogue.preset(id: "photo.dragToDismiss"), let preset = parsed?.preset,
    let example = document.exampleGesture, let track = try? GestureTrack(samples: example),
    let gesture = parsed?.input.gesture
{
    func input(_ gesture: GestureTrack) -> SimulationInput {
        SimulationInput(
            scene: ParameterValues(specs: preset.sceneFields, given: [:]),
            parameters: ParameterValues(specs: preset.parameters, given: [:]), gesture: gesture, frameRate: 60)
    }
    let documentInput = SimulationInput(
        scene: ParameterValues(), parameters: ParameterValues(), gesture: track, frameRate: 60)
    let documentCells = ((try? document.run(documentInput))?.frames.count ?? 0) * 2
    let presetInput = parsed?.input ?? input(gesture)
    let presetCells = ((try? preset.run(presetInput))?.frames.count ?? 0) * 4
    let documentRun = measure(iterations: 2_000) { _ in Double((try? document.run(documentInput))?.frames.count ?? 0) }
    let presetRun = measure(iterations: 2_000) { _ in Double((try? preset.run(presetInput))?.frames.count ?? 0) }
    row(
        "engine simulate, photo.dragToDismiss (a document, \(documentCells / 2) frames × 2 layers)", documentRun,
        unit: "µs")
    row(
        "  per frame and layer, the document",
        (documentRun.nanoseconds / Double(max(documentCells, 1)), documentRun.sink))
    row(
        "  per frame and layer, the Swift interactive pop (\(presetCells / 4) frames × 4 layers)",
        (presetRun.nanoseconds / Double(max(presetCells, 1)), presetRun.sink))
}
let framesPerSecond = Double(frames) / (whole.nanoseconds * 1e-9)
print("| simulate + encode, frames per second on one core | \(Int(framesPerSecond.rounded())) |")

// POST /v1/decisions: a 64 × 64 map of the canonical interactive pop (each cell a simulation), with
// a release to measure margins for; and the map alone, per cell.
let mapBody = Array(
    #"{"preset":"instagram.pop.interactive","translation":{"steps":64},"velocity":{"steps":64},"release":{"translation":117,"velocity":585}}"#
        .utf8)
let mapRequest = HTTPRequest(
    method: .post, path: "/v1/decisions", headers: ["Content-Type": "application/json"], body: mapBody)
let mapProbe = service.respond(to: mapRequest)
let mapProbes =
    String(decoding: mapProbe.body, as: UTF8.self).split(separator: "\"probes\":").dropFirst().first
    .map { $0.prefix { $0.isNumber } } ?? "?"
row(
    "POST /v1/decisions in-process, 64 × 64 map of the interactive pop with a release (\(mapProbes) simulations, "
        + "\(mapProbe.body.count) bytes)",
    measure(iterations: 10) { _ in Double(service.respond(to: mapRequest).body.count) }, unit: "µs")
