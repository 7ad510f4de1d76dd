import Foundation
import SegueTestSupport

/// The built `segue` executable, started for real with `--port 0`: the test reads
/// the port from its one stdout line, talks to it over sockets and signals it.
final class SegueProcess {
    let process = Process()
    let port: Int
    private let stderrPipe = Pipe()

    /// Where the binary is: `$SEGUE_BINARY`, or the debug build beside this package.
    static var binaryURL: URL {
        if let path = ProcessInfo.processInfo.environment["SEGUE_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent(".build/debug/segue")
    }

    /// Runs the binary to completion and returns its exit status and outputs.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let process = Process()
        process.executableURL = binaryURL
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)
        )
    }

    /// Starts `segue` and waits (up to 20 s) for its `listening on http://HOST:PORT` line.
    init(arguments: [String] = ["--port", "0", "--host", "127.0.0.1"], environment: [String: String] = [:]) throws {
        process.executableURL = Self.binaryURL
        process.arguments = arguments
        process.environment = environment
        let stdoutPipe = Pipe()
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        try process.run()

        var line = [UInt8]()
        let reader = stdoutPipe.fileHandleForReading
        let deadline = Date().addingTimeInterval(20)
        while !line.contains(10), Date() < deadline {
            let data = reader.availableData
            if data.isEmpty { break }
            line += data
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        self.listeningLine = text
        guard text.hasPrefix("listening on http://"), let port = text.split(separator: ":").last.flatMap({ Int($0) })
        else {
            process.terminate()
            throw TestSocketError("segue did not print its listening line; got '\(text)'")
        }
        self.port = port
    }

    let listeningLine: String

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for the process to exit, up to `seconds`; nil if it is still running.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline {
            usleep(10_000)
        }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Everything the process wrote to stderr (its logs); call after it exited.
    var logs: String {
        String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
