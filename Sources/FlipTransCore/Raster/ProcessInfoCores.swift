import Foundation

/// The number of cores this process may use, for splitting work into parallel parts.
public enum ProcessInfoCores {
    public static var active: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
