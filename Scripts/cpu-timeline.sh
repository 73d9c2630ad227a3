#!/usr/bin/env bash
# Where a command's CPU time goes over time, on all cores: records the scheduler's switches
# (perf sched, package linux-perf; as root) while COMMAND runs and prints, for each slice of
# BUCKET_MS (default 100) milliseconds, how many cores ran its main thread, its threads at a
# lower priority (nice + 5: fliptrans's render threads), its other threads (the encoder's, the
# image loader), other processes, and none (idle), then the totals in core-seconds. Idle cores
# while the command runs are time a pipeline could still use.
#   Scripts/cpu-timeline.sh 50 .build/release/fliptrans a.png b.png -o out.mp4
set -euo pipefail
bucket=${1:?usage: cpu-timeline.sh BUCKET_MS COMMAND...}; shift
data=$(mktemp)
trap 'rm -f "$data"' EXIT
perf sched record -a -o "$data" -- "$@" >&2
perf script -i "$data" -F pid,tid,time,cpu,trace 2>/dev/null | python3 -c '
import collections, re, sys
bucket, program = float(sys.argv[1]) / 1000, sys.argv[2][:15]
switch = re.compile(r"(\d+)/(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+prev_comm=(.*?) prev_pid=\d+ prev_prio=\d+ "
                    r"prev_state=\S+ ==> next_comm=.*? next_pid=(\d+) next_prio=(\d+)")
events = [m.groups() for m in map(switch.search, sys.stdin) if m]
process = {int(tid): int(pid) for pid, tid, *_ in events}
mains = collections.Counter(int(pid) for pid, tid, _, _, comm, *_ in events if pid == tid and comm.startswith(program))
if not mains: sys.exit(f"no thread named {program} ran")
main = mains.most_common(1)[0][0]
def kind(tid, prio):
    if tid == 0: return "idle"
    if tid == main: return "main"
    if process.get(tid) != main: return "other"
    return "lower" if prio > 120 else "threads"
kinds = ["main", "lower", "threads", "other", "idle"]
running, slices = {}, collections.defaultdict(collections.Counter)
start = float(events[0][3])
for _, _, cpu, time, _, next_tid, next_prio in events:
    time = float(time)
    if cpu in running:
        since, which = running[cpu]
        while since < time:
            index = int((since - start) / bucket)
            end = start + (index + 1) * bucket
            if end <= since: index, end = index + 1, end + bucket
            slices[index][which] += min(time, end) - since
            since = min(time, end)
    running[cpu] = (time, kind(int(next_tid), int(next_prio)))
mine = [int((float(e[3]) - start) / bucket) for e in events if process.get(int(e[1])) == main]
first, last = min(mine), max(mine)
print("%6s " % "s" + " ".join(f"{k:>7}" for k in kinds) + "   (cores busy)")
total = collections.Counter()
for index in range(first, last + 1):
    total.update(slices[index])
    print(f"{(index - first) * bucket:6.2f} " + " ".join(f"{slices[index][k] / bucket:7.2f}" for k in kinds))
print("%6s " % "total" + " ".join(f"{total[k]:7.2f}" for k in kinds) + f"   (core-seconds in {(last - first + 1) * bucket:.2f} s)")
' "$bucket" "$(basename "$1")"
