#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TerminalUI

/// A pseudo-terminal pair for tests that need a real TTY: the code under test uses `replica`,
/// the test plays the user and the screen through `controller`.
final class PseudoTerminal {
    struct Failure: Error {}

    let controller: Int32
    let replica: Int32

    init() throws {
        #if os(Linux)
        // Glibc's Swift module leaves out posix_openpt and friends, and Swift cannot import the
        // _IOR/_IOW macros, so these are TIOCSPTLCK = _IOW('T', 0x31, int) and
        // TIOCGPTN = _IOR('T', 0x30, unsigned int) spelled out (asm-generic, x86-64 and arm64).
        let unlockRequest: UInt = 0x4004_5431, numberRequest: UInt = 0x8004_5430
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, unlockRequest, &unlock) == 0,
              ioctl(controller, numberRequest, &number) == 0 else { throw Failure() }
        let name = "/dev/pts/\(number)"
        #else
        controller = posix_openpt(O_RDWR | O_NOCTTY)
        guard controller >= 0, grantpt(controller) == 0, unlockpt(controller) == 0,
              let pointer = ptsname(controller) else { throw Failure() }
        let name = String(cString: pointer)
        #endif
        replica = open(name, O_RDWR | O_NOCTTY)
        guard replica >= 0 else { throw Failure() }
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(replica)
        close(controller)
    }

    func mode() throws -> termios {
        var mode = termios()
        guard tcgetattr(replica, &mode) == 0 else { throw Failure() }
        return mode
    }

    /// Types `text` as if on the keyboard.
    func type(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(controller, $0.baseAddress, $0.count) }
    }

    func setSize(_ size: TerminalSize) {
        var window = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &window)
    }

    /// Everything written to the screen so far and not yet read.
    func readScreen() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

func sameMode(_ a: termios, _ b: termios) -> Bool {
    withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
}
