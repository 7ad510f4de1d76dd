import CLibFuzzer
import FoundationEssentials
import Glibc

/// `segue-fuzz`, in one of two builds and four modes.
///
/// - The decoder mode (the default) reads an input as an endpoint byte and a JSON body
///   (`RequestFuzzCase`), which reaches the parsers and validation above all.
/// - `--structured`, as the first argument, reads it as choices among the catalogue's presets,
///   parameters, scene fields and gestures (`StructuredFuzzCase`), so that nearly every input
///   is a valid-looking request and reaches a preset's simulation. The flag is taken out of
///   the command line before libFuzzer parses it.
/// - `--websocket` reads it as bytes a client sends on the drive socket (`WebSocketFuzzCase`):
///   RFC 6455 frames through `WebSocket.Reader`, and their text messages through a `DriveSession`.
/// - `--framing` reads it as the bytes of an HTTP connection, through the framing filter that
///   checks what libmicrohttpd reads (`FramingFuzzCase`).
///
/// - The fuzz build (`scripts/fuzz`: `-sanitize=fuzzer -DSEGUE_LIBFUZZER`) hands the
///   command line to libFuzzer's driver, which runs `fuzz` over generated inputs.
///   `main` is ours, not libFuzzer's, because SwiftPM links every executable with
///   `main` aliased to the target's Swift entry point; libFuzzer's own `main` then
///   stays out of the link and its driver is called through `LLVMFuzzerRunDriver`.
/// - A normal build has no libFuzzer: `segue-fuzz PATH...` puts each file (or every
///   file in each directory) through the same checks, so that a crash saved under
///   artifacts/fuzz/ replays in a debug build or a debugger. It prints one line per
///   input, with the status it was answered; a broken property traps with its message,
///   as under the fuzzer.
@main
enum SegueFuzzCommand {
    static func main() throws {
        let mode = CommandLine.arguments.dropFirst().first
        let structured = mode == "--structured"
        let websocket = mode == "--websocket"
        let framing = mode == "--framing"
        #if SEGUE_LIBFUZZER
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            if structured || websocket || framing {
                // Drop argv[1] in place: libFuzzer would take it for a corpus directory.
                for index in 1..<Int(argc) { CommandLine.unsafeArgv[index] = CommandLine.unsafeArgv[index + 1] }
                argc -= 1
            }
            if structured {
                exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzStructured))
            }
            if websocket {
                exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzWebSocket))
            }
            if framing {
                exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzFraming))
            }
            exit(LLVMFuzzerRunDriver(&argc, &argv, fuzz))
        #else
            let paths = CommandLine.arguments.dropFirst(structured || websocket || framing ? 2 : 1)
            if paths.isEmpty {
                print(
                    "usage: segue-fuzz [--structured|--websocket|--framing] PATH... (files or directories of fuzz inputs)"
                )
                return
            }
            for path in paths {
                for file in try inputFiles(at: path) {
                    let input = try [UInt8](Data(contentsOf: URL(filePath: file)))
                    let status =
                        websocket
                        ? WebSocketFuzzCase(input).check()
                        : framing
                            ? FramingFuzzCase(input).check()
                            : "\(structured ? fuzzOneStructured(input) : fuzzOne(input))"
                    print("ok \(file) (\(input.count) bytes): \(status)")
                }
            }
        #endif
    }

    /// The file itself, or the files directly inside a directory, sorted by name.
    static func inputFiles(at path: String) throws -> [String] {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory else {
            return [path]
        }
        return try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { path + "/" + $0 }
    }
}
