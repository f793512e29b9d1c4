import ArgumentParser

/// `--demo`, for the app's two views: import and export work on the friends as they are.
struct DemoOption: ParsableArguments {
    @Flag(name: .customLong("demo"), help: "Fill an empty friends list with a dozen sample friends.")
    var isOn = false
}
