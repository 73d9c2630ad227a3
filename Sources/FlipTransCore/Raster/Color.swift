/// A straight (not premultiplied) sRGB colour with alpha, as written in CSS.
public struct Color: Sendable, Equatable, CustomStringConvertible {
    /// Red intensity, 0 … 255 (sRGB-encoded, not multiplied by alpha).
    public var red: UInt8
    /// Green intensity, 0 … 255 (sRGB-encoded, not multiplied by alpha).
    public var green: UInt8
    /// Blue intensity, 0 … 255 (sRGB-encoded, not multiplied by alpha).
    public var blue: UInt8
    /// Opacity, 0 (transparent) … 255 (opaque).
    public var alpha: UInt8

    /// A colour from straight sRGB components, 0 … 255 each; opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black, `#000000`.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white, `#ffffff`.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// Fully transparent (alpha 0; its colour, black, never shows).
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Parses CSS's hex forms `#rgb`, `#rgba`, `#rrggbb` and `#rrggbbaa`, its named colours
    /// (`navy`, `lightgrey`; any case), `transparent`, and its `rgb()` and `hsl()` functions;
    /// nil for anything else.
    public init?(css text: String) {
        let lowered = Self.asciiLowercased(text)
        if lowered == "transparent" { self = .transparent; return }
        if let rgb = Self.cssNames[lowered] { self.init(rgba: rgb << 8 | 0xFF); return }
        if Function(calledBy: text) != nil { self.init(cssFunction: text); return }
        guard lowered.hasPrefix("#") else { return nil }
        var hex = String(lowered.dropFirst())
        if hex.count == 3 || hex.count == 4 { hex = hex.map { "\($0)\($0)" }.joined() }
        // Digits only: UInt32(_:radix:) would also take a sign, as in "#+12345".
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy({ $0.isASCII && $0.isHexDigit }), let value = UInt32(hex, radix: 16) else { return nil }
        self.init(rgba: hex.count == 6 ? value << 8 | 0xFF : value)
    }

    /// `text` with A–Z lowercased and nothing else: CSS compares its words so, and a full
    /// lowercasing would read the Kelvin sign (U+212A) as a k.
    static func asciiLowercased(_ text: Substring) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }

    static func asciiLowercased(_ text: String) -> String { asciiLowercased(text[...]) }

    /// A colour from 0xRRGGBBAA.
    private init(rgba: UInt32) {
        self.init(red: UInt8(rgba >> 24), green: UInt8(rgba >> 16 & 0xFF),
                  blue: UInt8(rgba >> 8 & 0xFF), alpha: UInt8(rgba & 0xFF))
    }

    /// True when alpha is 255: nothing behind the colour shows through.
    public var isOpaque: Bool { alpha == 255 }

    /// The colour as premultiplied RGBA bytes, the way `Image` stores it.
    public var premultipliedBytes: (UInt8, UInt8, UInt8, UInt8) {
        func scale(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(alpha) + 127) / 255) }
        return (scale(red), scale(green), scale(blue), alpha)
    }

    public var description: String {
        let hex = [red, green, blue] + (isOpaque ? [] : [alpha])
        return "#" + hex.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
