import Glibc

/// The process's resident memory, as the kernel counts it.
enum ProcessMemory {
    /// Resident set size in bytes: the second field of `/proc/self/statm`, in pages.
    /// Nil where there is no such file.
    static func residentBytes() -> Int? {
        guard let fields = KernelFile.firstLine("/proc/self/statm")?.split(separator: " ") else { return nil }
        guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}
