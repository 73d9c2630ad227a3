import Foundation

/// When a photo was taken: its EXIF DateTimeOriginal (tag 36867 in the EXIF directory), which
/// cameras and phones write in local time as "YYYY:MM:DD HH:MM:SS"; else the file's modification
/// time. For sorting a slideshow: the EXIF times are compared as written, without a time zone.
public enum PhotoDate {
    /// When the photo at `path` was taken: its EXIF DateTimeOriginal (local time read as if it were
    /// UTC), else the file's modification time; nil when neither can be read.
    public static func taken(_ path: String) -> Date? {
        exifDate(path) ?? (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    static func exifDate(_ path: String) -> Date? {
        let tiff: TIFFStructure?
        if HEIFDetection.isHEIF(path) {
            guard let exif = HEIFDecoder.exif(of: path) else { return nil }
            tiff = TIFFStructure(length: exif.count) { offset, count in
                offset >= 0 && offset < exif.count ? Array(exif[offset..<min(exif.count, offset + count)]) : []
            }
        } else {
            guard let bytes = try? FileBytes(path: path), let scan = try? ImageFileScan(path: path), let block = scan.exifBlock else { return nil }
            tiff = TIFFStructure(length: block.length) { bytes.read(at: block.offset + $0, count: $1) }
        }
        guard let tiff, let pointer = tiff.entry(34665, inDirectoryAt: tiff.firstDirectory), let exifDirectory = tiff.number(pointer),
              let original = tiff.entry(36867, inDirectoryAt: exifDirectory), let text = tiff.text(original) else { return nil }
        return date(text)
    }

    /// "2024:07:14 18:03:59" as a date (taken as UTC), nil when it is not one.
    static func date(_ text: String) -> Date? {
        let fields = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard fields.count == 6, fields[0] > 0 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (fields[0], fields[1], fields[2])
        (components.hour, components.minute, components.second) = (fields[3], fields[4], fields[5])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)
    }
}
