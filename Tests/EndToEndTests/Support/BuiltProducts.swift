import Foundation

/// Finds the executables `swift build` / `swift test` built, in the directory of the test bundle.
/// The EndToEndTests target depends on the executables, so they are built before the tests run.
enum BuiltProducts {
    /// The build products directory (e.g. `.build/debug`), found from the test process itself.
    static var directory: URL {
        #if os(macOS)
        // The tests run inside an .xctest bundle that sits in the products directory.
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        // Elsewhere the test bundle is itself an executable in the products directory.
        return (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The built executable `name`, or nil when it is not there.
    static func executable(named name: String) -> URL? {
        let url = directory.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }
}
