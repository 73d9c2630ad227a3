import CFFmpeg

extension ColourProfile {
    /// The ICC profile FFmpeg's decoder attached to the frame: FFmpeg 5.1 attaches PNG's iCCP,
    /// JPEG's APP2, WebP's ICCP and TIFF's ICC tag (each checked by the tests); else the one a
    /// BMP or GIF at `path` carries, which FFmpeg leaves in the file. Without one it is sRGB.
    init(frame: UnsafePointer<AVFrame>, fileAt path: String) {
        if let sideData = av_frame_get_side_data(frame, AV_FRAME_DATA_ICC_PROFILE), let data = sideData.pointee.data {
            self.init(iccBytes: Array(UnsafeBufferPointer(start: data, count: Int(sideData.pointee.size))))
        } else {
            self.init(iccBytes: FileColourProfile.read(path) ?? [])
        }
    }
}
