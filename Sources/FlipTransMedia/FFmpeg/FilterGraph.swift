import CFFmpeg
import FlipTransCore

/// An owned libavfilter graph built from a description, with buffer sources labelled `in0`,
/// `in1`, … and one buffer sink labelled `out`: frames are pushed into a source and pulled
/// from the sink.
final class FilterGraph {
    /// One input's pictures.
    struct Input {
        var size: PixelSize
        var pixelFormat: AVPixelFormat
    }

    private let graph: UnsafeMutablePointer<AVFilterGraph>
    private var sources: [UnsafeMutablePointer<AVFilterContext>] = []
    private var sink: UnsafeMutablePointer<AVFilterContext>!
    private let path: String

    init(_ description: String, inputs: [Input], fps: FrameRate, path: String) throws {
        FFmpegLogging.quiet
        self.path = path
        guard let graph = avfilter_graph_alloc() else { fatalError("out of memory allocating a filter graph") }
        self.graph = graph
        func fail(_ code: Int32) throws { try check(code, "cannot set up the filters '\(description)'", .unavailable, path: path) }
        for (index, input) in inputs.enumerated() {
            var source: UnsafeMutablePointer<AVFilterContext>? = nil
            let arguments = "video_size=\(input.size.width)x\(input.size.height):pix_fmt=\(input.pixelFormat.rawValue):time_base=\(fps.denominator)/\(fps.numerator):pixel_aspect=1/1"
            try fail(avfilter_graph_create_filter(&source, avfilter_get_by_name("buffer"), "in\(index)", arguments, nil, graph))
            sources.append(source!)
        }
        var sink: UnsafeMutablePointer<AVFilterContext>? = nil
        try fail(avfilter_graph_create_filter(&sink, avfilter_get_by_name("buffersink"), "out", nil, nil, graph))
        self.sink = sink!

        // The open ends of the description: its labelled inputs are fed by the sources, its
        // output feeds the sink.
        var sourceEnds: UnsafeMutablePointer<AVFilterInOut>? = nil
        for (index, source) in sources.enumerated().reversed() {
            let end = avfilter_inout_alloc()!
            end.pointee.name = av_strdup("in\(index)")
            end.pointee.filter_ctx = source
            end.pointee.pad_idx = 0
            end.pointee.next = sourceEnds
            sourceEnds = end
        }
        var sinkEnd: UnsafeMutablePointer<AVFilterInOut>? = avfilter_inout_alloc()
        sinkEnd!.pointee.name = av_strdup("out")
        sinkEnd!.pointee.filter_ctx = sink
        sinkEnd!.pointee.pad_idx = 0
        sinkEnd!.pointee.next = nil
        defer {
            avfilter_inout_free(&sourceEnds)
            avfilter_inout_free(&sinkEnd)
        }
        try fail(avfilter_graph_parse_ptr(graph, description, &sinkEnd, &sourceEnds, nil))
        try fail(avfilter_graph_config(graph, nil))
    }

    /// Pushes `frame` into input `input` (keeping the caller's reference); nil ends that input.
    /// The filters take it at once (`PUSH`): else it would wait in the graph until a frame is
    /// pulled, and a filter that gives nothing until the end (palettegen) would have every frame
    /// of the clip wait, each holding a picture.
    func push(_ frame: UnsafeMutablePointer<AVFrame>?, into input: Int = 0) throws {
        try check(av_buffersrc_add_frame_flags(sources[input], frame, Int32(AV_BUFFERSRC_FLAG_KEEP_REF | AV_BUFFERSRC_FLAG_PUSH)),
                  "the filters rejected a frame", .writeFailed, path: path)
    }

    /// Pulls the next finished frame into `frame`; false when none is ready yet or the graph has
    /// ended.
    func pull(into frame: UnsafeMutablePointer<AVFrame>) throws -> Bool {
        av_frame_unref(frame)
        let result = av_buffersink_get_frame(sink, frame)
        if result == cffmpeg_averror(EAGAIN) || result == cffmpeg_averror_eof() { return false }
        try check(result, "filtering failed", .writeFailed, path: path)
        return true
    }

    deinit {
        var graph: UnsafeMutablePointer<AVFilterGraph>? = graph
        avfilter_graph_free(&graph)
    }
}
