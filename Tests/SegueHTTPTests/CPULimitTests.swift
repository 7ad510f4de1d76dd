import Glibc
import Testing

@testable import SegueHTTP

/// The cgroup CPU caps, read from file contents written here as the kernel writes them.
@Suite struct CPULimitTests {
    @Test(
        arguments: [
            ("max 100000\n", nil), ("200000 100000\n", 2), ("150000 100000\n", 2), ("50000 100000\n", 1),
            ("100000 100000", 1), ("6400000 100000\n", 64), ("", nil), ("garbage\n", nil), ("0 100000\n", nil),
        ] as [(String, Int?)])
    func cgroupV2(text: String, cpus: Int?) {
        #expect(CPULimit.cpus(cgroupV2: text) == cpus)
    }

    @Test(
        arguments: [
            ("-1\n", "100000\n", nil), ("200000\n", "100000\n", 2), ("25000\n", "50000\n", 1),
            ("300001\n", "100000\n", 4),
            ("x\n", "100000\n", nil),
        ] as [(String, String, Int?)])
    func cgroupV1(quota: String, period: String, cpus: Int?) {
        #expect(CPULimit.cpus(cgroupV1Quota: quota, period: period) == cpus)
    }

    /// On any machine: at least one, at most the online cores.
    @Test func availableIsBetweenOneAndTheCores() {
        #expect(CPULimit.available >= 1)
        #expect(CPULimit.available <= sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
