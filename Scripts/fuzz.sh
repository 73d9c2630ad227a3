#!/usr/bin/env bash
# Mutation fuzzing of fliptrans's input parsers through the real code, run in child processes:
#   images  ImageDecoder.decode, the path every image input takes
#   specs   the reader of `slideshow --spec` (YAML/JSON read, checked and turned into slides)
#   jobs    the reader of `batch` (a job file read and each line turned into its command)
# Every mutated case must end in success or a one-line error; a crash, hang or unclean error
# fails the run, and the case is saved under fuzz-failures/<target>/ for a regression test.
#
#   Scripts/fuzz.sh                      # 5000 cases per target
#   Scripts/fuzz.sh --cases 300          # a short run (CI)
#   Scripts/fuzz.sh --target specs       # one target (repeat --target for several)
#   Scripts/fuzz.sh --seed 7 --interesting fuzz-interesting   # other cases; keep one per new outcome
#
# Coverage-guided, with libFuzzer (the same three targets, seeded with the files below and the
# regression corpora under Tests/; inputs that crash or fail uncleanly land in fuzz-failures/):
#   Scripts/fuzz.sh --libfuzzer                       # 1,000,000 executions per target
#   Scripts/fuzz.sh --libfuzzer --runs 20000 --target jobs
# Leaks inside system libraries that fliptrans cannot free are listed, with the reason, in
# Scripts/fuzz-leaks.supp.
#
# Seeds: small PNG, JPEG (baseline and progressive), WebP, TIFF, GIF, HEIC, AVIF and animated
# WebP, GIF and APNG files drawn here; Samples/tour.yaml and the JSON spec and job file in
# Scripts/fuzz-seeds/.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
# Small seeds keep mutations near the headers, where the parsing is.
mkdir "$seeds/images"
ffmpeg -nostdin -v error -f lavfi -i testsrc=size=48x32 -frames:v 1 "$seeds/images/seed.png"
ffmpeg -nostdin -v error -i "$seeds/images/seed.png" "$seeds/images/seed.jpg"
ffmpeg -nostdin -v error -i "$seeds/images/seed.png" "$seeds/images/lossy.webp"
ffmpeg -nostdin -v error -i "$seeds/images/seed.png" -lossless 1 "$seeds/images/lossless.webp"
ffmpeg -nostdin -v error -i "$seeds/images/seed.png" -pix_fmt pal8 "$seeds/images/palette.png"
ffmpeg -nostdin -v error -i "$seeds/images/seed.png" "$seeds/images/seed.tiff"
jpegtran -progressive -outfile "$seeds/images/progressive.jpg" "$seeds/images/seed.jpg"
# Two frames each: the animated readers (libwebp's, FFmpeg's GIF and PNG).
for animated in animated.webp animated.gif animated.apng; do
    ffmpeg -nostdin -v error -f lavfi -i testsrc=size=48x32:rate=2 -frames:v 2 "$seeds/images/$animated"
done
ffmpeg -nostdin -v error -i "$seeds/images/seed.png" "$seeds/images/seed.gif"
heif-enc -q 50 -o "$seeds/images/seed.heic" "$seeds/images/seed.png" >/dev/null
avifenc -s 10 "$seeds/images/seed.png" "$seeds/images/seed.avif" >/dev/null
cp -R Scripts/fuzz-seeds/specs Scripts/fuzz-seeds/jobs "$seeds/"
cp Samples/tour.yaml "$seeds/specs/"

if [ "${1:-}" = "--libfuzzer" ]; then
    shift
    runs=1000000
    targets=()
    while [ $# -gt 0 ]; do
        case "$1" in
            --runs) runs=$2; shift 2 ;;
            --target) targets+=("$2"); shift 2 ;;
            *) echo "fuzz.sh --libfuzzer: unknown option $1" >&2; exit 2 ;;
        esac
    done
    [ ${#targets[@]} -gt 0 ] || targets=(images specs jobs)
    # Instrumented for coverage (SanitizerCoverage, as clang's -fsanitize=fuzzer does) and
    # AddressSanitizer; libFuzzer's driver is linked without its main, which the target supplies.
    runtime=$(dirname "$(command -v swiftc)")/../lib/clang
    fuzzer_library=$(ls "$runtime"/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)
    build=(-c release --scratch-path .build-libfuzzer -Xswiftc -sanitize=address
           -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp -Xswiftc -DFUZZING
           -Xlinker "$fuzzer_library" -Xlinker -lstdc++)
    swift build "${build[@]}" --product fliptrans-libfuzzer >&2
    fuzzer="$(swift build "${build[@]}" --show-bin-path)/fliptrans-libfuzzer"
    cp Tests/FlipTransMediaTests/Decoding/Corpus/* "$seeds/images/"
    cp Tests/FlipTransCLITests/Corpus/specs/* "$seeds/specs/"
    cp Tests/FlipTransCLITests/Corpus/jobs/* "$seeds/jobs/"
    for target in "${targets[@]}"; do
        mkdir -p "fuzz-failures/$target" "$seeds/corpus-$target"
        # Specs are at most 1 MiB and job files 64 MiB, but the readers' paths are all reached by
        # small files, and smaller inputs run many more cases a second.
        case "$target" in images) max_len=65536 ;; specs) max_len=16384 ;; *) max_len=4096 ;; esac
        echo "libfuzzer $target: $runs runs" >&2
        # The seeds folder is read, the corpus folder grows with inputs that found new coverage.
        FLIPTRANS_FUZZ_TARGET=$target LSAN_OPTIONS=suppressions=$PWD/Scripts/fuzz-leaks.supp "$fuzzer" "$seeds/corpus-$target" "$seeds/$target" -runs="$runs" \
            -max_len="$max_len" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
            -artifact_prefix="fuzz-failures/$target/" 2>"$seeds/$target.log" || { tail -40 "$seeds/$target.log" >&2; exit 1; }
        grep -E '^(Done|stat::)|cov: [0-9]+ ft: [0-9]+ corp' "$seeds/$target.log" | tail -7 >&2
    done
    exit 0
fi

# SWIFT_SCRATCH_PATH picks the build folder (default .build).
scratch=(--scratch-path "${SWIFT_SCRATCH_PATH:-.build}")
swift build "${scratch[@]}" --product fliptrans-fuzz >&2
"$(swift build "${scratch[@]}" --show-bin-path)/fliptrans-fuzz" run --seeds "$seeds" --cases 5000 "$@"
