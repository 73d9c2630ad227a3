/// The image formats read, as messages name them, and the extensions their files have.
public enum SupportedFormats {
    /// The extensions of the files read, lowercased, as a folder of photos holds them. (A file
    /// is read by its content, whatever its name: this is for telling images from a folder's
    /// other files.)
    public static let imageExtensions: Set<String> = ["png", "apng", "jpg", "jpeg", "jpe", "jfif", "webp", "gif", "bmp", "tif", "tiff",
                                                      "psd", "heic", "heif", "hif", "avif"]

    /// What an error about an unsupported file lists.
    static let summary = "PNG, APNG, JPEG, WebP (still or animated), GIF, BMP, TIFF or PSD of 8 or 16 bits per channel, HEIC and AVIF"

    /// The format an FFmpeg decoder reads, e.g. "JPEG" for `mjpeg`.
    static func name(ofDecoder decoder: String) -> String {
        let names = ["png": "PNG", "apng": "APNG", "mjpeg": "JPEG", "webp": "WebP", "gif": "GIF", "bmp": "BMP",
                     "tiff": "TIFF", "psd": "PSD"]
        return names[decoder] ?? decoder.uppercased()
    }
}
