import Testing

/// The progress bar on a terminal (a pseudo-terminal made by `script`).
struct ProgressBarTests {
    /// The bar fits the terminal's width: a line wider than the terminal wraps, and each report
    /// then draws on a new row (the bar was about 70 columns whatever the width).
    @Test(arguments: [80, 40, 20])
    func theBarFitsTheTerminal(columns: Int) throws {
        let workspace = try Workspace()
        let result = try Fliptrans.runShell(
            #"script -q -e -c "stty cols \#(columns); \"$FLIPTRANS\" a.png b.png -o clip.mp4 --duration 0.5 --fps 30" /dev/null"#, in: workspace.url)
        #expect(result.status == 0, "\(result.stderr)")
        let reports = result.stdout.split(separator: "\r").map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
        // The last report is the last frame's; the bar itself is left out where the figures need the room.
        #expect(reports.last?.contains("15/15 frames") == true, "\(reports)")
        #expect(reports.allSatisfy { $0.count < columns }, "\(reports)")
        #expect(reports.allSatisfy { $0.hasPrefix("[") } == (columns > 40), "\(reports)")
    }
}
