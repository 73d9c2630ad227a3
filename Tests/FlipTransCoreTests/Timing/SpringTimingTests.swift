import Foundation
import Testing
import FlipTransCore

/// `spring()` against the damped spring's closed form, worked by hand, and against a fine
/// numerical integration of m·x″ = −k·(x − 1) − c·x′.
struct SpringTimingTests {
    private func spring(_ m: Double, _ k: Double, _ c: Double, _ v: Double = 0) throws -> SpringTiming {
        try #require(SpringTiming(mass: m, stiffness: k, damping: c, velocity: v))
    }

    /// Runge–Kutta at 10 µs steps: an oracle independent of the closed form.
    private func integrated(_ m: Double, _ k: Double, _ c: Double, _ v: Double, until seconds: Double) -> Double {
        var (x, speed) = (0.0, v)
        let h = 1e-5
        func acceleration(_ x: Double, _ v: Double) -> Double { (-k * (x - 1) - c * v) / m }
        for _ in 0..<Int((seconds / h).rounded()) {
            let (k1x, k1v) = (speed, acceleration(x, speed))
            let (k2x, k2v) = (speed + h / 2 * k1v, acceleration(x + h / 2 * k1x, speed + h / 2 * k1v))
            let (k3x, k3v) = (speed + h / 2 * k2v, acceleration(x + h / 2 * k2x, speed + h / 2 * k2v))
            let (k4x, k4v) = (speed + h * k3v, acceleration(x + h * k3x, speed + h * k3v))
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            speed += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    /// m = 1, k = 100, c = 10: ζ = 0.5, ω₀ = 10. The first peak, at π/ω_d, overshoots by
    /// e^(−ζπ/√(1−ζ²)) = e^(−1.8138) = 0.16303; the envelope √(1 + (ζω₀/ω_d)²)·e^(−5s) falls to
    /// 10⁻³ at s = ln(1154.70)/5 = 1.410319 s, the settling time; at 0.1 s,
    /// x = 1 − e^(−0.5)·(cos 0.86603 + 0.57735·sin 0.86603) = 0.340300.
    @Test func underdampedOvershootsAsTheClosedFormSays() throws {
        let s = try spring(1, 100, 10)
        let peak = Double.pi / 75.0.squareRoot()
        #expect(abs(s.position(afterSeconds: peak) - 1.16303) < 1e-5)
        #expect(abs(s.settlingTime - 1.410319) < 1e-6)
        #expect(abs(s.position(afterSeconds: 0.1) - 0.340300) < 1e-6)
    }

    /// m = 1, k = 100, c = 20: critically damped, x(s) = 1 − e^(−10s)(1 + 10s); at 0.1 s,
    /// 1 − 2/e = 0.26424.
    @Test func criticallyDamped() throws {
        let s = try spring(1, 100, 20)
        #expect(abs(s.position(afterSeconds: 0.1) - (1 - 2 / M_E)) < 1e-12)
    }

    @Test(arguments: [(1.0, 100.0, 10.0, 0.0), (1.0, 100.0, 20.0, 0.0), (1.0, 100.0, 50.0, 0.0), (2.0, 170.0, 12.0, -4.0),
                      (0.5, 300.0, 8.0, 20.0), (1.0, 100.0, 20.0, 15.0)])
    func closedFormMatchesIntegration(m: Double, k: Double, c: Double, v: Double) throws {
        let s = try spring(m, k, c, v)
        for seconds in [0.05, 0.2, 0.5, 1.0] {
            #expect(abs(s.position(afterSeconds: seconds) - integrated(m, k, c, v, until: seconds)) < 1e-7, "after \(seconds) s")
        }
    }

    /// The spring plays over its settling time: t = 1 is where it settles, exactly 1 there; it
    /// starts exactly on 0.
    @Test func theTransitionSpansTheSettling() throws {
        let s = try spring(1, 100, 10)
        #expect(s.progress(at: 0) == 0 && s.progress(at: 1) == 1)
        #expect(abs(s.progress(at: 0.5) - s.position(afterSeconds: s.settlingTime / 2)) < 1e-15)
        #expect(abs(s.progress(at: 0.999) - 1) < 2e-3)
        let e = stride(from: 0.0, through: 1, by: 0.01).map(s.progress)
        #expect(e.max()! > 1.16)
    }

    /// A spring that would stray more than 100 from 1, or never settle, is refused.
    @Test func wildSpringsAreRefused() {
        #expect(SpringTiming(mass: 1000, stiffness: 0.001, damping: 0.001, velocity: 1000) == nil)
        #expect(SpringTiming(mass: 1, stiffness: 100, damping: 5e-324) == nil)
        #expect(SpringTiming(mass: 1, stiffness: 100, damping: .nan) == nil)
    }
}
