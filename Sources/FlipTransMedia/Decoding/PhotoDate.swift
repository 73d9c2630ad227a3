import Foundation

/// When a photo was taken: its EXIF DateTimeOriginal (tag 36867 in the EXIF directory), which
/// cameras and phones write in local time as "YYYY:MM:DD HH:MM:SS", at the offset from UTC of
/// OffsetTimeOriginal (tag 36881, "+02:00") where they write one; else the file's modification
/// time. For sorting a slideshow, where photos with and without EXIF meet, both are instants:
/// an EXIF time without its offset is taken in this machine's time zone, the one the photos
/// without EXIF were most likely copied in.
public enum PhotoDate {
    /// When the photo at `path` was taken: its EXIF DateTimeOriginal (at its OffsetTimeOriginal,
    /// else in `zone`), else the file's modification time; nil when neither can be read.
    public static func taken(_ path: String, zone: TimeZone = .current) -> Date? {
        exifDate(path, zone: zone) ?? (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    static func exifDate(_ path: String, zone: TimeZone) -> Date? {
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
        let offset = tiff.entry(36881, inDirectoryAt: exifDirectory).flatMap { tiff.text($0) }.flatMap(Self.zone(offset:))
        return date(text, zone: offset ?? zone)
    }

    /// "2024:07:14 18:03:59" as a date in `zone`, nil when it is not one.
    static func date(_ text: String, zone: TimeZone) -> Date? {
        let fields = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard fields.count == 6, fields[0] > 0 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (fields[0], fields[1], fields[2])
        (components.hour, components.minute, components.second) = (fields[3], fields[4], fields[5])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: components)
    }

    /// "+02:00" or "-05:30" as a time zone that far from UTC, nil when it is not one.
    static func zone(offset text: String) -> TimeZone? {
        let characters = Array(text.trimmingCharacters(in: .whitespaces))
        guard characters.count == 6, characters[0] == "+" || characters[0] == "-", characters[3] == ":",
              let hours = Int(String(characters[1...2])), let minutes = Int(String(characters[4...5])),
              hours <= 14, minutes < 60 else { return nil }
        return TimeZone(secondsFromGMT: (characters[0] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
    }
}
