/// Where rendered frames go, in order: a video encoder, a test's array, …
public protocol FrameSink: AnyObject {
    func append(_ frame: Image) throws
}
