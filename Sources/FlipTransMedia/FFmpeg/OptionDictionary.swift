import CFFmpeg

/// An AVDictionary of options handed to an FFmpeg open call, which removes the entries it uses.
struct OptionDictionary: ~Copyable {
    var pointer: OpaquePointer?

    init(_ options: [String: String]) {
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            av_dict_set(&pointer, key, value, 0)
        }
    }

    /// Throws when FFmpeg left options unused: they were misspelled or do not apply.
    func rejectLeftovers(path: String, consumer: String) throws {
        var leftovers: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(pointer, "", entry, AV_DICT_IGNORE_SUFFIX) {
            leftovers.append("\(String(cString: next.pointee.key))=\(String(cString: next.pointee.value))")
            entry = next
        }
        if !leftovers.isEmpty {
            throw MediaError(.invalidRequest, path: path, reason: "\(consumer) does not accept the option(s) \(leftovers.joined(separator: ", "))")
        }
    }

    deinit {
        var dictionary = pointer
        av_dict_free(&dictionary)
    }
}
