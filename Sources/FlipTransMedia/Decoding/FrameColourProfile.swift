import CFFmpeg

extension ColourProfile {
    /// The ICC profile FFmpeg's decoder attached to the frame. FFmpeg 5.1 attaches PNG's iCCP,
    /// JPEG's APP2, WebP's ICCP and TIFF's ICC tag this way (checked by the tests for each);
    /// its BMP and GIF decoders read no profiles. Without one the frame is sRGB.
    init(frame: UnsafePointer<AVFrame>) {
        guard let sideData = av_frame_get_side_data(frame, AV_FRAME_DATA_ICC_PROFILE), let data = sideData.pointee.data else {
            self = .sRGB
            return
        }
        self.init(iccBytes: Array(UnsafeBufferPointer(start: data, count: Int(sideData.pointee.size))))
    }
}
