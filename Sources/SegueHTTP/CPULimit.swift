import Glibc

/// How many CPUs this process may use: the online cores, or fewer when its cgroup caps its CPU
/// time, as a container's CPU limit does (Kubernetes `resources.limits.cpu`, `docker --cpus`).
///
/// Why: the work gate runs one computation per core by default, and a pod limited to 2 CPUs on a
/// 64-core node would otherwise admit 64 at once, each then throttled by the quota, so every
/// answer waits on all the others instead of queueing. cgroup v2 states the cap in `cpu.max`
/// ("quota period" in microseconds, or "max period" for none); cgroup v1 in `cpu.cfs_quota_us`
/// (−1 for none) over `cpu.cfs_period_us`. A fraction of a CPU counts as a whole one.
public enum CPULimit {
    /// The cgroup v2 file, as a container sees its own cgroup.
    static let cgroupV2Path = "/sys/fs/cgroup/cpu.max"
    /// The cgroup v1 files.
    static let cgroupV1QuotaPath = "/sys/fs/cgroup/cpu/cpu.cfs_quota_us"
    static let cgroupV1PeriodPath = "/sys/fs/cgroup/cpu/cpu.cfs_period_us"

    /// The CPUs available: the online cores, capped by the cgroup's quota when there is one.
    public static var available: Int {
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let quota =
            KernelFile.firstLine(cgroupV2Path).flatMap(cpus(cgroupV2:))
            ?? KernelFile.firstLine(cgroupV1QuotaPath).flatMap { quota in
                KernelFile.firstLine(cgroupV1PeriodPath).flatMap { cpus(cgroupV1Quota: quota, period: $0) }
            }
        return min(cores, quota ?? cores)
    }

    /// The CPUs a cgroup v2 `cpu.max` allows ("200000 100000" is 2), or nil for no cap ("max …")
    /// or text that does not parse.
    public static func cpus(cgroupV2 text: String) -> Int? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]) else { return nil }
        return cpus(quota: quota, period: period)
    }

    /// The CPUs a cgroup v1 quota and period allow, or nil for no cap (a quota of −1).
    public static func cpus(cgroupV1Quota quota: String, period: String) -> Int? {
        guard let quota = Int(quota.filter { $0 != "\n" }), let period = Int(period.filter { $0 != "\n" }) else {
            return nil
        }
        return cpus(quota: quota, period: period)
    }

    /// ⌈quota / period⌉, at least 1; nil when either is not positive (no cap). Written without
    /// `quota + period`, which a quota near `Int.max` in a malformed file would overflow.
    static func cpus(quota: Int, period: Int) -> Int? {
        guard quota > 0, period > 0 else { return nil }
        return max(1, quota / period + (quota % period == 0 ? 0 : 1))
    }
}
