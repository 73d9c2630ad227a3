import Testing
@testable import FlipTransCore

struct HoldDistributionTests {
    @Test(arguments: [
        ([1.0, 1, 3], 66, [13, 13, 40]),
        ([2.0, 2, 2], 66, [22, 22, 22]),
        ([0.0, 0, 0], 10, [4, 3, 3]),
        ([1.0, 0, 1], 7, [4, 0, 3]),
        ([5.0], 0, [0]),
    ])
    func sharesAddUpExactlyInProportion(weights: [Double], total: Int, frames: [Int]) {
        let shares = HoldDistribution.frames(weights: weights, total: total)
        #expect(shares == frames)
        #expect(shares.reduce(0, +) == total)
    }
}
