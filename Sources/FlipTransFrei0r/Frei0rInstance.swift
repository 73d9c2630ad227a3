import FlipTransMixer
import Synchronization

/// What `f0r_instance_t` points to: a mixer instance, and the copies of its string values that
/// `f0r_get_param_value` hands out, each kept until the value changes.
final class Frei0rInstance: Sendable {
    let mixer: MixerInstance
    private let strings = Mutex<[Int: CString]>([:])

    init(mixer: MixerInstance) {
        self.mixer = mixer
    }

    /// Reads the value at `param` as the parameter's frei0r type says it is laid out.
    func set(_ param: UnsafeRawPointer, at index: Int) {
        guard mixer.parameters.indices.contains(index) else { return }
        switch mixer.parameters[index].kind {
        case .bool, .double:
            mixer.set(.number(param.loadUnaligned(as: Double.self)), at: index)
        case .color:
            let component = { (i: Int) in Double(param.loadUnaligned(fromByteOffset: i * MemoryLayout<Float>.stride, as: Float.self)) }
            mixer.set(.color(red: component(0), green: component(1), blue: component(2)), at: index)
        case .string:
            guard let text = param.loadUnaligned(as: UnsafePointer<CChar>?.self) else { return }
            mixer.set(.text(String(cString: text)), at: index)
        }
    }

    /// Writes the value of parameter `index` at `param`.
    func get(into param: UnsafeMutableRawPointer, at index: Int) {
        switch mixer.value(at: index) {
        case let .number(value)?:
            param.storeBytes(of: value, as: Double.self)
        case let .color(red, green, blue)?:
            for (i, component) in [red, green, blue].enumerated() {
                param.storeBytes(of: Float(component), toByteOffset: i * MemoryLayout<Float>.stride, as: Float.self)
            }
        case let .text(text)?:
            // The copy stays while the value does: a host comparing two reads of it (or keeping
            // the first) read freed memory when every read made a new copy.
            let copy = strings.withLock { strings in
                if let kept = strings[index], String(cString: kept.pointer) == text { return kept }
                strings[index] = CString(text)
                return strings[index]!
            }
            param.storeBytes(of: copy.pointer, as: UnsafePointer<CChar>.self)
        case nil:
            break
        }
    }
}
