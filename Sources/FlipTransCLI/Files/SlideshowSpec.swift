import FlipTransCore
import FlipTransMedia
import Foundation

/// A slideshow described in a YAML or JSON file. Top-level keys are the slideshow command's
/// options; `slides` lists the images, each a path (a file, a folder or a glob) or a mapping with
/// `image` (or a `title`: see `SlideLookKeys`), its own `hold`, look, and options for the
/// transition that follows it. Relative paths are relative to the spec's folder.
/// Reading a spec checks everything but the images: a bad spec fails before any image is
/// decoded, with an error naming the file, the slide and the key.
struct SlideshowSpec {
    /// The top-level options.
    let command: SlideshowCommand
    let slides: [SlideshowCommand.Slide]
    /// The files the show is described from besides its images and music: the spec (when read
    /// from a file) and its touch traces, which its output may not replace.
    private(set) var describingFiles: [String]
    /// What the slides' folders left out, announced when the show runs.
    private let notes: [String]
    /// Where the top-level keys were given ("show.yaml"), and those the command line did not
    /// override: an error about one of them is the spec's.
    private let context: String
    private let ownKeys: Set<String>
    /// The slide (from 0) each image file was first given in, to place the errors about it.
    private let slideOfImage: [String: Int]

    /// `overrides` are the options given beside the spec on the command line: they come after
    /// the spec's top-level options, so they win, and before a slide's own, which still win for
    /// that slide.
    init(contentsOf path: String, overrides: [String] = []) throws {
        let document = try SpecDocument(contentsOf: path)
        guard let top = document.value as? [String: Any] else {
            throw CLIError("\(path): a spec is a mapping of options with a 'slides' list")
        }
        try self.init(top, folder: document.folder, context: path, overrides: overrides)
        describingFiles.insert(TextFile.reopenable(path), at: 0)
    }

    /// The show a mapping of a spec's keys describes (a spec file's, or a batch job line's);
    /// `context` places its errors ("show.yaml", "jobs.jsonl: line 3").
    init(_ mapping: [String: Any], folder: String, context: String, overrides: [String] = [], commands: ParsedCommandCache? = nil) throws {
        var top = mapping
        let path = context
        // `spec` is the command's option that reads this very mapping: inside it, another spec's
        // name was taken without a word and never read.
        if top["spec"] != nil {
            throw CLIError("\(path): key 'spec' names a spec, which a spec cannot: give its slides here, or run that spec")
        }
        guard let entries = top.removeValue(forKey: "slides") as? [Any], !entries.isEmpty else {
            let noSlides = CLIError("\(path): 'slides' must be a non-empty list of images")
            // Another tool's spec ('clips', 'outPath') is told every key it does not know too.
            do {
                _ = try OptionArguments.parse(SlideshowCommand.self, mapping: top, context: path, alsoMeant: ["slides"])
            } catch {
                throw InputProblems(problems: InputProblems.problems(in: error) + [noSlides])
            }
            throw noSlides
        }
        for key in ["output", "audio"] {
            if let file = top[key] as? String { top[key] = FilePaths.resolve(file, in: folder) }
        }
        Self.resolveGestureFile(in: &top, folder: folder)
        // The show's length set beside the spec replaces the spec's, whichever way each sets it
        // (a show fitted to its music has no use for looping it, nor one whose music loops for fitting).
        for (given, replaced) in [("total", "fit-to-audio"), ("fit-to-audio", "total"), ("fit-to-audio", "audio-loop"), ("audio-loop", "fit-to-audio")]
        where overrides.contains(where: { $0 == "--\(given)" || $0.hasPrefix("--\(given)=") }) {
            top.removeValue(forKey: replaced)
        }
        if let key = top.keys.sorted().first(where: Self.slideOnlyKeys.contains) {
            throw CLIError("\(path): '\(key)' is a slide's key; give it to a slide in 'slides'")
        }
        // The spec's own keys are parsed alone first, so that an error in them is the spec's;
        // with nothing beside them, that parse is the command (each parse costs a millisecond: a
        // batch of inline slideshows planned at half the speed).
        var ownArguments: [String] = []
        let parseOwn = { try OptionArguments.parse(SlideshowCommand.self, ownArguments, context: path) }
        // The show's problems, every one reported together: the keys the parser refuses (unknown,
        // or a value it cannot read), then the values the show refuses, checked without those
        // keys (a bad `fit` and a bad `fps` in one run).
        var showProblems: [Error] = []
        let ownCommand: SlideshowCommand
        do {
            ownArguments = try OptionArguments.arguments(from: top, context: path)
            ownCommand = try commands.map { try $0.slideshow(ownArguments, parse: parseOwn) } ?? parseOwn()
        } catch {
            let refused = OptionArguments.refusedKeys(SlideshowCommand.self, mapping: top, context: path)
            guard !refused.isEmpty else { throw error }
            for (key, _) in refused {
                top.removeValue(forKey: key)
                // A check that relates the key to another is left to the next run.
                for dependent in Self.checkedAgainst[key] ?? [] { top.removeValue(forKey: dependent) }
            }
            showProblems = refused.map(\.problem)
            do {
                ownArguments = try OptionArguments.arguments(from: top, context: path)
                ownCommand = try parseOwn()
            } catch {
                throw InputProblems(problems: showProblems + InputProblems.problems(in: error))
            }
        }
        let arguments = ownArguments + overrides
        let command = overrides.isEmpty ? ownCommand : try OptionArguments.parse(SlideshowCommand.self, arguments, context: path)
        func check<Value>(_ value: () throws -> Value) -> Value? {
            do {
                return try Self.inContext(path, value)
            } catch {
                showProblems += InputProblems.problems(in: error)
                return nil
            }
        }
        _ = check { try command.transition.checkDurationAndGesture() }
        _ = check { try command.frame.policy() }
        // The show's rate: reported as the show's, not as slide 1's.
        _ = check { try command.transition.frameRate() }
        let seed = check { try command.show.shuffleSeed() } ?? 0
        // Every slide's hold is checked as it is made; the show's, which slides take, here too.
        _ = check { try TimelineParameters.hold.check(command.show.hold) }
        try InputProblems.throwIfAny(showProblems)
        self.context = path
        // A switch the spec sets is turned off beside it with its `--no-` form.
        ownKeys = Set(top.keys.filter { key in !overrides.contains { $0 == "--\(key)" || $0 == "--no-\(key)" || $0.hasPrefix("--\(key)=") } })
        try Self.checkSettings(of: command, ownKeys: ownKeys, context: path)
        self.command = command
        // Every slide is checked, and the problems of all of them reported together.
        // Each problem with the number of its slide, to list them in the slides' order.
        var problems: [(slide: Int, error: Error)] = []
        var images: [(image: String, look: SlideLook?, options: SlideshowCommand, own: [String], slide: Int)] = []
        // Parsing a command costs milliseconds and slides mostly repeat each other's options, so
        // each distinct set of a slide's own options is parsed once (a 1000-slide show: 14 s → 0.3 s).
        var mergedByOwn: [[String]: SlideshowCommand] = [[]: command]
        var checkedTransitionOptions: Set<[String]> = []
        var notes: [String] = []
        var anyGesture = false
        // The show's options that did nothing for a slide's transition, with the slides they did
        // nothing for, of the slides checked.
        var unused: [String: (misuse: OptionMisuse, slides: Int)] = [:], slidesChecked = 0
        for (index, entry) in entries.enumerated() {
            let context = "\(path): slide \(index + 1)"
            do {
                let (paths, look, own) = try Self.slide(entry, context: context, folder: folder, output: command.output,
                                                          checked: &checkedTransitionOptions, notes: &notes)
                // The slide's own options come after the top-level ones, so they win; a transition
                // the slide chooses (`transition: clock`, `fold: cubic`) replaces the show's.
                var base = Self.choosesTransition(own) ? Self.droppingTransition(ParameterArguments.expand(arguments)) : arguments
                var merged = try mergedByOwn[own] ?? OptionArguments.parse(SlideshowCommand.self, base + own, context: context)
                // The show's gesture-only options (show-touches, release-…) serve the slides with a
                // gesture; a slide without one leaves them (refused only if no slide has one).
                if !merged.transition.finger.isGiven, merged.transition.finger.hasGestureOnlyOptions, !own.contains(where: GestureArguments.isGestureOnly) {
                    base = GestureArguments.removingGestureOnlyOptions(base)
                    merged = try OptionArguments.parse(SlideshowCommand.self, base + own, context: context)
                }
                mergedByOwn[own] = merged
                // An option the slide's transition does not take does nothing (`direction` for a
                // fold): the slide's own is refused, as on the command line; the show's only if
                // it does nothing for every slide.
                if let misuse = merged.transition.drawing.optionNotApplying() {
                    if own.contains(where: { $0 == "--\(misuse.option)" || $0.hasPrefix("--\(misuse.option)=") }) { throw CLIError("\(context): \(misuse.asKey)") }
                    unused[misuse.option, default: (misuse, 0)].slides += 1
                }
                slidesChecked += 1
                anyGesture = anyGesture || merged.transition.finger.isGiven
                // A slide's own duration beside a gesture, its own or the show's, would go unused; the
                // show's duration beside the slide's gesture serves the other slides.
                if own.contains(where: { $0.hasPrefix("--duration=") }) {
                    try Self.inContext(context) { try merged.transition.checkDurationAndGesture() }
                }
                images += paths.map { ($0, look, merged, own, index) }
            } catch {
                problems += InputProblems.problems(in: error).map { (index, $0) }
            }
        }
        var slides: [SlideshowCommand.Slide] = []
        // Values are checked as each slide is made, and the slides that parsed are made even when
        // others did not, so that all the problems are reported together. Slides with the same
        // options of their own (none, say, under a bad top-level value; a folder's or a glob's
        // images) report a problem once, as the first of them.
        var reported: Set<[String]> = []
        // What making a clip of the show's own options alone refuses, worked out once a slide fails.
        var showsProblem: String??
        func showRefuses(alike error: Error) -> Bool {
            if showsProblem == nil {
                do {
                    _ = try command.transition.makeClip(forTransition: 0, boardOfTheShow: false)
                    showsProblem = .some(nil)
                } catch {
                    showsProblem = ErrorWording.asKeys(error)
                }
            }
            return showsProblem == ErrorWording.asKeys(error)
        }
        // Title slides stay where they are; the photos between them are ordered.
        let arranged = command.show.order.arrange(images, path: \.image, seed: seed, keepsPlace: { $0.look?.title != nil })
        for (image, look, options, own, index) in arranged {
            do {
                // A slide choosing its transition, not its board, may be one the show's board cannot tile.
                let boardOfTheShow = Self.choosesTransition(own) && !own.contains { $0.hasPrefix("--tiles=") }
                var look = look
                // A title card without a background of its own is on the show's.
                if look?.title != nil, look?.background == nil { look?.title?.background = try options.frame.policy().background }
                slides.append(SlideshowCommand.Slide(image: image, hold: try TimelineParameters.hold.check(options.show.hold),
                                                     next: try options.transition.makeClip(forTransition: slides.count, boardOfTheShow: boardOfTheShow),
                                                     look: look))
            } catch {
                // A value the slide did not give, which the show's own options refuse alike, is
                // the show's, the spec's or the command line's: a top-level `shadow: 9` was blamed
                // on the first slide that did not set its own. One the slide's options make wrong
                // (a show's `direction: left` on a slide's clock) stays the slide's.
                if let key = Self.key(of: error), !Self.slide(own, gives: key), showRefuses(alike: error) {
                    let problem = Self.attributed(error, ownKeys: ownKeys, context: path)
                    if reported.insert(["\(problem)"]).inserted { problems.append((index, problem)) }
                } else if reported.insert(own + [ErrorWording.asKeys(error)]).inserted {
                    problems.append((index, CLIError("\(path): slide \(index + 1): \(ErrorWording.asKeys(error))")))
                }
            }
        }
        // Sorting is stable: a slide's problems keep the order they were found in.
        try InputProblems.throwIfAny(problems.sorted { $0.slide < $1.slide }.map(\.error))
        if let note = Self.unusedOptionsOfTheLast(arranged.map { ($0.own, $0.slide) }, loop: command.show.loop, context: path) { notes.append(note) }
        if let (option, (misuse, _)) = unused.filter({ $0.value.slides == slidesChecked }).min(by: { $0.key < $1.key }) {
            throw CLIError("\(path): " + (top[option] != nil ? misuse.asKey : misuse.description))
        }
        // The show's gesture-only options with no gesture anywhere are refused, as on the command line.
        if !anyGesture { _ = try Self.inContext(path) { try command.transition.finger.make() } }
        // The show's stagger options serve the slides with a board; with none, they do nothing.
        if slides.allSatisfy({ $0.next.tiling.isSingle }) {
            do {
                try command.transition.drawing.board.checkUsed()
            } catch let misuse as OptionMisuse {
                throw CLIError("\(path): " + (top[misuse.option] != nil ? misuse.asKey : misuse.description))
            }
        }
        self.slides = slides
        slideOfImage = Dictionary(images.map { ($0.image, $0.slide) }) { first, _ in first }
        self.notes = notes
        describingFiles = SlideshowCommand.traces(of: [command] + images.map(\.options))
    }

    /// The render the show describes.
    func job() throws -> RenderJob {
        var job = try command.job(slides: slides, notes: notes)
        job.describingFiles = describingFiles
        return job
    }

    /// A note when the show's last slide (as arranged) sets options of the transition after it
    /// and the show does not loop, so that none follows it: a gesture given there did nothing
    /// without a word. A slide of several images (a folder) has transitions after all but its last.
    private static func unusedOptionsOfTheLast(_ slides: [(own: [String], slide: Int)], loop: Bool, context: String) -> String? {
        guard !loop, let last = slides.last, slides.filter({ $0.slide == last.slide }).count == 1 else { return nil }
        let keys = last.own.map { ParameterArguments.split($0.dropFirst(2)).name }.filter { $0 != "hold" }
        guard !keys.isEmpty else { return nil }
        return "note: \(context): slide \(last.slide + 1): \(keys.map { "'\($0)'" }.joined(separator: ", ")) did nothing: the last slide of a show that does not loop has no transition after it (with 'loop: true', one leads back to the first)"
    }

    /// What a slide must be.
    private static let notASlide = "a slide is an image path or a mapping with an 'image' path or a 'title'"

    /// A slide's images — one file, a folder's images, or a glob's matches, each a slide with the
    /// same options — and its own options as arguments.
    /// `checked` holds the transition options already found valid, so each is parsed once;
    /// `notes` gathers what folders left out.
    private static func slide(_ entry: Any, context: String, folder: String, output: String?,
                              checked: inout Set<[String]>, notes: inout [String]) throws -> (images: [String], look: SlideLook?, arguments: [String]) {
        if let image = entry as? String { return (try images(image, context: context, folder: folder, output: output, notes: &notes), nil, []) }
        guard var mapping = entry as? [String: Any] else {
            throw CLIError("\(context): \(notASlide)")
        }
        // A bad look is reported with the slide's bad options, not alone: the keys are out of `mapping` either way.
        var lookProblems: [Error] = []
        let look: SlideLook?
        do {
            look = try SlideLookKeys.take(from: &mapping, context: context)
        } catch {
            (look, lookProblems) = (nil, InputProblems.problems(in: error))
        }
        let image = mapping.removeValue(forKey: "image")
        // Whether the slide is a title is known only from a good look.
        if lookProblems.isEmpty {
            if look?.title != nil, image != nil { throw CLIError("\(context): a slide has an 'image' or a 'title', not both") }
            guard look?.title != nil || image is String else {
                throw CLIError("\(context): \(notASlide)")
            }
        }
        // The slide's bad options are reported with its bad look, and its hold with both.
        var problems = lookProblems
        var arguments: [String] = []
        do {
            if let key = mapping.keys.sorted().first(where: showWideKeys.contains) {
                throw CLIError("\(context): '\(key)' is set once, for the whole slideshow")
            }
            resolveGestureFile(in: &mapping, folder: folder)
            let transitionOptions = mapping.filter { $0.key != "hold" }
            // A slide may set only its hold and its transition's options; each key's problem is
            // found by the parse (`OptionArguments.parse(_:mapping:)`).
            let transition = try? OptionArguments.arguments(from: transitionOptions, context: context)
            if transition.map(checked.contains) != true {
                _ = try OptionArguments.parse(TransitionArguments.self, mapping: transitionOptions, context: context, alsoMeant: ["image", "hold"] + SlideLookKeys.keys)
            }
            arguments = try OptionArguments.arguments(from: transitionOptions, context: context)
            checked.insert(arguments)
        } catch {
            problems += InputProblems.problems(in: error)
        }
        do {
            arguments = try OptionArguments.arguments(from: mapping.filter { $0.key == "hold" }, context: context) + arguments
        } catch {
            problems += InputProblems.problems(in: error)
        }
        try InputProblems.throwIfAny(problems)
        let paths = try (image as? String).map { try images($0, context: context, folder: folder, output: output, notes: &notes) } ?? [""]
        return (paths, look, arguments)
    }

    /// The show's options that no slide sets: its frame (size, rate, fit), music, output, order…
    /// (the rate is among the transition's options, as a single transition's command sets it).
    private static let showWideKeys = Set(OptionSuggestion.longOptions(of: SlideshowCommand.self))
        .subtracting(OptionSuggestion.longOptions(of: TransitionArguments.self)).union(["fps"])
        .subtracting(["hold"] + SlideLookKeys.keys)

    /// Keys whose values the show checks against another key's (a seed is for a shuffled order):
    /// with that key refused, they are not checked on its default.
    private static let checkedAgainst = ["order": ["seed"]]

    /// The keys only a slide has, which a spec's top level might take by mistake.
    private static let slideOnlyKeys = Set(["image"] + SlideLookKeys.keys)
        .subtracting(OptionSuggestion.longOptions(of: SlideshowCommand.self))

    private static func images(_ entry: String, context: String, folder: String, output: String?, notes: inout [String]) throws -> [String] {
        let path = FilePaths.resolve(entry, in: folder)
        var found: [String] = []
        // A file named like a pattern (`p[1].png`) is that file.
        let isPattern = SlideImages.isPattern(entry) && !FileManager.default.fileExists(atPath: path)
        let images = try inContext(context) {
            isPattern ? try SlideImages.matching(path) : try SlideImages.expanding(path, leavingOut: output) { found.append($0) }
        }
        notes += found
        return images
    }

    /// Whether a slide's own arguments (`--key=value` each) choose its transition.
    private static func choosesTransition(_ own: [String]) -> Bool {
        own.contains { argument in
            let name = ParameterArguments.split(argument.dropFirst(2)).name
            return name == "transition" || TransitionRegistry.standard.names.contains(name)
        }
    }

    /// `expanded` arguments without the transition they choose (a transition's own options stay).
    private static func droppingTransition(_ expanded: [String]) -> [String] {
        var kept: [String] = [], index = 0
        while index < expanded.count {
            let argument = expanded[index]
            if argument == "--transition" || argument == "--\(ParameterArguments.shorthandOption)" {
                index += 2
            } else {
                if !argument.hasPrefix("--transition=") { kept.append(argument) }
                index += 1
            }
        }
        return kept
    }

    /// A touch trace's path, like an image's, is relative to the spec.
    private static func resolveGestureFile(in mapping: inout [String: Any], folder: String) {
        if let trace = mapping[gestureFileKey] as? String { mapping[gestureFileKey] = FilePaths.resolve(trace, in: folder) }
    }

    static let gestureFileKey = "gesture-file"

    /// Checks the show's encoder and music settings now, so that a value the spec gives that
    /// they refuse (`preset: fastest`, `audio-volume: 9`) is reported as the spec's key, not as a
    /// command line's option.
    private static func checkSettings(of command: SlideshowCommand, ownKeys: Set<String>, context: String) throws {
        do {
            if let output = command.output { try command.encoding.videoFormat(of: output).check(command.encoding.options, output) }
            _ = try command.music.soundtrack()
        } catch let error as CLIError {
            // Music outside a batch's root, which says nothing of where it was given.
            throw CLIError("\(context): \(error.message)")
        } catch {
            throw attributed(error, ownKeys: ownKeys, context: context)
        }
    }

    /// `error` as the spec's, worded as its key, when it is about a key the spec gave (and the
    /// command line did not override); else as it is, the command line's.
    private static func attributed(_ error: Error, ownKeys: Set<String>, context: String) -> Error {
        guard let key = key(of: error), ownKeys.contains(key) else { return error }
        return CLIError("\(context): \(ErrorWording.asKeys(error))")
    }

    /// The key whose value `error` refuses (`shadow`, `transition`), if it is about one.
    private static func key(of error: Error) -> String? {
        if let misuse = error as? OptionMisuse { return misuse.option }
        if let error = error as? ParameterError { return error.parameter }
        if case .unknownTransition? = error as? TransitionError { return "transition" }
        return nil
    }

    /// Whether a slide's own arguments give `key`; any that chooses a transition gives `transition`.
    private static func slide(_ own: [String], gives key: String) -> Bool {
        key == "transition" && choosesTransition(own) || own.contains { $0 == "--\(key)" || $0.hasPrefix("--\(key)=") }
    }

    /// Runs the show's render: what the output or the music refuses once the frame's size or the
    /// music's length is known (a GIF's rate, an offset past the music's end) is the spec's too.
    func run<Result>(_ render: () throws -> Result) throws -> Result {
        try placement.run(render)
    }

    /// Where the show's errors belong, apart from the show (a batch looks at a job's files on
    /// another thread).
    var placement: Placement { Placement(context: context, ownKeys: ownKeys, slideOfImage: slideOfImage) }

    /// What `run` places an error by: a key the spec gave at the spec, an image at its slide
    /// (`show.yaml: slide 3: IMG_7.jpg: no such file`).
    struct Placement: Sendable {
        fileprivate let context: String
        fileprivate let ownKeys: Set<String>
        fileprivate let slideOfImage: [String: Int]

        /// Whether the spec (or, for a show in a job line, the line) gives `key` itself.
        func gives(_ key: String) -> Bool { ownKeys.contains(key) }

        /// Runs `body`, placing what it throws.
        func run<Result>(_ body: () throws -> Result) throws -> Result {
            do {
                return try body()
            } catch {
                throw placed(SlideshowSpec.attributed(error, ownKeys: ownKeys, context: context))
            }
        }

        /// `error` with each problem about an image placed at its slide (`show.yaml: slide 3:
        /// photos/IMG_7.jpg: no such file`): a folder's or a glob's photos are named by file alone.
        private func placed(_ error: Error) -> Error {
            let problems = InputProblems.problems(in: error).map { problem -> Error in
                guard let problem = problem as? MediaError, let slide = slideOfImage[problem.path] else { return problem }
                return CLIError("\(context): slide \(slide + 1): \(problem)")
            }
            return problems.count == 1 ? problems[0] : InputProblems(problems: problems)
        }
    }

    /// Runs a check whose errors do not say where they are, prefixing them with `context`.
    private static func inContext<T>(_ context: String, _ check: () throws -> T) throws -> T {
        do {
            return try check()
        } catch {
            throw CLIError("\(context): \(ErrorWording.asKeys(error))")
        }
    }
}

extension Optional where Wrapped == SlideshowSpec.Placement {
    /// Runs `body`, placing what it throws where the slideshow command would (`Placement.run`)
    /// when there is a show to place it in.
    func placingProblems<Result>(_ body: () throws -> Result) throws -> Result {
        guard let placement = self else { return try body() }
        return try placement.run(body)
    }
}
