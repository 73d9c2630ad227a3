import FlipTransCore
import Testing

/// A shading keeps its ranges however it is made: through its initialisers or by setting its
/// properties afterwards.
struct ShadingTests {
    @Test func opacityIsClampedWhenSetAsWhenMade() {
        var shading = Shading(opacity: 2)
        #expect(shading.opacity == 1)
        shading.opacity = -0.5
        #expect(shading.opacity == 0 && !shading.isVisible)
        shading.opacity += 0.25
        #expect(shading.opacity == 0.25)
    }

    @Test func stopsSetOutOfOrderAreSortedAsWhenMade() {
        var gradient = Shading.Gradient(from: Point(0, 0), to: Point(10, 0), stops: [(1, 0), (0, 1)])
        #expect(gradient.stops.map { $0.position } == [0, 1])
        gradient.stops = [(1, 0.5), (0.5, 0), (0, 1)]
        #expect(gradient.stops.map { $0.position } == [0, 0.5, 1])
        #expect(gradient.alpha(atPosition: 0.25) == 0.5)
    }
}
