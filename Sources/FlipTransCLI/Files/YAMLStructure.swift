// CYaml is the libyaml that Yams bundles and parses with. It is not a product of the Yams package,
// but its module is visible to Yams's clients; reading its events directly is the only way to
// look at a document before Yams builds it.
import CYaml

/// The shape of a YAML document, read from libyaml's events without building anything: how
/// deeply it nests, whether it uses aliases or merge keys, whether a mapping has a key that
/// is itself a list or mapping, and whether a mapping has a key twice (Yams would keep the
/// last value without a word). Yams builds its tree by recursion with no depth limit, copies an
/// alias's value everywhere it is used, merges `<<` keys in quadratic time and traps on a key
/// that is not text, so a few kilobytes of hostile YAML — thousands of brackets, "billion laughs"
/// aliases, `{[1]: 2}` — would overflow the stack, exhaust memory, hang or crash there. Measured
/// first, such a document can be refused before Yams sees it.
struct YAMLStructure {
    /// The most collections open at once (a spec needs 3), counted up to where libyaml stopped
    /// or to one past `depthLimit`.
    private(set) var depth = 0
    /// The first alias (`*name`) in the document, if any.
    private(set) var alias: String?
    /// True when YAML's merge key appears: a plain `<<`, or any scalar tagged `!!merge`.
    private(set) var hasMergeKey = false
    /// True when a mapping key is a list or a mapping.
    private(set) var hasCollectionKey = false
    /// The first key found twice in one mapping, if any.
    private(set) var duplicateKey: String?

    /// A list or mapping being read.
    private struct Collection {
        let isMapping: Bool
        /// In a mapping, whether its next node is a key.
        var expectingKey: Bool
        var keys: Set<String> = []
    }

    /// Reads `text` until its end, a syntax error, or nesting deeper than `depthLimit`: libyaml
    /// checks every open bracket at every token, so reading on would take time quadratic in depth.
    init(of text: String, depthLimit: Int) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var open: [Collection] = []
            /// Called when a node is complete: in a mapping, a key is followed by a value and back.
            func completeNode() {
                if let last = open.last, last.isMapping { open[open.count - 1].expectingKey.toggle() }
            }
            var event = yaml_event_t()
            // A syntax error ends the walk where it ends Yams's parse too; Yams then reports it.
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    if open.last?.expectingKey == true { hasCollectionKey = true }
                    let isMapping = event.type == YAML_MAPPING_START_EVENT
                    open.append(Collection(isMapping: isMapping, expectingKey: isMapping))
                    depth = max(depth, open.count)
                    if depth > depthLimit { return }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    open.removeLast()
                    completeNode()
                case YAML_ALIAS_EVENT:
                    alias = alias ?? String(cString: event.data.alias.anchor)
                    completeNode()
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let plainMerge = scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil && scalar.length == 2
                        && scalar.value[0] == UInt8(ascii: "<") && scalar.value[1] == UInt8(ascii: "<")
                    if plainMerge || scalar.tag.map({ String(cString: $0) == "tag:yaml.org,2002:merge" }) == true {
                        hasMergeKey = true
                    }
                    if open.last?.expectingKey == true {
                        let key = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                        if open[open.count - 1].keys.insert(key).inserted == false { duplicateKey = duplicateKey ?? key }
                    }
                    completeNode()
                default:
                    break
                }
            }
        }
    }
}
