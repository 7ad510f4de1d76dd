import CLibFuzzer
import FoundationEssentials
import Glibc

/// `segue-fuzz`, in one of two builds.
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
        #if SEGUE_LIBFUZZER
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, fuzz))
        #else
            let paths = CommandLine.arguments.dropFirst()
            if paths.isEmpty {
                print("usage: segue-fuzz PATH... (files or directories of fuzz inputs)")
                return
            }
            for path in paths {
                for file in try inputFiles(at: path) {
                    let input = try [UInt8](Data(contentsOf: URL(filePath: file)))
                    let status = fuzzOne(input)
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
