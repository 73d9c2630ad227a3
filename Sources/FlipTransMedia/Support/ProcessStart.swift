import Foundation

/// When this program started: set by `ProcessSetup.install()` at the start of `main`, or else at
/// its first use. Partial files older than this, that no live process holds, are left over from
/// runs that were killed (`StalePartialFiles`).
public enum ProcessStart {
    /// The moment this program started, as near as the first use of this value, which
    /// `ProcessSetup.install()` makes at the start of `main`.
    public static let date = Date()
}
