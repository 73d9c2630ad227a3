extension DisplayOrientation {
    /// The EXIF (and TIFF) Orientation value: 1 as stored, 2 mirrored left to right, 3 turned
    /// 180°, 4 mirrored top to bottom, 5 mirrored about the top-left to bottom-right diagonal,
    /// 6 turned 90° clockwise, 7 mirrored about the other diagonal, 8 turned 90° anticlockwise.
    init?(exifOrientation value: Int) {
        switch value {
        case 1: self = .identity
        case 2: self.init(a: -1, b: 0, c: 0, d: 1)
        case 3: self.init(a: -1, b: 0, c: 0, d: -1)
        case 4: self.init(a: 1, b: 0, c: 0, d: -1)
        case 5: self.init(a: 0, b: 1, c: 1, d: 0)
        case 6: self.init(a: 0, b: 1, c: -1, d: 0)
        case 7: self.init(a: 0, b: -1, c: -1, d: 0)
        case 8: self.init(a: 0, b: -1, c: 1, d: 0)
        default: return nil
        }
    }
}
