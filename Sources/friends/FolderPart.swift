/// The folder part of `path`: "" for a bare name, "/" for a name at the root. (Foundation's
/// `deletingLastPathComponent` stops the program on Linux for a path of one character.)
func folderPart(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}
