import ArgumentParser
import FlipTransCore
import FlipTransFuzzTargets

extension FuzzTarget: ExpressibleByArgument {
    /// Byte damage for images; for specs and jobs, text mutations that also know YAML and JSON.
    func mutate(_ seed: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        self == .images ? Mutator.mutate(seed, using: &random) : TextMutator.mutate(seed, using: &random)
    }
}
