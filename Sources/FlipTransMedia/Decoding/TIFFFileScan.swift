extension ImageFileScan {
    /// A TIFF's first directory: the tags EXIF is made of (an EXIF block is a TIFF structure), so
    /// its size is held to the EXIF limit before it is read, as EXIF is in the other formats
    /// (up to 65 535 entries, 786 KB, could be claimed); then its Orientation tag.
    static func tiff(_ bytes: FileBytes, path: String) throws -> ImageFileScan {
        var scan = ImageFileScan()
        scan.format = "TIFF"
        if let directory = TIFFOrientationTag.firstDirectory(in: bytes, at: 0, length: bytes.size) {
            try DecodingLimits.checkExif(directory.byteCount, path: path)
        }
        scan.orientation = exifOrientation(in: bytes, at: 0, length: bytes.size)
        return scan
    }
}
