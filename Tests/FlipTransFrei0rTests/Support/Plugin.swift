import CFrei0r
import FlipTransCore
import FlipTransMixer
import Foundation

/// The built plugin library, loaded through the C ABI as a host loads it: a copy named
/// `fliptrans-<transition>.so` in a folder of its own (the name picks the transition), opened
/// with dlopen, its functions found with dlsym.
final class Plugin {
    typealias Instance = UnsafeMutableRawPointer

    let path: String
    private let handle: UnsafeMutableRawPointer
    let initialise: @convention(c) () -> Int32
    let pluginInfo: @convention(c) (UnsafeMutablePointer<f0r_plugin_info_t>?) -> Void
    let parameterInfo: @convention(c) (UnsafeMutablePointer<f0r_param_info_t>?, Int32) -> Void
    let construct: @convention(c) (UInt32, UInt32) -> Instance?
    let destruct: @convention(c) (Instance?) -> Void
    let setParameter: @convention(c) (Instance?, UnsafeMutableRawPointer?, Int32) -> Void
    let getParameter: @convention(c) (Instance?, UnsafeMutableRawPointer?, Int32) -> Void
    let update2: @convention(c) (Instance?, Double, UnsafePointer<UInt32>?, UnsafePointer<UInt32>?, UnsafePointer<UInt32>?,
                                 UnsafeMutablePointer<UInt32>?) -> Void

    /// The library `swift build` made, beside the test bundle; or the one FLIPTRANS_FREI0R_PLUGIN
    /// names (.ci/run points it at the release build that Scripts/install-frei0r.sh installs).
    static let built: URL = {
        if let path = ProcessInfo.processInfo.environment["FLIPTRANS_FREI0R_PLUGIN"] { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("libfliptrans-frei0r.so").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("libfliptrans-frei0r.so")
    }()

    /// A folder of copies named for every offered transition, as Scripts/install-frei0r.sh
    /// installs them: what FREI0R_PATH points hosts at.
    static func installedFolder(in workspace: URL) throws -> URL {
        let folder = workspace.appendingPathComponent("frei0r")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for type in MixerTransitions.offered() {
            try FileManager.default.copyItem(at: built, to: folder.appendingPathComponent(MixerTransitions.pluginName(of: type) + ".so"))
        }
        return folder
    }

    /// Loads the copy at `path` (a copy of its own: the loader opens one file only once).
    init(path: String) throws {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw PluginError(reason: "dlopen \(path): " + String(cString: dlerror()))
        }
        func symbol<T>(_ name: String, as: T.Type) throws -> T {
            guard let address = dlsym(handle, name) else { throw PluginError(reason: "\(path) exports no \(name)") }
            return unsafeBitCast(address, to: T.self)
        }
        self.path = path
        self.handle = handle
        initialise = try symbol("f0r_init", as: (@convention(c) () -> Int32).self)
        pluginInfo = try symbol("f0r_get_plugin_info", as: (@convention(c) (UnsafeMutablePointer<f0r_plugin_info_t>?) -> Void).self)
        parameterInfo = try symbol("f0r_get_param_info", as: (@convention(c) (UnsafeMutablePointer<f0r_param_info_t>?, Int32) -> Void).self)
        construct = try symbol("f0r_construct", as: (@convention(c) (UInt32, UInt32) -> Instance?).self)
        destruct = try symbol("f0r_destruct", as: (@convention(c) (Instance?) -> Void).self)
        setParameter = try symbol("f0r_set_param_value", as: (@convention(c) (Instance?, UnsafeMutableRawPointer?, Int32) -> Void).self)
        getParameter = try symbol("f0r_get_param_value", as: (@convention(c) (Instance?, UnsafeMutableRawPointer?, Int32) -> Void).self)
        update2 = try symbol("f0r_update2", as: (@convention(c) (Instance?, Double, UnsafePointer<UInt32>?, UnsafePointer<UInt32>?,
                                                                UnsafePointer<UInt32>?, UnsafeMutablePointer<UInt32>?) -> Void).self)
    }

    /// The plugin of `type`, from a fresh copy in `folder`.
    static func load(_ type: any Transition.Type, in folder: URL) throws -> Plugin {
        let copy = folder.appendingPathComponent(MixerTransitions.pluginName(of: type) + ".so")
        if !FileManager.default.fileExists(atPath: copy.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: built, to: copy)
        }
        return try Plugin(path: copy.path)
    }

    var info: f0r_plugin_info_t {
        var info = f0r_plugin_info_t()
        pluginInfo(&info)
        return info
    }

    /// The index of the parameter named `name`.
    func index(of name: String) -> Int32? {
        (0..<info.num_params).first { index in
            var parameter = f0r_param_info_t()
            parameterInfo(&parameter, index)
            return String(cString: parameter.name) == name
        }
    }

    func set(_ instance: Instance?, _ name: String, _ value: Double) {
        var value = value
        setParameter(instance, &value, index(of: name)!)
    }

    func set(_ instance: Instance?, _ name: String, _ text: String) {
        text.withCString { pointer in
            var pointer: UnsafePointer<CChar>? = pointer
            setParameter(instance, &pointer, index(of: name)!)
        }
    }

    func double(_ instance: Instance?, _ name: String) -> Double {
        var value = Double.nan
        getParameter(instance, &value, index(of: name)!)
        return value
    }

    func text(_ instance: Instance?, _ name: String) -> String? {
        var pointer: UnsafePointer<CChar>?
        getParameter(instance, &pointer, index(of: name)!)
        return pointer.map { String(cString: $0) }
    }

    /// One frame from A and B (straight RGBA bytes), `width × height`.
    func render(_ instance: Instance?, a: [UInt8]?, b: [UInt8]?, width: Int, height: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0xA5, count: width * height * 4)
        withFrame(a) { a in
            withFrame(b) { b in
                output.withUnsafeMutableBytes { update2(instance, 0, a, b, nil, $0.baseAddress!.assumingMemoryBound(to: UInt32.self)) }
            }
        }
        return output
    }

    private func withFrame(_ bytes: [UInt8]?, _ body: (UnsafePointer<UInt32>?) -> Void) {
        guard let bytes else { return body(nil) }
        bytes.withUnsafeBytes { body($0.baseAddress!.assumingMemoryBound(to: UInt32.self)) }
    }
}

struct PluginError: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
