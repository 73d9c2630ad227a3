import CFrei0r
import FlipTransMixer

// The frei0r 1.2 API (frei0r.h), each function a thin call into Frei0rPlugin and Frei0rInstance.
// Hosts are not trusted to call it well: a NULL instance, info or value pointer, an index out of
// range, any frame size, NULL frames — none of them may crash the host. The functions are public so
// that an optimised (whole-module) build keeps their symbols; exports.map exports only them.

@_cdecl("f0r_init")
public func frei0rInitialise() -> Int32 {
    Frei0rPlugin.loaded.type == nil ? 0 : 1
}

/// Nothing to release: MLT calls it when one of its transitions closes, while others of the same
/// plugin may still run, so all state lives in instances.
@_cdecl("f0r_deinit")
public func frei0rDeinitialise() {}

@_cdecl("f0r_get_plugin_info")
public func frei0rPluginInfo(_ info: UnsafeMutablePointer<f0r_plugin_info_t>?) {
    guard let info else { return }
    Frei0rPlugin.loaded.fill(&info.pointee)
}

@_cdecl("f0r_get_param_info")
public func frei0rParameterInfo(_ info: UnsafeMutablePointer<f0r_param_info_t>?, _ index: Int32) {
    guard let info else { return }
    Frei0rPlugin.loaded.fill(&info.pointee, index: Int(index))
}

/// NULL for a file named after no transition and for a frame with a side over MixerInstance.maximumSide.
@_cdecl("f0r_construct")
public func frei0rConstruct(_ width: UInt32, _ height: UInt32) -> UnsafeMutableRawPointer? {
    guard let type = Frei0rPlugin.loaded.type, let mixer = MixerInstance(type: type, width: Int(width), height: Int(height)) else {
        return nil
    }
    return Unmanaged.passRetained(Frei0rInstance(mixer: mixer)).toOpaque()
}

@_cdecl("f0r_destruct")
public func frei0rDestruct(_ instance: UnsafeMutableRawPointer?) {
    guard let instance else { return }
    Unmanaged<Frei0rInstance>.fromOpaque(instance).release()
}

@_cdecl("f0r_set_param_value")
public func frei0rSetParameter(_ instance: UnsafeMutableRawPointer?, _ param: UnsafeMutableRawPointer?, _ index: Int32) {
    guard let instance, let param else { return }
    Unmanaged<Frei0rInstance>.fromOpaque(instance).takeUnretainedValue().set(param, at: Int(index))
}

@_cdecl("f0r_get_param_value")
public func frei0rGetParameter(_ instance: UnsafeMutableRawPointer?, _ param: UnsafeMutableRawPointer?, _ index: Int32) {
    guard let instance, let param else { return }
    Unmanaged<Frei0rInstance>.fromOpaque(instance).takeUnretainedValue().get(into: param, at: Int(index))
}

@_cdecl("f0r_update2")
public func frei0rUpdate(_ instance: UnsafeMutableRawPointer?, _ time: Double, _ a: UnsafePointer<UInt32>?, _ b: UnsafePointer<UInt32>?,
                  _ c: UnsafePointer<UInt32>?, _ output: UnsafeMutablePointer<UInt32>?) {
    guard let instance else { return }
    Unmanaged<Frei0rInstance>.fromOpaque(instance).takeUnretainedValue().mixer
        .update(a: a.map(UnsafeRawPointer.init), b: b.map(UnsafeRawPointer.init), output: output.map(UnsafeMutableRawPointer.init))
}
