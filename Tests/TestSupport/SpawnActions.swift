#if canImport(Glibc)
import Glibc

/// What a child started with `posix_spawn` inherits from the test process.
public enum SpawnActions {
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// Adds closing every descriptor from 3 up to `actions`, so a child (or a daemon it leaves
    /// running) holds nothing of the test process: a pipe of another test held open by it would make
    /// that test wait for the end of its output for ever. glibc has had the call since 2.34; Swift's
    /// Glibc module does not declare it, so it is looked up by name.
    public static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
        _ = addCloseFrom(&actions, 3)
    }
}
#endif
