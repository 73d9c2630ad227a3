import CFrei0r
import CGlibcExtras
import FlipTransCore
import FlipTransMixer

/// What this plugin file is: the transition its name picks (`fliptrans-page.so` is the page), and
/// the C strings frei0r hands hosts, made once and kept for the library's life (it is never
/// unloaded). Nothing here changes after it is made, so instances share nothing they could race on.
final class Frei0rPlugin: Sendable {
    /// This file's plugin, worked out the first time a host asks.
    static let loaded = Frei0rPlugin(file: Frei0rPlugin.ownPath())

    /// Nil when the file is named after no transition: then it initialises nothing and makes no
    /// instances, so hosts that check `f0r_init` (GStreamer) skip it.
    let type: (any Transition.Type)?
    let parameters: [MixerParameter]
    let name: CString
    let author = CString("fliptrans")
    let explanation: CString
    let parameterNames: [CString]
    let parameterHelp: [CString]

    init(file path: String) {
        type = MixerTransitions.transition(forFile: path)
        parameters = type.map(MixerParameter.all) ?? []
        if let type {
            name = CString(MixerTransitions.pluginName(of: type))
            explanation = CString(Frei0rText.explanation(of: type))
        } else {
            name = CString("fliptrans")
            let names = MixerTransitions.offered().map { MixerTransitions.pluginName(of: $0) + ".so" }
            explanation = CString("Not a transition: install this file as one of " + names.joined(separator: ", ") + ".")
        }
        parameterNames = parameters.map { CString($0.name) }
        parameterHelp = parameters.map { CString($0.help) }
    }

    /// The path this library was loaded from.
    private static func ownPath() -> String {
        glibc_this_object_path().map { String(cString: $0) } ?? ""
    }

    func fill(_ info: inout f0r_plugin_info_t) {
        info.name = name.pointer
        info.author = author.pointer
        // A copy named after no transition has no type: MLT, which reads the info before
        // f0r_init, lists only the types it knows, so it does not list this one.
        info.plugin_type = type == nil ? -1 : F0R_PLUGIN_TYPE_MIXER2
        info.color_model = F0R_COLOR_MODEL_RGBA8888
        info.frei0r_version = FREI0R_MAJOR_VERSION
        info.major_version = 1
        info.minor_version = 0
        info.num_params = Int32(parameters.count)
        info.explanation = explanation.pointer
    }

    func fill(_ info: inout f0r_param_info_t, index: Int) {
        guard parameters.indices.contains(index) else { return }
        info.name = parameterNames[index].pointer
        info.type = parameters[index].kind.rawValue
        info.explanation = parameterHelp[index].pointer
    }
}
