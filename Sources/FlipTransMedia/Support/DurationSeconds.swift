extension Duration {
    /// The duration in seconds, as statistics and progress reports print it.
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
