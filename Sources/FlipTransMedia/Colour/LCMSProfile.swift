import CLCMS

/// An owned LittleCMS profile.
final class LCMSProfile {
    let handle: cmsHPROFILE

    init(owning handle: cmsHPROFILE) {
        self.handle = handle
    }

    /// The profile in ICC bytes, or nil when LittleCMS cannot read them.
    convenience init?(iccBytes: [UInt8]) {
        guard let handle = iccBytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else { return nil }
        self.init(owning: handle)
    }

    static func sRGB() -> LCMSProfile { LCMSProfile(owning: cmsCreate_sRGBProfile()) }

    var colourSpace: cmsColorSpaceSignature { cmsGetColorSpace(handle) }

    deinit {
        cmsCloseProfile(handle)
    }
}
