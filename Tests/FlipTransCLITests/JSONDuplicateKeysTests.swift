import Testing
@testable import FlipTransCLI

/// Keys are duplicates only within one object, compared as JSON reads them.
struct JSONDuplicateKeysTests {
    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, "a"),
        (#"{"a": 1, "\u0061": 2}"#, "a"),
        (#"{"😀": 1, "\ud83d\ude00": 2}"#, "😀"),
        (#"{"x": {"a": 1, "b": [{"c": 1, "c": 2}]}}"#, "c"),
        (#"{"a\"b": 1, "a\u0022b": 2}"#, "a\"b"),
    ])
    func findsADuplicate(json: String, key: String) {
        #expect(JSONDuplicateKeys.first(in: json) == key)
    }

    @Test(arguments: [
        #"{"a": 1, "b": 2}"#,
        #"{"x": {"a": 1}, "y": {"a": 2}}"#,
        #"{"a": "a", "b": ["a", "a"], "c": "{\"a\": 1, \"a\": 2}"}"#,
        #"[{"a": 1}, {"a": 2}]"#,
        #"{"a": 1, "A": 2, "a ": 3}"#,
    ])
    func findsNoneWhereThereIsNone(json: String) {
        #expect(JSONDuplicateKeys.first(in: json) == nil)
    }
}
