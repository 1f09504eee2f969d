/// Something a test needs that is not there (a display, a program, root for a tmpfs): thrown,
/// it fails the test with its cause. Tests never skip: `./run.sh test` provides everything, and
/// a test that does not run guards nothing.
public struct MissingPrerequisite: Error, CustomStringConvertible {
    public let description: String

    /// A prerequisite missing, and why.
    public init(_ cause: String) { description = cause }
}
