extension Image {
    /// The image blurred by `passes` box filters of width 2·radius + 1, horizontally then
    /// vertically (three passes approximate a Gaussian). Edges repeat the border pixel. For the
    /// small backdrops of `--fit blur`, so plain loops are fast enough.
    package func boxBlurred(radius: Int, passes: Int) -> Image {
        var result = self
        for _ in 0..<passes {
            result = result.boxBlurredOnce(radius: radius, horizontally: true)
            result = result.boxBlurredOnce(radius: radius, horizontally: false)
        }
        return result
    }

    private func boxBlurredOnce(radius: Int, horizontally: Bool) -> Image {
        var output = self
        let lines = horizontally ? height : width, length = horizontally ? width : height
        let window = 2 * radius + 1
        func index(_ line: Int, _ position: Int) -> Int {
            let clamped = min(max(position, 0), length - 1)
            return (horizontally ? line * width + clamped : clamped * width + line) * Image.bytesPerPixel
        }
        for line in 0..<lines {
            for channel in 0..<Image.bytesPerPixel {
                var sum = (-radius...radius).reduce(0) { $0 + Int(pixels[index(line, $1) + channel]) }
                for position in 0..<length {
                    output.pixels[index(line, position) + channel] = UInt8((sum + window / 2) / window)
                    sum += Int(pixels[index(line, position + radius + 1) + channel]) - Int(pixels[index(line, position - radius) + channel])
                }
            }
        }
        return output
    }
}
