import Glibc

/// The first line of a small file the kernel writes (`/proc`, `/sys/fs/cgroup`), read without
/// Foundation: what the process learns about itself from the system.
enum KernelFile {
    /// The file's first line (at most 127 bytes, with its newline if it fits), or nil when the
    /// file cannot be opened or is empty.
    static func firstLine(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 128)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        return String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
