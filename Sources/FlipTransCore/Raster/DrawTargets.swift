/// Where a worked-out row is drawn: a member's texture, `dx` pixels right of the leader's pixels.
struct DrawTarget {
    let texture: MipmappedTexture
    let dx: Int
}

/// The targets a row is drawn for: a group's (`UnsafeBufferPointer<DrawTarget>`), or a panel's
/// alone (`SingleTarget`), for which the drawing code is compiled with no loops over targets.
protocol DrawTargets {
    var count: Int { get }
    subscript(index: Int) -> DrawTarget { get }
}

extension UnsafeBufferPointer<DrawTarget>: DrawTargets {}

/// A panel drawn alone, where it is: one target, `dx` 0.
struct SingleTarget: DrawTargets {
    let texture: MipmappedTexture

    var count: Int { 1 }

    subscript(index: Int) -> DrawTarget {
        DrawTarget(texture: texture, dx: 0)
    }
}
