#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call, with the name of the call and `errno`.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    public var call: String
    public var code: Int32

    public init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}

/// Writes all of `bytes` to `fd`, retrying partial writes and interruptions.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
        let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 {
            offset += written
        } else if written < 0, errno == EINTR || errno == EAGAIN {
            continue
        } else {
            return
        }
    }
}

/// A `sigaction` that runs `handler` (`SIG_DFL`: the default action), with no other signal
/// blocked meanwhile.
func signalAction(_ handler: (@convention(c) (Int32) -> Void)?, flags: Int32 = 0) -> sigaction {
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
    #else
    action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    return action
}
