import Foundation

/// The number of cores this process may use, for splitting work into parallel parts.
/// `@usableFromInline` only because public default arguments (`Renderer(bands:)`) name it.
@usableFromInline
package enum ProcessInfoCores {
    @usableFromInline
    package static var active: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
