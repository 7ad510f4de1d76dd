import Glibc

/// Files the tests share: the example requests in scripts/examples and the golden
/// responses in Tests/Fixtures, found from this file's place in the repository.
public enum Fixtures {
    /// The repository's root directory.
    public static let root: String = {
        var path = #filePath
        for _ in 0..<3 {  // …/Tests/SegueTestSupport/Fixtures.swift → …
            if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
        }
        return path
    }()

    /// The example requests, by preset id (the file name without `.json`), sorted.
    public static func exampleRequests() -> [(name: String, body: [UInt8])] {
        let directory = root + "/scripts/examples"
        return listFiles(in: directory).filter { $0.hasSuffix(".json") }.compactMap { file in
            read(directory + "/" + file).map { (String(file.dropLast(5)), $0) }
        }.sorted { $0.name < $1.name }
    }

    /// Where the golden response for `name` lives.
    public static func goldenPath(_ name: String) -> String {
        root + "/Tests/Fixtures/simulate/\(name).response.json"
    }

    /// Recording is asked for with SEGUE_RECORD_GOLDENS=1; a recording run fails on purpose.
    public static var isRecording: Bool { getenv("SEGUE_RECORD_GOLDENS").map { String(cString: $0) } == "1" }

    public static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[..<count])
        }
        return bytes
    }

    public static func write(_ bytes: [UInt8], to path: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        defer { fclose(file) }
        return fwrite(bytes, 1, bytes.count, file) == bytes.count
    }

    static func listFiles(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
