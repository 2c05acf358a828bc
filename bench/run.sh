#!/usr/bin/env bash
# shellcheck disable=SC2119,SC2120 # stop_server takes an optional PID
# `make bench`: measures the budgets of DESIGN.md §7 on this machine and writes bench/report.md
# (also printed). Loopback only, bounded in time: ~1 min plus the release build, plus up to
# BENCH_QUIET_WAIT s of waiting for other builds on the machine to end.
#
# Extending it (later issues): start a server with `start_server NAME CMD...` (sets SERVER_PID and
# SERVER_URL), add a budget row with `row WHAT FIGURE BUDGET VERDICT` (verdicts from `le`/`ge`/`lt`),
# load a route with `measure_wrk NAME URL [wrk args]` (adds a row to the throughput table and sets
# WRK_RPS, WRK_P50, WRK_P99, WRK_RSS_KB), and stop it with `stop_server`. See the "measurements"
# section at the end of this file.
#
# Environment: BENCH_RUNS (start-time runs, default 5), BENCH_WRK_SECS (default 10),
# BENCH_QUIET_WAIT (seconds in all to wait for other builds to end, default 90),
# BENCH_WRK_CONNS (default 50), BENCH_STRICT=1 (exit 1 when a budget is OVER),
# BENCH_NO_BUILD=1 (use the binaries already in target/release), BENCH_KEEP=1 (leave the schools
# made in the work directory, and say where, to look at them afterwards).
# BENCH_ONLY=safety (or a comma-separated list): run only those sections, with the schools they
# need; the report then holds only their rows. Sections: size, start, idle, health, people, log,
# teaching, journal, money, work, safety, logins, import (empty: all).
set -euo pipefail
export LC_ALL=C.UTF-8

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
REPORT=bench/report.md
KLASS=target/release/klass
BARE=target/release/examples/bare_route
FILL_LOG=target/release/examples/fill_log
FILL_LESSONS=target/release/examples/fill_lessons
FILL_JOURNAL=target/release/examples/fill_journal
FILL_LEDGER=target/release/examples/fill_ledger
FILL_TASKS=target/release/examples/fill_tasks
RAW_COMMIT=target/release/examples/raw_commit
RUNS=${BENCH_RUNS:-5}
WRK_SECS=${BENCH_WRK_SECS:-10}
WRK_CONNS=${BENCH_WRK_CONNS:-50}
WRK_THREADS=2
SERVER_CPU=0 # DESIGN.md §7: "server on one core"
LOAD_CPU=1   # wrk on the other core

# Settings from the caller's shell must not change what is measured.
while IFS= read -r var; do unset "$var"; done < <(compgen -e | grep '^KLASS_' || true)
unset RUST_LOG

die() {
    echo "bench: $*" >&2
    exit 1
}
# A fresh Debian machine lacks wrk: installed as .ci/run installs its tools (root, or sudo).
missing=()
for tool in wrk taskset timeout curl; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
    sudo=(); (($(id -u) == 0)) || sudo=(sudo)
    command -v apt-get >/dev/null || die "needs ${missing[*]} (Debian: apt-get install wrk util-linux coreutils curl)"
    echo "bench: installing wrk util-linux coreutils curl (for: ${missing[*]})" >&2
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk util-linux coreutils curl
fi
(($(nproc) >= 2)) || die "needs 2 cores: the server on one, wrk on the other"

# want SECTION: true when BENCH_ONLY is empty or names SECTION.
want() { [[ -z ${BENCH_ONLY:-} || ",${BENCH_ONLY// /}," == *",$1,"* ]]; }
# The examples the wanted sections run, next to the klass binary.
EXAMPLES=()
if want health || want people || want log || want teaching || want journal || want money || want work; then EXAMPLES+=(bare_route); fi
if want log || want safety; then EXAMPLES+=(fill_log); fi
if want teaching || want journal; then EXAMPLES+=(fill_lessons); fi
if want journal; then EXAMPLES+=(fill_journal raw_commit); fi
if want money; then EXAMPLES+=(fill_ledger); fi
if want work; then EXAMPLES+=(fill_tasks); fi

if [[ -z ${BENCH_NO_BUILD:-} ]]; then
    build=(cargo build --release --bin klass)
    for example in "${EXAMPLES[@]}"; do build+=(--example "$example"); done
    echo "bench: ${build[*]}" >&2
    "${build[@]}"
fi
for binary in "$KLASS" "${EXAMPLES[@]/#/target/release/examples/}"; do
    [[ -x $binary ]] || die "missing $binary (build it first)"
done

# Other builds sharing the two cores skew every figure: count them at the start and the end, and
# before each measurement wait for them to end (BENCH_QUIET_WAIT seconds in all, default 90).
# shellcheck disable=SC2009 # pgrep refuses a pattern this long without -f
busy() { ps -e -o comm= | grep -cxE 'rustc|cargo|node|chromium.*' || true; }
QUIET_LEFT=${BENCH_QUIET_WAIT:-90}
wait_quiet() {
    local waited=0
    while ((QUIET_LEFT > 0)) && (($(busy) > 0)); do
        ((waited > 0)) || echo "bench: waiting for other builds to end before: $1" >&2
        sleep 1
        QUIET_LEFT=$((QUIET_LEFT - 1)) waited=$((waited + 1))
    done
    ((waited == 0)) || echo "bench: waited ${waited} s" >&2
}
BUSY_BEFORE=$(busy)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/klass-bench.XXXXXX")
SERVERS=()
cleanup() {
    local pid
    for pid in "${SERVERS[@]}"; do
        kill -KILL "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    if [[ -n ${BENCH_KEEP:-} ]]; then
        echo "bench: the schools are left in $WORK (BENCH_KEEP)" >&2
    else
        rm -rf "$WORK"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- helpers

now_us() { echo "${EPOCHREALTIME//[.,]/}"; }

# awk does the arithmetic on decimals: calc EXPR prints it with one decimal, num EXPR in full.
calc() { awk "BEGIN { printf \"%.1f\", $1 }"; }
num() { awk "BEGIN { printf \"%.6g\", $1 }"; }
# Verdicts: le FIGURE LIMIT (figure <= limit), lt, ge.
le() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 <= b + 0) ? "PASS" : "OVER" }'; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 < b + 0) ? "PASS" : "OVER" }'; }
ge() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 >= b + 0) ? "PASS" : "OVER" }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mb() { calc "$1 / 1000000"; } # bytes -> MB (10^6 bytes, as the budgets)

BUDGET_ROWS=()
WRK_ROWS=()
NOTES=()
OVER=0
# row WHAT FIGURE BUDGET VERDICT: one line of the budget table (VERDICT "info" for no budget).
row() {
    BUDGET_ROWS+=("| $1 | $2 | $3 | $4 |")
    [[ $4 != OVER ]] || OVER=$((OVER + 1))
    printf 'bench: %-66s %-20s %-18s %s\n' "$1" "$2" "$3" "$4" >&2
}
note() { NOTES+=("- $*"); }

# status_kb PID FIELD: a field of /proc/PID/status (VmRSS, VmHWM), in kB.
status_kb() {
    local key value _
    while read -r key value _; do
        if [[ $key == "$2:" ]]; then
            echo "$value"
            return 0
        fi
    done <"/proc/$1/status"
    return 1
}

# http_ok URL: one GET over bash's /dev/tcp (no fork, so it does not blur start times); true on 200.
http_ok() {
    local rest=${1#http://} hostport path fd line
    hostport=${rest%%/*}
    path=/${rest#*/}
    { exec {fd}<>"/dev/tcp/${hostport%:*}/${hostport##*:}"; } 2>/dev/null || return 1
    printf 'GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n' "$path" "$hostport" >&"$fd"
    IFS= read -r -t 5 line <&"$fd" || line=
    exec {fd}>&-
    [[ $line == "HTTP/1.1 200"* ]]
}

# start_server NAME CMD...: starts CMD in the background and waits (10 s at most) for the line
# "... слушает http://ADDR" that klass and bare_route print. Sets SERVER_PID, SERVER_URL,
# SERVER_LOG (stdout; stderr is next to it as .err).
SERVER_PID=
SERVER_URL=
SERVER_LOG=
start_server() {
    local name=$1 line deadline re='слушает (http://[^[:space:]]+)'
    shift
    SERVER_LOG="$WORK/$name.$RANDOM.out"
    : >"$SERVER_LOG" # exists before the background job opens it, so the loop below can read it
    "$@" >"$SERVER_LOG" 2>"${SERVER_LOG%.out}.err" &
    SERVER_PID=$!
    SERVERS+=("$SERVER_PID")
    SERVER_URL=
    deadline=$(($(now_us) + 10000000))
    while :; do
        while IFS= read -r line; do
            if [[ $line =~ $re ]]; then
                SERVER_URL=${BASH_REMATCH[1]}
                return 0
            fi
        done <"$SERVER_LOG"
        if ! kill -0 "$SERVER_PID" 2>/dev/null; then
            cat "$SERVER_LOG" "${SERVER_LOG%.out}.err" >&2 || true
            die "$name exited before it was serving"
        fi
        (($(now_us) < deadline)) || die "$name printed no address in 10 s"
        sleep 0.002
    done
}

# wait_healthy URL [SECONDS]: polls until GET URL answers 200.
wait_healthy() {
    local deadline=$(($(now_us) + ${2:-10} * 1000000))
    until http_ok "$1"; do
        (($(now_us) < deadline)) || die "$1 did not answer 200 in ${2:-10} s"
        sleep 0.002
    done
}

# stop_server [PID]: SIGTERM (graceful), SIGKILL after 10 s; reaps it and forgets it.
stop_server() {
    local pid=${1:-$SERVER_PID} i kept=()
    if kill -TERM "$pid" 2>/dev/null; then
        for ((i = 0; i < 1000; i++)); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.01
        done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
    for i in "${SERVERS[@]}"; do [[ $i == "$pid" ]] || kept+=("$i"); done
    SERVERS=("${kept[@]}")
}

# start_ms NAME DATA_DIR_TEMPLATE [serve args]: sets START_MS, the median ms from spawn to the
# first 200 of /api/health over RUNS runs. DATA_DIR_TEMPLATE "empty" makes a fresh empty dir per run;
# otherwise it is a dir copied afresh for each run (so every run starts from the same file).
start_ms() {
    local name=$1 template=$2 dir t0 times=() i
    shift 2
    wait_quiet "start time, $name"
    for ((i = 0; i < RUNS; i++)); do
        dir="$WORK/start-$name-$i"
        # The copy is written to disk first: the server's open syncs the file, and a start would
        # otherwise time the kernel writing back the hundreds of MB just copied (a school's server
        # starts on a file that is long on disk).
        if [[ $template == empty ]]; then mkdir -p "$dir"; else cp -a "$template" "$dir" && sync "$dir/klass.redb"; fi
        t0=$(now_us)
        start_server "$name" "$KLASS" serve --data-dir "$dir" --listen 127.0.0.1:0 "$@"
        wait_healthy "$SERVER_URL/api/health"
        times+=("$(calc "($(now_us) - $t0) / 1000")")
        stop_server
        rm -rf "$dir"
    done
    START_MS=$(median "${times[@]}")
}

# cpu_ticks CPU: busy ticks of one core so far (user, nice, system, irq, softirq: a process's own
# time includes the interrupts it was charged; and steal: time the hypervisor gave elsewhere);
# cpu_all_ticks CPU: every state, idle too.
cpu_ticks() { awk -v c="cpu$1" '$1 == c { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }
cpu_all_ticks() { awk -v c="cpu$1" '$1 == c { for (i = 2; i <= NF; i++) n += $i; print n }' /proc/stat; }
# proc_ticks PID: user+system ticks of a process, all its threads.
proc_ticks() {
    local f
    read -r -a f <"/proc/$1/stat" || return 1
    echo $((f[13] + f[14]))
}

# to_ms VALUE: wrk's "513.00us" / "1.20ms" / "1.01s" -> milliseconds.
to_ms() {
    awk -v v="$1" 'BEGIN {
        n = v + 0
        if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /m$/) n *= 60000; else if (v ~ /s$/) n *= 1000
        printf "%.3f", n
    }'
}

# settle_disk: writes back what the steps before left in the page cache (a fill, the copies, the
# servers' logs of the reads: ~2 MB a second at 15k requests a second), so that a timed run of
# durable writes waits for its own commits, not for the kernel flushing that behind them. Without
# it a card move's p99 was 10 ms or 90-750 ms by when the kernel's 30-second writeback came.
settle_disk() { sync; }

# measure_wrk NAME URL [extra wrk args]: a warm-up (2 s) and a measured run of wrk, pinned to
# LOAD_CPU, against URL (its server should be pinned to SERVER_CPU). Adds a throughput row and
# sets WRK_RPS, WRK_P50, WRK_P99 (ms), WRK_ERRORS, WRK_RSS_KB (peak RSS of SERVER_PID, VmHWM)
# and WRK_FOREIGN (% of the server's core used by other processes during the run: above a few %,
# something else was running and the figures are low).
measure_wrk() {
    local name=$1 url=$2 out cpu0 all0 srv0
    shift 2
    out="$WORK/wrk-${name//[^A-Za-z0-9_-]/_}.txt"
    wait_quiet "wrk, $name"
    taskset -c "$LOAD_CPU" timeout 30 wrk -t"$WRK_THREADS" -c"$WRK_CONNS" -d2s "$@" "$url" >/dev/null
    cpu0=$(cpu_ticks "$SERVER_CPU") all0=$(cpu_all_ticks "$SERVER_CPU") srv0=$(proc_ticks "$SERVER_PID")
    taskset -c "$LOAD_CPU" timeout $((WRK_SECS + 30)) \
        wrk -t"$WRK_THREADS" -c"$WRK_CONNS" -d"${WRK_SECS}s" --latency "$@" "$url" >"$out"
    WRK_FOREIGN=$(calc "100 * (($(cpu_ticks "$SERVER_CPU") - $cpu0) - ($(proc_ticks "$SERVER_PID") - $srv0)) / ($(cpu_all_ticks "$SERVER_CPU") - $all0)")
    WRK_FOREIGN=$(awk -v v="$WRK_FOREIGN" 'BEGIN { printf "%.1f", (v < 0) ? 0 : v }')
    if awk -v v="$WRK_FOREIGN" 'BEGIN { exit !(v > 5) }'; then
        note "**$name: other processes took $WRK_FOREIGN % of the server's core during the run: its figures are low; run again on a quiet machine.**"
    fi
    WRK_RPS=$(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$out")
    WRK_P50=$(to_ms "$(awk '$1 == "50%" { print $2 }' "$out")")
    WRK_P99=$(to_ms "$(awk '$1 == "99%" { print $2 }' "$out")")
    WRK_ERRORS=$(awk '/Non-2xx/ { n += $NF } /Socket errors/ { gsub(",", ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' "$out")
    WRK_RSS_KB=$(status_kb "$SERVER_PID" VmHWM || echo 0)
    [[ -n $WRK_RPS ]] || {
        cat "$out" >&2
        die "could not read wrk's output for $name"
    }
    WRK_ROWS+=("| $name | \`/${url#http://*/}\` | $WRK_RPS | $WRK_P50 | $WRK_P99 | $WRK_ERRORS | $(mb "$WRK_RSS_KB * 1024") | $WRK_FOREIGN |")
    printf 'bench: wrk %-30s %8s req/s  p50 %s ms  p99 %s ms  errors %s  peak RSS %s kB  others on its core %s %%\n' \
        "$name" "$WRK_RPS" "$WRK_P50" "$WRK_P99" "$WRK_ERRORS" "$WRK_RSS_KB" "$WRK_FOREIGN" >&2
}

# csrf_token URL: the anonymous XSRF-TOKEN of the server at URL.
csrf_token() {
    curl -s -o /dev/null -D - "$1/sanctum/csrf-cookie" | awk -F'[=;]' 'tolower($1) == "set-cookie: xsrf-token" { print $2 }'
}

# sign_in_jar NAME: signs the demo director in to $SERVER_URL keeping the cookies in the jar
# $WORK/NAME.cookies (for curl's -b "$jar"); sets `jar` and `cookie` ("klass_session=…;
# XSRF-TOKEN=…", for wrk's -H). `xsrf` prints the jar's CSRF token (for a request that writes).
xsrf() { awk '$6 == "XSRF-TOKEN" { print $7 }' "$jar"; }
sign_in_jar() {
    jar="$WORK/$1.cookies"
    curl -s -c "$jar" -b "$jar" -o /dev/null "$SERVER_URL/sanctum/csrf-cookie"
    curl -s -c "$jar" -b "$jar" -o /dev/null -H "Content-Type: application/json" -H "X-XSRF-TOKEN: $(xsrf)" \
        -d '{"email":"director@demo.klass","password":"klass-demo"}' "$SERVER_URL/login"
    cookie="klass_session=$(awk '$6 == "klass_session" { print $7 }' "$jar"); XSRF-TOKEN=$(xsrf)"
}

# session_cookie URL EMAIL PASSWORD: signs in and prints "klass_session=…" for wrk's -H.
session_cookie() {
    local token
    token=$(csrf_token "$1")
    curl -s -o /dev/null -D - -H "Content-Type: application/json" -H "Cookie: XSRF-TOKEN=$token" \
        -H "X-XSRF-TOKEN: $token" -d "{\"email\":\"$2\",\"password\":\"$3\"}" "$1/login" |
        awk -F'[ ;]' 'tolower($1) == "set-cookie:" && $2 ~ /^klass_session=/ { print $2 }'
}

# ---------------------------------------------------------------- measurements

if want size; then
    # 1. Release binary size.
    size=$(stat -c %s "$KLASS")
    row "release binary \`target/release/klass\`" "$size B = $(mb "$size") MB" "<= 20 MB" "$(le "$size" 20000000)"
    if [[ -f ui/dist/index.html ]]; then ui="embedded (ui/dist)"; else ui="NOT embedded (ui/dist missing: size is without the UI)"; fi
    note "UI in the measured binary: $ui."
fi

# A data dir with the demo school, made once and copied for each run.
if want start || want idle || want health || want logins || want import; then
    DEMO_DIR="$WORK/demo"
    mkdir -p "$DEMO_DIR"
    t0=$(now_us)
    start_server demo-seed "$KLASS" serve --demo --data-dir "$DEMO_DIR" --listen 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/health"
    seed_ms=$(calc "($(now_us) - $t0) / 1000")
    stop_server
    demo_db=$(stat -c %s "$DEMO_DIR/klass.redb")
fi

if want start; then
    # 2. Start to serving.
    start_ms empty empty
    row "start to serving, empty data dir (median of $RUNS)" "$START_MS ms" "< 150 ms" "$(lt "$START_MS" 150)"
    start_ms demo "$DEMO_DIR"
    row "start to serving, demo school ($(mb "$demo_db") MB file; median of $RUNS)" "$START_MS ms" "< 150 ms" "$(lt "$START_MS" 150)"
    row "first start with \`--demo\` on an empty dir (seeds the school)" "$seed_ms ms" "—" "info"
    note "Start to serving = from spawning \`klass serve\` to the first 200 of \`GET /api/health\` (polled every 2 ms over bash's /dev/tcp, no fork per poll)."
fi

if want idle; then
    # 3. Idle RSS.
    for which in empty demo; do
        dir="$WORK/idle-$which"
        if [[ $which == empty ]]; then mkdir -p "$dir"; else cp -a "$DEMO_DIR" "$dir"; fi
        start_server "idle-$which" "$KLASS" serve --data-dir "$dir" --listen 127.0.0.1:0
        wait_healthy "$SERVER_URL/api/health"
        sleep 2
        kb=$(status_kb "$SERVER_PID" VmRSS)
        row "idle RSS, $which data dir (2 s after serving)" "$(mb "$kb * 1024") MB" "<= 20 MB" "$(le "$((kb * 1024))" 20000000)"
        stop_server
    done
fi

# 4 and 5. /api/health against the bare poem-openapi route, each server pinned to one core; the bare
# route is also what the people, log, teaching and journal sections compare against.
if want health || want people || want log || want teaching || want journal || want money || want work; then
    start_server bare taskset -c "$SERVER_CPU" "$BARE" 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/bare"
    measure_wrk "bare poem-openapi route" "$SERVER_URL/api/bare"
    bare_rps=$WRK_RPS bare_p99=$WRK_P99
    # DESIGN.md §7 holds a 50-row page's p99 to twice a bare page of 50's.
    measure_wrk "bare page of 50 rows" "$SERVER_URL/api/bare-page"
    bare_page_p99=$WRK_P99
    stop_server
fi

if want health; then

    dir="$WORK/load-demo"
    cp -a "$DEMO_DIR" "$dir"
    start_server klass-health taskset -c "$SERVER_CPU" "$KLASS" serve --data-dir "$dir" --listen 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/health"
    measure_wrk "klass /api/health" "$SERVER_URL/api/health"
    health_rps=$WRK_RPS health_p99=$WRK_P99 health_rss=$WRK_RSS_KB health_errors=$WRK_ERRORS
    stop_server

    # What the per-request log line costs: the same route with logging at warn (information only).
    dir="$WORK/load-quiet"
    cp -a "$DEMO_DIR" "$dir"
    start_server klass-quiet env RUST_LOG=warn taskset -c "$SERVER_CPU" "$KLASS" serve --data-dir "$dir" --listen 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/health"
    measure_wrk "klass /api/health, RUST_LOG=warn" "$SERVER_URL/api/health"
    stop_server
fi

# The 5,000-people school of sections 6, 6b, 6c, 6d and 6e.
BIG_DIR="$WORK/school-5000"
if want people || want log || want teaching || want journal || want money || want work || want safety; then
    start_server klass-seed "$KLASS" serve --demo --demo-people 5000 --data-dir "$BIG_DIR" --listen 127.0.0.1:0
    stop_server
fi

if want people; then
    # 6. People (issue 5): a school of 5,000 people with families and tags; a manager lists a
    # 50-row page (plain and with a search term) and opens a card, next to the bare route. The
    # server logs at debug how long each rebuild of its users directory takes (nothing per request).
    dir="$WORK/load-5000"
    cp -a "$BIG_DIR" "$dir"
    start_server klass-people env RUST_LOG=info,klass::store::directory=debug \
        taskset -c "$SERVER_CPU" "$KLASS" serve --data-dir "$dir" --listen 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/health"
    cookie=$(session_cookie "$SERVER_URL" director@demo.klass klass-demo)
    [[ -n $cookie ]] || die "could not sign in to the 5,000-people school"
    SEARCH=%D0%B8%D0%B2%D0%B0%D0%BD # «иван»
    found=$(curl -s -H "Cookie: $cookie" "$SERVER_URL/api/users?per_page=1&search=$SEARCH" | grep -o '"total":[0-9]*' | cut -d: -f2)
    measure_wrk "users page (first 50 of 5000)" "$SERVER_URL/api/users?per_page=50" -H "Cookie: $cookie"
    list_rps=$WRK_RPS list_p99=$WRK_P99 people_rss=$WRK_RSS_KB
    measure_wrk "users search «иван» (first 50 of ${found:-?} found)" "$SERVER_URL/api/users?per_page=50&search=$SEARCH" -H "Cookie: $cookie"
    search_rps=$WRK_RPS search_p99=$WRK_P99
    measure_wrk "user card" "$SERVER_URL/api/users/2500" -H "Cookie: $cookie"
    card_rps=$WRK_RPS card_p99=$WRK_P99
    # A sign-in writes last_login_at, so the next list rebuilds the directory, keeping the rest.
    session_cookie "$SERVER_URL" director@demo.klass klass-demo >/dev/null
    curl -s -o /dev/null -H "Cookie: $cookie" "$SERVER_URL/api/users?per_page=50"
    stop_server
    rebuilds=$(grep -a 'directory rebuilt' "${SERVER_LOG%.out}.err" | sed -E 's/.* kept=([0-9]+) ms=([0-9.]+).*/\1 \2/')
    read -r _ full_ms <<<"$(head -n1 <<<"$rebuilds")"
    read -r kept again_ms <<<"$(tail -n1 <<<"$rebuilds")"
    # DESIGN.md §7: the card >= 60 % of the bare route, p99 <= 2x its p99; a 50-row page >= 40 %,
    # p99 <= 2x a bare page of 50's.
    for pair in "users page:$list_rps:$list_p99:40:$bare_page_p99:bare page of 50" \
        "users search:$search_rps:$search_p99:40:$bare_page_p99:bare page of 50" \
        "user card:$card_rps:$card_p99:60:$bare_p99:bare route"; do
        IFS=: read -r what rps p99 floor yard_p99 yard <<<"$pair"
        ratio=$(num "100 * $rps / $bare_rps")
        row "$what req/s vs bare route ($rps / $bare_rps)" "$(printf '%.1f' "$ratio") %" ">= $floor %" "$(ge "$ratio" "$floor")"
        p99x=$(num "$p99 / $yard_p99")
        row "$what p99 vs $yard ($p99 / $yard_p99 ms)" "$(printf '%.2f' "$p99x") x" "<= 2 x" "$(le "$p99x" 2)"
    done
    row "RSS under load (peak, 5,000-people school)" "$(mb "$people_rss * 1024") MB" "<= 60 MB" "$(le "$((people_rss * 1024))" 60000000)"
    row "users directory rebuild, 5,000 people: from scratch / after a sign-in ($kept kept)" \
        "$(calc "${full_ms:-0}") / $(calc "${again_ms:-0}") ms" "—" "info"
    note "The 5,000-people school is \`serve --demo --demo-people 5000\` (staff, parents linked to children, tags); requests carry a manager's session cookie."
    note "The users directory (the read model lists run over) is built by the first list and rebuilt after any change to a user; its server runs with \`RUST_LOG=info,klass::store::directory=debug\`, which adds one line per rebuild and none per request, and the rebuild times are read from that log."
fi

# The year of log on that school, for sections 6b and 6d.
LOG_DIR="$WORK/school-5000-log"
if want log || want safety; then
    cp -a "$BIG_DIR" "$LOG_DIR"
    wait_quiet "filling the log"
    t0=$(now_us)
    "$FILL_LOG" "$LOG_DIR" 1000000 || die "fill_log failed"
    fill_s=$(calc "($(now_us) - $t0) / 1000000")
fi

if want log; then
    # 6b. A year of activity log on that school (DESIGN.md §7: "start to serving, 1M records"): the
    # start time, and the log's pages (plain, one day, one action) as lists, next to the bare route.
    log_db=$(du --block-size=1 "$LOG_DIR/klass.redb" | cut -f1) # on disk: redb grows its file sparsely
    start_ms log "$LOG_DIR"
    row "start to serving, 5,000 people and 1,000,000 log entries ($(mb "$log_db") MB on disk; median of $RUNS)" "$START_MS ms" "< 150 ms (1M records)" "$(lt "$START_MS" 150)"
    dir="$WORK/load-log"
    cp -a "$LOG_DIR" "$dir"
    start_server klass-log taskset -c "$SERVER_CPU" "$KLASS" serve --data-dir "$dir" --listen 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/health"
    cookie=$(session_cookie "$SERVER_URL" director@demo.klass klass-demo)
    [[ -n $cookie ]] || die "could not sign in to the school with the log"
    day=$(date -u -d '100 days ago' +%F)
    # A page's entries are kept as text once read (service::activity): the first read of five
    # pages nobody has opened, one request each, before the pages measured below.
    cold=()
    for p in 5000 5001 5002 5003 5004; do
        cold+=("$(curl -s -o /dev/null -w '%{time_total}' -H "Cookie: $cookie" "$SERVER_URL/api/history?per_page=50&page=$p")")
    done
    cold_ms=$(printf '%s\n' "${cold[@]}" | sort -n | sed -n 3p | awk '{printf "%.2f", $1 * 1000}')
    pairs=()
    for page in "history page (newest 50 of 1,000,000):per_page=50" \
        "history, one day ($day):per_page=50&date_from=$day&date_to=$day" \
        "history, one action (user.updated, 1 in 10):per_page=50&action=user.updated"; do
        measure_wrk "${page%%:*}" "$SERVER_URL/api/history?${page#*:}" -H "Cookie: $cookie"
        pairs+=("${page%%:*}:$WRK_RPS:$WRK_P99")
    done
    log_rss=$WRK_RSS_KB
    stop_server
    for pair in "${pairs[@]}"; do
        IFS=: read -r what rps p99 <<<"$pair"
        ratio=$(num "100 * $rps / $bare_rps")
        row "$what req/s vs bare route ($rps / $bare_rps)" "$(printf '%.1f' "$ratio") %" ">= 40 % (50-row page)" "$(ge "$ratio" 40)"
        p99x=$(num "$p99 / $bare_page_p99")
        row "$what p99 vs bare page of 50 ($p99 / $bare_page_p99 ms)" "$(printf '%.2f' "$p99x") x" "<= 2 x" "$(le "$p99x" 2)"
    done
    row "history page of 50 entries not read before (its first read, one request; median of 5 pages)" "$cold_ms ms" "—" "info"
    row "RSS under load (peak, 1,000,000 log entries)" "$(mb "$log_rss * 1024") MB" "<= 100 MB" "$(le "$((log_rss * 1024))" 100000000)"
    row "writing 1,000,000 log entries (examples/fill_log, 20,000 per transaction)" "$fill_s s" "—" "info"
    note "The year of log is \`examples/fill_log\` on the 5,000-people school: 1,000,000 entries spread over the past year, in time order (6 in 10 sign-ins, 3 sign-outs, 1 card edit by the director), with their indexes, as the portal writes them. The server keeps the text of the last 1,000 entries it showed (an entry never changes; only the people's names are put in per page), so the measured pages, after wrk's warm-up, are served from kept texts; the first read of a page is the row so marked."
fi

if want teaching; then
    # 6c. Teaching at scale (issue 13): the 5,000-people school with 300 more groups and 1,000,000
    # lessons (examples/fill_lessons); a teacher's week, a student's month, the school's week in one
    # room, a group's term and a student's calendar month, each next to the bare route; then a manager
    # creates a group with a year of timetable (clash checks included), in one commit.
    TEACH_DIR="$WORK/school-5000-lessons"
    cp -a "$BIG_DIR" "$TEACH_DIR"
    wait_quiet "filling the lessons"
    t0=$(now_us)
    "$FILL_LESSONS" "$TEACH_DIR" 300 1000000 || die "fill_lessons failed"
    lessons_fill_s=$(calc "($(now_us) - $t0) / 1000000")
    lessons_db=$(du --block-size=1 "$TEACH_DIR/klass.redb" | cut -f1)
    start_server klass-teaching taskset -c "$SERVER_CPU" "$KLASS" serve --data-dir "$TEACH_DIR" --listen 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/health"
    sign_in_jar teaching
    # A filled group (name «Группа 1»): its teacher, first student and room.
    read -r group teacher student room < <(curl -s -b "$jar" "$SERVER_URL/api/group-lessons?per_page=100&search=%D0%93%D1%80%D1%83%D0%BF%D0%BF%D0%B0%201" |
        python3 -c 'import json, sys, urllib.parse
g = [g for g in json.load(sys.stdin)["data"] if g["name"] == "Группа 1"][0]
print(g["id"], g["teacher_id"], g["student_ids"][0], urllib.parse.quote(g["room"]))')
    [[ -n ${room:-} ]] || die "fill_lessons made no group «Группа 1» the API lists"
    monday=$(date -d "$(date +%F) -$((($(date +%u) - 1))) days" +%F)
    sunday=$(date -d "$monday +6 days" +%F)
    month_from=$(date +%Y-%m-01)
    month_to=$(date -d "$month_from +1 month -1 day" +%F)
    term_from=$(date -d "$monday -8 weeks" +%F)
    term_to=$(date -d "$monday +10 weeks" +%F)
    counted=$(curl -s -b "$jar" "$SERVER_URL/api/calendar/days?from=$month_from&to=$month_to" |
        python3 -c 'import json, sys; print(sum(d["lessons"] + d["cancelled"] for d in json.load(sys.stdin)["data"]))') ||
        die "the school's month counted by day did not answer"
    pairs=()
    for read in "teacher's week:lessons?teacher_id=$teacher&from=$monday&to=$sunday&per_page=100" \
        "student's month:lessons?student_id=$student&from=$month_from&to=$month_to&per_page=100" \
        "school's week in one room:lessons?room=$room&from=$monday&to=$sunday&per_page=100" \
        "group's term (18 weeks):lessons?group_id=$group&from=$term_from&to=$term_to&per_page=100" \
        "student's calendar month:calendar?user_id=$student&from=$month_from&to=$month_to" \
        "school's calendar month counted by day ($counted lessons):calendar/days?from=$month_from&to=$month_to"; do
        measure_wrk "${read%%:*}" "$SERVER_URL/api/${read#*:}" -H "Cookie: $cookie"
        pairs+=("${read%%:*}:$WRK_RPS:$WRK_P99")
    done
    teach_rss=$WRK_RSS_KB
    # A group with a year of timetable: two weekly slots (Sunday evening, free in the filled school).
    students=$(curl -s -b "$jar" "$SERVER_URL/api/users?roles%5B%5D=student&per_page=100&page=20" | python3 -c 'import json, sys
print(json.dumps([u["id"] for u in json.load(sys.stdin)["data"]][-5:]))')
    year_to=$(date -d "+1 year -1 day" +%F)
    body=$(printf '{"name":"Бенч: год","subject_id":1,"teacher_id":%s,"student_ids":%s,"room":"каб. 99","schedule":[{"weekday":7,"start":"20:00","duration_minutes":45},{"weekday":7,"start":"21:00","duration_minutes":45}],"starts_on":"%s","ends_on":"%s"}' \
        "$teacher" "$students" "$(date +%F)" "$year_to")
    wait_quiet "creating a group with a year of timetable"
    create_rss0=$(status_kb "$SERVER_PID" VmHWM || echo 0)
    read -r create_code create_s < <(curl -s -b "$jar" -H "X-XSRF-TOKEN: $(xsrf)" -H "Content-Type: application/json" \
        -o "$WORK/group.json" -w '%{http_code} %{time_total}\n' -d "$body" "$SERVER_URL/api/group-lessons")
    create_rss=$(status_kb "$SERVER_PID" VmHWM || echo 0)
    [[ $create_code == 201 ]] || { head -c 800 "$WORK/group.json" >&2; die "creating a group answered $create_code instead of 201"; }
    new_group=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["data"]["id"])' "$WORK/group.json")
    made=$(curl -s -b "$jar" "$SERVER_URL/api/lessons?group_id=$new_group&from=$(date +%F)&to=$year_to&per_page=1" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["meta"]["total"])')
    stop_server
    for pair in "${pairs[@]}"; do
        IFS=: read -r what rps p99 <<<"$pair"
        ratio=$(num "100 * $rps / $bare_rps")
        row "$what req/s vs bare route ($rps / $bare_rps)" "$(printf '%.1f' "$ratio") %" ">= 30 %" "$(ge "$ratio" 30)"
        row "$what p99" "$p99 ms" "< 10 ms" "$(lt "$p99" 10)"
    done
    row "RSS under load (peak, 1,000,000 lessons)" "$(mb "$teach_rss * 1024") MB" "<= 100 MB" "$(le "$((teach_rss * 1024))" 100000000)"
    row "creating a group with a year of timetable ($made lessons, clash checks, one commit)" "$(calc "$create_s * 1000") ms" "—" "info"
    row "RSS while creating it (peak; $(mb "$create_rss0 * 1024") MB before)" "$(mb "$create_rss * 1024") MB" "<= 100 MB" "$(le "$((create_rss * 1024))" 100000000)"
    row "writing 300 groups and 1,000,000 lessons (examples/fill_lessons, $(mb "$lessons_db") MB on disk)" "$lessons_fill_s s" "—" "info"
    note "Teaching: \`examples/fill_lessons\` adds 300 groups (a teacher, 8 students, one of 30 rooms, two weekly slots) and 1,000,000 lessons to the 5,000-people school, two a week per group going back from 26 weeks ahead; reads are \`GET /api/lessons\` (per_page=100), \`GET /api/calendar\` and \`GET /api/calendar/days\` (the school's month, too many lessons to show one by one) as the director; the new group is \`POST /api/group-lessons\` by curl (time = curl's total)."
fi

# 6e. The journal (issue 14): the teaching school (300 groups of 8, 1,000,000 lessons) with
# 5,000,000 attendance records and 2,000,000 marks (examples/fill_journal); a group's journal for
# the current term, a student's marks and his attendance with its summary for the school year,
# each next to the bare route; then saving the journal of a group of 30 (PUT
# /api/lessons/{id}/journal, each in one durable commit, shared by the saves that arrive
# together) as saves per second, next to raw redb durable commits on the same disk
# (examples/raw_commit) in this run.
if want journal; then
    JOURNAL_DIR="$WORK/school-5000-journal"
    cp -a "$BIG_DIR" "$JOURNAL_DIR"
    wait_quiet "filling the lessons and the journal"
    "$FILL_LESSONS" "$JOURNAL_DIR" 300 1000000 || die "fill_lessons failed"
    t0=$(now_us)
    filled=$("$FILL_JOURNAL" "$JOURNAL_DIR" 5000000 2000000) || die "fill_journal failed"
    journal_fill_s=$(calc "($(now_us) - $t0) / 1000000")
    journal_db=$(du --block-size=1 "$JOURNAL_DIR/klass.redb" | cut -f1)
    start_server klass-journal taskset -c "$SERVER_CPU" "$KLASS" serve --data-dir "$JOURNAL_DIR" --listen 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/health"
    sign_in_jar journal
    read -r group student < <(curl -s -b "$jar" "$SERVER_URL/api/group-lessons?per_page=100&search=%D0%93%D1%80%D1%83%D0%BF%D0%BF%D0%B0%201" |
        python3 -c 'import json, sys
g = [g for g in json.load(sys.stdin)["data"] if g["name"] == "Группа 1"][0]
print(g["id"], g["student_ids"][0])')
    [[ -n ${student:-} ]] || die "fill_lessons made no group «Группа 1» the API lists"
    year=$(date +%Y)
    (($(date +%-m) >= 8)) || year=$((year - 1))
    year_from="$year-08-01" year_to="$((year + 1))-07-31"
    read -r grid_size < <(curl -s -b "$jar" "$SERVER_URL/api/group-lessons/$group/journal" | python3 -c 'import json, sys
d = json.load(sys.stdin)["data"]
print("%d students, %d lessons, %d cells, %d marks" % (len(d["students"]), len(d["lessons"]), len(d["cells"]), sum(len(c["marks"]) for c in d["cells"])))')
    read -r year_size < <(curl -s -b "$jar" "$SERVER_URL/api/users/$student/attendance?from=$year_from&to=$year_to" | python3 -c 'import json, sys
d = json.load(sys.stdin)["data"]
print("%d lessons, %d recorded" % (len(d["lessons"]), sum(1 for l in d["lessons"] if l["status"])))')
    read -r marks_size < <(curl -s -b "$jar" "$SERVER_URL/api/users/$student/marks?from=$year_from&to=$year_to" | python3 -c 'import json, sys
d = json.load(sys.stdin)["data"]
print("%d marks in %d subjects" % (sum(len(s["marks"]) for s in d["subjects"]), len(d["subjects"])))')
    # /users/{id}/attendance asks for one month at a time (ui/src/features/attendance/month.ts):
    # that read carries the budget; the whole school year in one request is shown for information.
    month_from=$(date +%Y-%m-01) month_to=$(date -d "$(date +%Y-%m-01) +1 month -1 day" +%Y-%m-%d)
    read -r month_size < <(curl -s -b "$jar" "$SERVER_URL/api/users/$student/attendance?from=$month_from&to=$month_to" | python3 -c 'import json, sys
d = json.load(sys.stdin)["data"]
print("%d lessons, %d recorded" % (len(d["lessons"]), sum(1 for l in d["lessons"] if l["status"])))')
    pairs=()
    for read in "group's journal, current term ($grid_size):group-lessons/$group/journal" \
        "student's marks, school year ($marks_size):users/$student/marks?from=$year_from&to=$year_to" \
        "student's attendance and summary, this month as the page asks ($month_size):users/$student/attendance?from=$month_from&to=$month_to" \
        "student's attendance and summary, school year in one request ($year_size):users/$student/attendance?from=$year_from&to=$year_to"; do
        measure_wrk "${read%%:*}" "$SERVER_URL/api/${read#*:}" -H "Cookie: $cookie"
        pairs+=("${read%%:*}:$WRK_RPS:$WRK_P99")
    done
    # A group of 30 (Sunday evening, free in the filled school); its first lesson's journal is saved.
    students=$(curl -s -b "$jar" "$SERVER_URL/api/users?roles%5B%5D=student&per_page=100&page=20" | python3 -c 'import json, sys
print(json.dumps([u["id"] for u in json.load(sys.stdin)["data"]][:30]))')
    teacher=$(curl -s -b "$jar" "$SERVER_URL/api/group-lessons/$group" | python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["teacher_id"])')
    body=$(printf '{"name":"Бенч: журнал 30","subject_id":1,"teacher_id":%s,"student_ids":%s,"capacity":30,"room":"каб. 98","schedule":[{"weekday":7,"start":"20:00","duration_minutes":45}],"starts_on":"%s","ends_on":"%s"}' \
        "$teacher" "$students" "$(date +%F)" "$(date -d '+4 weeks' +%F)")
    new_group=$(curl -s -b "$jar" -H "X-XSRF-TOKEN: $(xsrf)" -H "Content-Type: application/json" -d "$body" "$SERVER_URL/api/group-lessons" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["id"])') || die "could not create the group of 30"
    lesson=$(curl -s -b "$jar" "$SERVER_URL/api/lessons?group_id=$new_group&per_page=1" | python3 -c 'import json, sys; print(json.load(sys.stdin)["data"][0]["id"])')
    python3 - "$students" >"$WORK/journal-30.json" <<'PY'
import json, sys
students = json.loads(sys.argv[1])
statuses = ["present"] * 30
statuses[3], statuses[11], statuses[20] = "late", "excused", "unexcused"
records = [{"student_id": s, "status": statuses[i], "comment": None} for i, s in enumerate(students)]
marks = [{"student_id": s, "value": 5 - i % 3, "kind": "test" if i % 5 == 0 else "lesson", "weight": None, "comment": None}
         for i, s in enumerate(students[:10])]
first = {"topic": "Дроби", "homework": "№ 12, 14", "records": records, "marks": marks}
# The second journal differs in every row: each save changes 30 statuses, the topic, the
# homework and the marks' values (new marks, the others removed), so nothing is left as it was.
swap = {"present": "late", "late": "present", "excused": "unexcused", "unexcused": "excused"}
second = {"topic": "Дроби, повторение", "homework": "№ 15, 16",
          "records": [dict(r, status=swap[r["status"]]) for r in records],
          "marks": [dict(m, value=4 if m["value"] == 3 else 6 - m["value"]) for m in marks]}
print(json.dumps(first))
print(json.dumps(second))
PY
    save_code=$(curl -s -o "$WORK/journal-save.json" -w '%{http_code}' -X PUT -b "$jar" -H "X-XSRF-TOKEN: $(xsrf)" \
        -H "Content-Type: application/json" --data-binary "$(head -n1 "$WORK/journal-30.json")" "$SERVER_URL/api/lessons/$lesson/journal")
    [[ $save_code == 200 ]] || { head -c 800 "$WORK/journal-save.json" >&2; die "saving the journal answered $save_code instead of 200"; }
    {
        echo 'wrk.method = "PUT"'
        echo 'wrk.headers["Content-Type"] = "application/json"'
        printf 'local bodies = {[==[%s]==], [==[%s]==]}\n' "$(head -n1 "$WORK/journal-30.json")" "$(tail -n1 "$WORK/journal-30.json")"
        echo 'local sent = 0'
        echo 'request = function() sent = sent + 1; return wrk.format(nil, nil, nil, bodies[sent % 2 + 1]) end'
    } >"$WORK/journal-put.lua"
    # One wrk thread, so the two journals alternate in the order the saves are sent.
    settle_disk
    WRK_THREADS=1 WRK_CONNS=4 measure_wrk "saving a group of 30's journal (4 connections)" "$SERVER_URL/api/lessons/$lesson/journal" \
        -s "$WORK/journal-put.lua" -H "Cookie: $cookie" -H "X-XSRF-TOKEN: $(xsrf)"
    save_rps=$WRK_RPS save_p99=$WRK_P99 save_errors=$WRK_ERRORS
    journal_rss=$WRK_RSS_KB # the high-water mark: the reads' peak and the saves'
    stop_server
    mkdir -p "$WORK/raw"
    raw_rps=$(taskset -c "$SERVER_CPU" "$RAW_COMMIT" "$WORK/raw" "$WRK_SECS" | awk '{ print $(NF - 1) }')
    # The same commit into the school's own file (a table of its own; the school is thrown away).
    raw_school_rps=$(taskset -c "$SERVER_CPU" "$RAW_COMMIT" "$JOURNAL_DIR/klass.redb" "$WRK_SECS" | awk '{ print $(NF - 1) }')
    for pair in "${pairs[@]}"; do
        IFS=: read -r what rps p99 <<<"$pair"
        ratio=$(num "100 * $rps / $bare_rps")
        if [[ $what == *"in one request"* ]]; then
            row "$what req/s vs bare route ($rps / $bare_rps)" "$(printf '%.1f' "$ratio") %" "—" "info"
            row "$what p99" "$p99 ms" "—" "info"
            continue
        fi
        row "$what req/s vs bare route ($rps / $bare_rps)" "$(printf '%.1f' "$ratio") %" ">= 30 %" "$(ge "$ratio" 30)"
        row "$what p99" "$p99 ms" "< 10 ms" "$(lt "$p99" 10)"
    done
    ratio=$(num "100 * $save_rps / $raw_rps")
    row "saving a group of 30's journal: saves/s vs raw redb durable commits/s ($save_rps / $raw_rps)" "$(printf '%.1f' "$ratio") %" ">= 50 %" "$(ge "$ratio" 50)"
    ratio=$(num "100 * $save_rps / $raw_school_rps")
    row "saving a group of 30's journal: saves/s vs raw durable commits of one row into the school's own file ($save_rps / $raw_school_rps)" "$(printf '%.1f' "$ratio") %" "—" "info"
    row "saving a group of 30's journal p99 (4 connections; $save_errors errors)" "$save_p99 ms" "—" "info"
    row "RSS under load (peak over the reads and the saves, 5,000,000 attendance records)" "$(mb "$journal_rss * 1024") MB" "<= 100 MB" "$(le "$((journal_rss * 1024))" 100000000)"
    row "writing the journal (examples/fill_journal: $filled; $(mb "$journal_db") MB on disk with the lessons)" "$journal_fill_s s" "—" "info"
    note "Journal: \`examples/fill_journal\` records, going back from now through the done lessons of the teaching school (\`fill_lessons 300 1000000\`), every student's attendance (84 % present, 8 % late, 4 % excused, 4 % unexcused) and marks (a test of weight 2 for everyone there every fourth lesson of a group, lesson and homework marks at a share that makes 2,000,000), through the store in non-durable batches made durable at the end. Reads as the director: \`GET /api/group-lessons/{id}/journal\` (the current term), \`GET /api/users/{id}/marks\` and \`/attendance\` for the school year ($year_from to $year_to) of «Группа 1»'s first student. The save is \`PUT /api/lessons/{id}/journal\` of a group of 30 made by \`POST /api/group-lessons\` (30 records, 10 marks, topic and homework), two journals sent in turn that differ in every row (each status, the topic, the homework, the marks), by wrk with one thread and 4 connections, each save in one durable commit (saves that arrive while the previous commit is made share the next one: \`store::commit_group\`); raw = \`examples/raw_commit\` (one 200-byte row per durable redb commit, pinned to CPU $SERVER_CPU) after the server stopped, on the same disk, into a new file; the info row beside it commits the same row into the school's own file (a table of its own), where the trees are deep."
fi

if want money; then
    # 6f. Money (issue 15): the bench school with 1,000,000 ledger entries over two years
    # (examples/fill_ledger); one student's ledger page with his balance and packages, the
    # debtors, the school's ledger for this month with its totals, each next to the bare route;
    # then `klass money verify` over all of it.
    MONEY_DIR="$WORK/school-5000-money"
    cp -a "$BIG_DIR" "$MONEY_DIR"
    wait_quiet "filling the ledger"
    t0=$(now_us)
    ledger_filled=$("$FILL_LEDGER" "$MONEY_DIR" 1000000) || die "fill_ledger failed"
    ledger_fill_s=$(calc "($(now_us) - $t0) / 1000000")
    money_db=$(du --block-size=1 "$MONEY_DIR/klass.redb" | cut -f1)
    start_server klass-money taskset -c "$SERVER_CPU" "$KLASS" serve --data-dir "$MONEY_DIR" --listen 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/health"
    sign_in_jar money
    read -r debtor debtors_size < <(curl -s -b "$jar" "$SERVER_URL/api/payments/debtors" | python3 -c 'import json, sys
d = json.load(sys.stdin)
print(d["data"][0]["student_id"], "page of %d of %d debtors" % (len(d["data"]), d["meta"]["count"]))')
    [[ -n ${debtor:-} ]] || die "the filled ledger has no debtor"
    month_from=$(date +%Y-%m-01) month_to=$(date -d "$(date +%Y-%m-01) +1 month -1 day" +%Y-%m-%d)
    read -r month_size < <(curl -s -b "$jar" "$SERVER_URL/api/payments?from=$month_from&to=$month_to" | python3 -c 'import json, sys
d = json.load(sys.stdin)
print("%d entries" % d["meta"]["totals"]["count"])')
    read -r own_size < <(curl -s -b "$jar" "$SERVER_URL/api/users/$debtor/payments" | python3 -c 'import json, sys
d = json.load(sys.stdin)
print("page of %d of %d entries" % (len(d["data"]), d["meta"]["total"]))')
    pairs=()
    for read in "a student's ledger and balance ($own_size):users/$debtor/payments" \
        "debtors ($debtors_size):payments/debtors" \
        "the school's ledger for this month with totals ($month_size):payments?from=$month_from&to=$month_to"; do
        measure_wrk "${read%%:*}" "$SERVER_URL/api/${read#*:}" -H "Cookie: $cookie"
        pairs+=("${read%%:*}:$WRK_RPS:$WRK_P99")
    done
    money_rss=$WRK_RSS_KB
    stop_server
    t0=$(now_us)
    "$KLASS" --data-dir "$MONEY_DIR" money verify >"$WORK/money-verify.txt" || die "klass money verify found a difference: $(cat "$WORK/money-verify.txt")"
    verify_s=$(calc "($(now_us) - $t0) / 1000000")
    for pair in "${pairs[@]}"; do
        IFS=: read -r what rps p99 <<<"$pair"
        ratio=$(num "100 * $rps / $bare_rps")
        row "$what req/s vs bare route ($rps / $bare_rps)" "$(printf '%.1f' "$ratio") %" ">= 30 %" "$(ge "$ratio" 30)"
        row "$what p99" "$p99 ms" "< 10 ms" "$(lt "$p99" 10)"
    done
    row "RSS under load (peak, 1,000,000 ledger entries)" "$(mb "$money_rss * 1024") MB" "<= 100 MB" "$(le "$((money_rss * 1024))" 100000000)"
    row "klass money verify over 1,000,000 entries (recount of every balance)" "$verify_s s" "—" "info"
    row "writing the ledger (examples/fill_ledger: $ledger_filled; $(mb "$money_db") MB on disk)" "$ledger_fill_s s" "—" "info"
    note "Money: \`examples/fill_ledger\` writes 1,000,000 entries through \`store::ledger::append\` over the two years before today, the school's students in turn (lesson charges of 500–1 500 ₽, a payment every fifth entry, a reversal every fiftieth, one student in ten paying half). Reads as the director: \`GET /api/users/{id}/payments\` (the first page, 50 newest, of the largest debtor), \`GET /api/payments/debtors\`, \`GET /api/payments?from=$month_from&to=$month_to\` (the first page and the month's totals). \`klass money verify\` runs with the server stopped."
fi

if want work; then
    # 6g. Work (issue 17): bench/work.sh.
    # shellcheck source=bench/work.sh
    source bench/work.sh
fi

if want safety; then
    # 6d. Data safety (issue 16), on the school with the year of log: a manager's card requests while
    # `klass backup create` makes an online copy, next to the same requests without one; and the start
    # after an unclean stop (SIGKILL while serving), when redb repairs the file first.
    dir="$WORK/load-backup"
    cp -a "$LOG_DIR" "$dir"
    start_server klass-backup taskset -c "$SERVER_CPU" "$KLASS" serve --data-dir "$dir" --listen 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/health"
    cookie=$(session_cookie "$SERVER_URL" director@demo.klass klass-demo)
    [[ -n $cookie ]] || die "could not sign in to the school for the online copy"
    measure_wrk "user card, no copy running" "$SERVER_URL/api/users/2500" -H "Cookie: $cookie"
    calm_rps=$WRK_RPS calm_p99=$WRK_P99
    copy_rss0=$(status_kb "$SERVER_PID" VmHWM || echo 0)
    (
        sleep 3 # into the measured part of the run below (after wrk's 2 s warm-up)
        t0=$(now_us)
        taskset -c "$LOAD_CPU" "$KLASS" backup create --data-dir "$dir" >"$WORK/backup.out" 2>&1
        echo "$? $(calc "($(now_us) - $t0) / 1000000")" >"$WORK/backup.time"
    ) &
    copier=$!
    measure_wrk "user card during an online copy" "$SERVER_URL/api/users/2500" -H "Cookie: $cookie"
    wait "$copier" || true
    read -r copy_code copy_s <"$WORK/backup.time"
    copy_rss=$(status_kb "$SERVER_PID" VmHWM || echo 0)
    stop_server
    ((copy_code == 0)) || { cat "$WORK/backup.out" >&2; die "klass backup create failed during the load"; }
    copy_file=$(find "$dir/backups" -name '*.tar.gz' -printf '%s\n' 2>/dev/null | sort -n | tail -n1)
    row "online copy under load ($(mb "$(du --block-size=1 "$LOG_DIR/klass.redb" | cut -f1)") MB database → $(mb "${copy_file:-0}") MB archive)" "$copy_s s" "—" "info"
    row "user card during the copy: req/s, p99 (without: $calm_rps req/s, $calm_p99 ms)" "$WRK_RPS req/s, $WRK_P99 ms" "p99 <= 3 x without" "$(le "$(num "$WRK_P99 / $calm_p99")" 3)"
    row "RSS during the online copy (peak; $(mb "$copy_rss0 * 1024") MB before)" "$(mb "$copy_rss * 1024") MB" "<= 100 MB" "$(le "$((copy_rss * 1024))" 100000000)"
    dir="$WORK/unclean"
    cp -a "$LOG_DIR" "$dir"
    start_server klass-unclean "$KLASS" serve --data-dir "$dir" --listen 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/health"
    session_cookie "$SERVER_URL" director@demo.klass klass-demo >/dev/null # a write just before the kill
    kill -KILL "$SERVER_PID"
    stop_server
    start_ms unclean "$dir"
    row "start to serving after SIGKILL (repair first; 5,000 people, 1,000,000 log entries; median of $RUNS)" "$START_MS ms" "—" "info"
    note "Online copy: \`klass backup create\` (over the admin socket; the server writes the tar.gz on a thread of its own at nice 19) started 1 s into the measured wrk run of the user card, server pinned to CPU $SERVER_CPU, the CLI on CPU $LOAD_CPU; time = the CLI's wall time. Unclean start: the server is killed with SIGKILL right after a sign-in wrote, and each run starts from a copy of that file."
    note "RSS during the online copy: the copy reads every page of the database once, through the server's own page cache (\`storage.cache_mb\`, 40 MiB by default), which therefore fills (about 42 MB); the copy itself adds a few MB (a 2 MiB cache for the new file, 256 KiB buffers for the checksum and the gzip stream)."
fi

if want logins; then
    # 7. Sign-in storm (issue 4): 50 clients sign in at once (limits raised so every attempt hashes)
    # while 5 others read GET /api/user; the readers' p99 must stay low (hashing runs on a bounded pool).
    dir="$WORK/load-logins"
    cp -a "$DEMO_DIR" "$dir"
    start_server klass-logins env KLASS_AUTH__LOGIN_PER_MINUTE=1000000 KLASS_AUTH__LOGIN_PER_HOUR=1000000 \
        KLASS_AUTH__LOGIN_PER_IP_PER_MINUTE=1000000 taskset -c "$SERVER_CPU" "$KLASS" serve --data-dir "$dir" --listen 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/health"
    cookie=$(session_cookie "$SERVER_URL" smirnova@demo.klass klass-demo)
    XSRF=$(csrf_token "$SERVER_URL") taskset -c "$LOAD_CPU" timeout $((WRK_SECS + 20)) \
        wrk -t1 -c50 -d"$((WRK_SECS + 4))s" -s "$ROOT/bench/login.lua" "$SERVER_URL/login" >"$WORK/wrk-logins.txt" &
    storm=$!
    sleep 2
    WRK_CONNS=5 measure_wrk "GET /api/user during 50 sign-ins" "$SERVER_URL/api/user" -H "Cookie: $cookie"
    wait "$storm" || true
    logins=$(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$WORK/wrk-logins.txt")
    stop_server
    row "GET /api/user p99 while 50 clients sign in (${logins:-?} sign-ins/s)" "$WRK_P99 ms" "< 50 ms" "$(lt "$WRK_P99" 50)"
    note "Sign-in storm: wrk -c50 POST /login (bench/login.lua) on CPU $LOAD_CPU for the whole run, sign-in limits raised by KLASS_AUTH__* so every attempt hashes; GET /api/user measured with 5 connections alongside."
fi

if want health; then
    row "RSS under load (peak, /api/health, $WRK_CONNS conns)" "$(mb "$health_rss * 1024") MB" "<= 60 MB" "$(le "$((health_rss * 1024))" 60000000)"
    ratio=$(num "100 * $health_rps / $bare_rps")
    row "/api/health req/s vs bare route ($health_rps / $bare_rps)" "$(printf '%.1f' "$ratio") %" "—" "info"
    p99x=$(num "$health_p99 / $bare_p99")
    row "/api/health p99 vs bare route ($health_p99 / $bare_p99 ms)" "$(printf '%.2f' "$p99x") x" "—" "info"
    ((health_errors == 0)) || row "/api/health errors under load" "$health_errors" "0" "OVER"
    note "/api/health has no budget of its own: its rows show what the middleware, the log line and a redb read transaction cost next to the bare route."
fi

note "Load: \`wrk -t2 -c$WRK_CONNS -d${WRK_SECS}s --latency\` pinned with \`taskset -c $LOAD_CPU\`, after a 2 s warm-up; each server pinned with \`taskset -c $SERVER_CPU\` (DESIGN.md §7: server on one core), so tokio runs one worker. Both servers measured in this run, one after the other."
note "'others on its core' = busy time of the server's core (user, system, interrupts, hypervisor steal) not spent by the server itself (from /proc/stat and /proc/PID/stat) during the measured run."
note "Peak RSS = the kernel's high-water mark (VmHWM in /proc/PID/status) read after the run."
note "klass runs with its default logging (info, one line per request to stderr, here a file, written by klass's log thread many lines at a time) except in the row marked RUST_LOG=warn, which shows what that logging costs; the bare route logs nothing. \`/api/health\` opens a redb read transaction on the request's own worker (reads do not go to the blocking pool)."

if want import; then
    # 8. CSV import (issue 6): a manager imports 10,000 new people (parents and their children, tags,
    # birth dates, phones) in one file, written in one transaction; the server's peak RSS meanwhile.
    IMPORT_CSV="$WORK/import-10000.csv"
    awk 'BEGIN {
        print "Фамилия;Имя;Отчество;Email;Телефон;Роль;Дата рождения;Теги;Email родителя"
        for (i = 0; i < 10000; i++) {
            child = i % 2
            parent = child ? sprintf("bench%d@import.klass", i - 1) : ""
            printf "Импортов;%s;Петрович;bench%d@import.klass;+7 900 %03d-%02d-%02d;%s;%02d.%02d.%d;Поток %d;%s\n",
                child ? "Пётр" : "Иван", i, i % 1000, i % 100, (i * 7) % 100, child ? "ученик" : "родитель",
                i % 28 + 1, i % 12 + 1, child ? 2010 + i % 8 : 1975 + i % 20, i % 10, parent
        }
    }' >"$IMPORT_CSV"
    dir="$WORK/import-demo"
    cp -a "$DEMO_DIR" "$dir"
    start_server klass-import taskset -c "$SERVER_CPU" "$KLASS" serve --data-dir "$dir" --listen 127.0.0.1:0
    wait_healthy "$SERVER_URL/api/health"
    sign_in_jar import
    wait_quiet "CSV import"
    import_rss0=$(status_kb "$SERVER_PID" VmHWM || echo 0)
    read -r import_code import_s < <(curl -s -b "$jar" -H "X-XSRF-TOKEN: $(xsrf)" -o "$WORK/import.json" \
        -w '%{http_code} %{time_total}\n' -F "file=@$IMPORT_CSV;type=text/csv" -F dry_run=0 "$SERVER_URL/api/users/import/csv")
    import_rss=$(status_kb "$SERVER_PID" VmHWM || echo 0)
    stop_server
    if [[ $import_code != 200 ]] || ! grep -q '"created":10000' "$WORK/import.json"; then
        head -c 800 "$WORK/import.json" >&2
        die "the CSV import answered $import_code instead of 200 with 10,000 created"
    fi
    row "CSV import, 10,000 new people ($(mb "$(stat -c %s "$IMPORT_CSV")") MB file, one transaction)" "$(calc "$import_s") s" "<= 10 s" "$(le "$import_s" 10)"
    row "RSS during the CSV import (peak; $(mb "$import_rss0 * 1024") MB before it)" "$(mb "$import_rss * 1024") MB" "<= 60 MB" "$(le "$((import_rss * 1024))" 60000000)"
    note "CSV import: \`POST /api/users/import/csv\` (multipart, \`dry_run=0\`) by curl with a manager's session, into the demo school, server pinned to CPU $SERVER_CPU; the file is made by awk (5,000 parents, each with a child linked through «Email родителя», 10 tags); time = curl's total, upload included; peak RSS = VmHWM after the import."
fi

# ---------------------------------------------------------------- report

BUSY_AFTER=$(busy)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo "?")
git diff --quiet HEAD 2>/dev/null || commit="$commit (with uncommitted changes)"
{
    echo "# Klass bench"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- machine: $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo), $(awk '/^MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr)"
    echo "- other rustc/cargo/node/chromium processes at the start / the end: $BUSY_BEFORE / $BUSY_AFTER (above 0: the figures are skewed)"
    [[ -z ${BENCH_ONLY:-} ]] || echo "- sections: only $BENCH_ONLY (BENCH_ONLY)"
    echo "- commit: $commit; $("$KLASS" --version); $(rustc --version 2>/dev/null || echo rustc ?); $(wrk --version 2>&1 | head -n1 | awk '{ print $1, $2 }')"
    echo
    echo "## Budgets (DESIGN.md §7)"
    echo
    echo "| what | figure | budget | verdict |"
    echo "|---|---|---|---|"
    printf '%s\n' "${BUDGET_ROWS[@]}"
    echo
    echo "## Throughput ($WRK_CONNS connections, ${WRK_SECS} s, server on CPU $SERVER_CPU, wrk on CPU $LOAD_CPU)"
    echo
    echo "| server | path | req/s | p50 ms | p99 ms | errors | peak RSS MB | others on its core % |"
    echo "|---|---|---|---|---|---|---|---|"
    printf '%s\n' "${WRK_ROWS[@]}"
    echo
    echo "## How"
    echo
    printf '%s\n' "${NOTES[@]}"
    echo "- MB = 10^6 bytes, as in the budgets; RSS is VmRSS/VmHWM from /proc/PID/status."
    echo "- Memory budgets (DESIGN.md §7: idle <= 20 MB, under load <= 60 MB, with 10M records <= 100 MB): schools of fewer than a million records (the demo, 5,000 people, 100,000 tasks, the CSV import) are held to 60 MB; those of a million records or more (the log, the lessons, the journal, the ledger, the copy of the log school) to 100 MB. Start: < 150 ms up to a million records (DESIGN.md: 1M < 150 ms, 10M < 300 ms)."
    echo "- Figures vary by ±15% between runs on a shared 2-core machine; compare rows of one run."
} >"$REPORT"
echo
cat "$REPORT"
if ((OVER > 0)); then
    echo "bench: $OVER figure(s) OVER budget" >&2
    [[ -z ${BENCH_STRICT:-} ]] || exit 1
fi
