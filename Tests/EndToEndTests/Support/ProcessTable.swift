import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding the programs a test started in a terminal, by walking /proc (Linux).
enum ProcessTable {
    /// The process running `executable` started, at any depth, from `ancestor`.
    static func descendant(of ancestor: pid_t, running executable: URL) -> pid_t? {
        var parents: [pid_t: pid_t] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let afterName = stat.range(of: ") ", options: .backwards)
            else { continue }
            let fields = stat[afterName.upperBound...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        let target = executable.resolvingSymlinksInPath().path
        return parents.keys.first { pid in
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == target else { return false }
            var current = pid
            while let parent = parents[current], parent > 1 {
                if parent == ancestor { return true }
                current = parent
            }
            return false
        }
    }

    /// The processor time `pid` has used so far, user and system, in seconds.
    static func processorSeconds(of pid: pid_t) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.range(of: ") ", options: .backwards)
        else { return nil }
        // After the name come the fields from the third on: utime and stime are the 14th and 15th.
        let fields = stat[afterName.upperBound...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
