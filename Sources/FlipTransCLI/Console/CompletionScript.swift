import ArgumentParser
import FlipTransCore

/// `fliptrans --generate-completion-script bash|zsh|fish`: swift-argument-parser's script, plus
/// what its generator cannot know.
///
/// - **The default command.** Its scripts complete a subcommand's words only after the
///   subcommand's name, so `fliptrans a.png b.png --tr` completed nothing: `render`'s options
///   were offered only after `fliptrans render`. Here, words that do not start with a
///   subcommand's name are completed as `render`'s — as the parser reads them — and the first
///   word offers the first image besides the subcommands.
/// - **The transitions' own options** (`--page`, `--fold cubic`, `--pullback 0.9`), which reach
///   the parser rewritten (`ParameterArguments`), come from the registry for the commands that
///   render a transition. Their values are taken out of the words before the generated code
///   counts positional arguments, which would count `0.9` as an image.
/// - **`--transition cycle`**, which only `slideshow` takes: the option is shared with the
///   commands that render one transition, so the generated code offers the transitions alone.
///
/// Each addition wraps the generated code at a line this knows (its entry function, its
/// `complete`/`compdef` line); if a newer swift-argument-parser changes those, the script is
/// left as generated, and the tests say so.
struct CompletionScript {
    let shell: CompletionShell
    var registry = TransitionRegistry.standard

    /// The shell asked for by `--generate-completion-script SHELL` (or `=SHELL`, or the user's
    /// shell without one), nil when `arguments` do not ask for a script.
    static func requestedShell(in arguments: [String]) throws -> CompletionShell? {
        let option = "--generate-completion-script"
        guard let index = arguments.firstIndex(where: { $0 == option || $0.hasPrefix(option + "=") }) else { return nil }
        let name = arguments[index] == option ? (arguments.indices.contains(index + 1) ? arguments[index + 1] : nil)
            : String(arguments[index].dropFirst(option.count + 1))
        guard let name else { return CompletionShell.autodetected() ?? .bash }
        guard let shell = CompletionShell(rawValue: name) else {
            throw UsageError(message: "\(option): no completion script for '\(name)'; use \(CompletionShell.allCases.map(\.rawValue).joined(separator: ", "))",
                             hint: "See 'fliptrans --help' for more information.")
        }
        return shell
    }

    /// The script, ending with a line break.
    var text: String {
        let generated = FlipTrans.completionScript(for: shell) + "\n"
        switch shell {
        case .bash: return wrapping(generated, before: "complete -o filenames -F _fliptrans fliptrans", with: bash)
        case .zsh: return wrapping(generated, before: "if [[ \"${funcstack[1]}\" = _fliptrans ]]; then", with: zsh)
        case .fish: return offeringCycle(wrapping(generated, before: nil, with: fish))
        default: return generated
        }
    }

    /// The fish script with `cycle` among the words of the slideshow's `--transition` (its line
    /// keeps its description and its once-only condition).
    private func offeringCycle(_ script: String) -> String {
        let names = list(registry.names)
        return script.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.contains("\"fliptrans \(cycleCommand)\" transition'"), line.hasSuffix("-rfka '\(names)'") else { return String(line) }
            return line.dropLast(1) + " \(TransitionCycle.name)'"
        }.joined(separator: "\n")
    }

    /// `generated` with `addition` before `line` (at the end without one). The bash and zsh
    /// additions take over the generated entry function's name, which becomes `_fliptrans_generated`;
    /// the fish addition takes over its token function's.
    private func wrapping(_ generated: String, before line: String?, with addition: String) -> String {
        let entry = shell == .fish ? "\nfunction __fliptrans_tokens\n" : "\n_fliptrans() {\n"
        guard generated.contains(entry), line.map(generated.contains) ?? true else { return generated }
        let renamed = generated.replacingOccurrences(of: entry, with: entry.replacingOccurrences(of: "fliptrans", with: "fliptrans_generated"))
        guard let line else { return renamed + addition }
        return renamed.replacingOccurrences(of: line, with: addition + line)
    }

    // MARK: The words the additions use

    private var subcommands: [String] {
        OptionSuggestion.commandNames + ["help"]
    }

    /// The commands that render a transition, which take its own options.
    private var transitionCommands: [String] {
        FlipTrans.configuration.subcommands.filter { $0 is any JobCommand.Type }.map { $0._commandName }
    }

    /// Every option a transition brings: its name as a shorthand, and its own parameters.
    private var transitionOptions: [String] {
        (registry.names + registry.parameters.map(\.name)).uniqued().map { "--" + $0 }
    }

    /// The parameters whose option takes a value: the words it takes (none for a number), and
    /// whether the value may be left out (`--fold` alone is the fold, `--fold cubic` sets its
    /// parameter of the same name).
    private var valueOptions: [(option: String, words: [String], optional: Bool)] {
        registry.parameters.compactMap { parameter in
            switch parameter.kind {
            case .number: ("--" + parameter.name, [], false)
            case let .choice(words): ("--" + parameter.name, words, registry.names.contains(parameter.name))
            case .flag: nil
            }
        }
    }

    /// The command whose `--transition` also takes `cycle`.
    private var cycleCommand: String { SlideshowCommand._commandName }

    private func list(_ words: [String]) -> String { words.joined(separator: " ") }
    private func alternatives(_ words: [String]) -> String { words.joined(separator: "|") }

    // MARK: bash

    private var bash: String {
        let skips = valueOptions.map { option, words, optional in
            "            \(option)) " + (optional ? "[[ \" \(list(words)) \" == *\" ${COMP_WORDS[index + 1]} \"* ]] && ((index++))" : "((index++))") + " ;;"
        }.joined(separator: "\n")
        let values = valueOptions.map { option, words, optional in
            "        \(option)) COMPREPLY+=($(compgen -W '\(list(words))' -- \"${cur}\"))" + (optional ? "" : "; return") + " ;;"
        }.joined(separator: "\n")
        return """
            # fliptrans: the default command's words, and the transitions' own options.
            _fliptrans() {
                local -r cur="${2}" prev="${3}"
                # The words before the one completed, without the transitions' own options and
                # their values, which the generated code does not know.
                local -a words=("${COMP_WORDS[0]}")
                local -i index
                for ((index = 1; index < COMP_CWORD; index++)); do
                    case "${COMP_WORDS[index]}" in
                    \(alternatives(transitionOptions)))
                        case "${COMP_WORDS[index]}" in
            \(skips)
                        esac
                        ;;
                    *) words+=("${COMP_WORDS[index]}") ;;
                    esac
                done
                local -a COMP_WORDS
                local COMP_CWORD
                if ((${#words[@]} == 1)) && [[ "${cur}" != -* ]]; then
                    # The first word: a subcommand, or the default command's first image.
                    COMP_WORDS=("${words[0]}" "${cur}") COMP_CWORD=1
                    _fliptrans_generated "${1}" "${cur}" "${words[0]}"
                    COMP_WORDS=("${words[0]}" render "${cur}") COMP_CWORD=2
                    _fliptrans_generated "${1}" "${cur}" render
                    return
                fi
                case "${words[1]}" in
                \(alternatives(subcommands))) ;;
                *) words=("${words[0]}" render "${words[@]:1}") ;;
                esac
                case "${words[1]}" in
                \(alternatives(transitionCommands)))
                    case "${prev}" in
            \(values)
                    esac
                    [[ "${cur}" == -* ]] && COMPREPLY+=($(compgen -W '\(list(transitionOptions))' -- "${cur}"))
                    [[ "${words[1]}" == \(cycleCommand) && "${prev}" == --transition ]] && COMPREPLY+=($(compgen -W '\(TransitionCycle.name)' -- "${cur}"))
                    ;;
                esac
                COMP_WORDS=("${words[@]}" "${cur}") COMP_CWORD=${#words[@]}
                _fliptrans_generated "${1}" "${cur}" "${words[-1]}"
            }


            """
    }

    // MARK: zsh

    private var zsh: String {
        let skips = valueOptions.map { option, words, optional in
            "            \(option)) " + (optional ? "[[ \" \(list(words)) \" == *\" ${words[index + 1]} \"* ]] && (( index++ ))" : "(( index++ ))") + " ;;"
        }.joined(separator: "\n")
        let values = valueOptions.map { option, words, optional in
            "        \(option)) compadd -- \(list(words)) && ret=0" + (optional ? "" : "; return ret") + " ;;"
        }.joined(separator: "\n")
        return """
            # fliptrans: the default command's words, and the transitions' own options.
            _fliptrans() {
                local -i ret=1 index
                local -r previous="${words[CURRENT - 1]}"
                # The words before the one completed, without the transitions' own options and
                # their values, which the generated code does not know.
                local -a kept=("${words[1]}")
                for ((index = 2; index < CURRENT; index++)); do
                    case "${words[index]}" in
                    \(alternatives(transitionOptions)))
                        case "${words[index]}" in
            \(skips)
                        esac
                        ;;
                    *) kept+=("${words[index]}") ;;
                    esac
                done
                if (( ${#kept} == 1 )) && [[ "${PREFIX}" != -* ]]; then
                    # The first word: a subcommand, or the default command's first image.
                    words=("${kept[1]}" "${words[CURRENT]}")
                    CURRENT=2
                    _fliptrans_generated && ret=0
                    _files && ret=0
                    return ret
                fi
                case "${kept[2]}" in
                \(alternatives(subcommands))) ;;
                *) kept=("${kept[1]}" render "${kept[2,-1][@]}") ;;
                esac
                case "${kept[2]}" in
                \(alternatives(transitionCommands)))
                    case "${previous}" in
            \(values)
                    esac
                    [[ "${PREFIX}" == -* ]] && compadd -- \(list(transitionOptions)) && ret=0
                    [[ "${kept[2]}" == \(cycleCommand) && "${previous}" == --transition ]] && compadd -- \(TransitionCycle.name) && ret=0
                    ;;
                esac
                words=("${kept[@]}" "${words[CURRENT]}")
                CURRENT=${#words}
                _fliptrans_generated && ret=0
                return ret
            }


            """
    }

    // MARK: fish

    private var fish: String {
        let skips = valueOptions.map { option, words, optional in
            "            case '\(option)'\n                " + (optional ? "test $index -lt (count $tokens); and contains -- $tokens[(math $index + 1)] \(list(words)); and " : "") + "set index (math $index + 1)"
        }.joined(separator: "\n")
        var lines: [String] = []
        for command in transitionCommands {
            let start = "complete -c 'fliptrans' -n '__fliptrans_should_offer_completions_for_flags_or_options \"fliptrans \(command)\"'"
            for name in registry.names where !registry.parameters.contains(where: { $0.name == name }) {
                lines.append("\(start) -l '\(name)' -d 'The \(name) transition: --transition \(name)'")
            }
            for parameter in registry.parameters {
                let option = "\(start) -l '\(parameter.name)' -d '\(fishQuoted(parameter.help))'"
                switch parameter.kind {
                case .flag: lines.append(option)
                case .number: lines.append(option + " -rfka ''")
                case let .choice(words): lines.append(option + " -rfka '\(list(words))'")
                }
            }
        }
        return """
            # fliptrans: the default command's words, and the transitions' own options.
            function __fliptrans_tokens
                set -l tokens (__fliptrans_generated_tokens $argv)
                if not contains -- -pc $argv
                    printf '%s\\n' $tokens
                    return
                end
                # Without the transitions' own options and their values, which the generated code does not know.
                set -l kept $tokens[1]
                set -l index 2
                while test $index -le (count $tokens)
                    switch $tokens[$index]
            \(skips)
                    case \(transitionOptions.map { "'\($0)'" }.joined(separator: " "))
                    case '*'
                        set -a kept $tokens[$index]
                    end
                    set index (math $index + 1)
                end
                # Words that do not start with a subcommand's name are the default command's.
                if not contains -- "$kept[2]" \(list(subcommands))
                    if test (count $kept) -gt 1; or string match -q -- '-*' (commandline -ct)
                        set kept $kept[1] render $kept[2..]
                    end
                end
                printf '%s\\n' $kept
            end
            # The first word: a subcommand, or the default command's first image.
            complete -c 'fliptrans' -n 'test (count (__fliptrans_tokens -pc)) -eq 1' -F
            \(lines.joined(separator: "\n"))

            """
    }

    private func fishQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}

extension Array where Element: Hashable {
    /// The elements, each once, in the order first seen.
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
