#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real terminal: modes through `tcgetattr`/`tcsetattr` on `inputFD`, output to `outputFD`.
public final class TTYDevice: TerminalDevice {
    public let inputFD: Int32
    public let outputFD: Int32

    public init(inputFD: Int32 = STDIN_FILENO, outputFD: Int32 = STDOUT_FILENO) {
        self.inputFD = inputFD
        self.outputFD = outputFD
    }

    public func currentMode() throws -> termios {
        var mode = termios()
        guard tcgetattr(inputFD, &mode) == 0 else { throw SystemError("tcgetattr") }
        return mode
    }

    public func setMode(_ mode: termios) throws {
        var mode = mode
        while tcsetattr(inputFD, TCSADRAIN, &mode) != 0 {
            guard errno == EINTR else { throw SystemError("tcsetattr") }
        }
    }

    /// Like `cfmakeraw`, but output processing stays on, so a stray "\n" written by someone
    /// else still returns the carriage.
    public func rawMode(from mode: termios) -> termios {
        var raw = mode
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        return raw
    }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { writeAll(outputFD, UnsafeRawBufferPointer($0)) }
    }

    /// The window size of `fd` (TIOCGWINSZ), or nil when it is not a terminal.
    public static func size(of fd: Int32) -> TerminalSize? {
        var window = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return nil }
        return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
    }
}
