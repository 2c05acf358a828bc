#!/usr/bin/env bash
# Instructions per request of one GET under callgrind: deterministic, so a change to a hot path
# can be judged on a busy 2-core machine where `make bench` figures move by ±15 %.
#
#   bench/callgrind.sh DATA_DIR PATH [N]    e.g. bench/callgrind.sh /tmp/big /api/users/2500
#   bench/callgrind.sh --bare [PATH] [N]    the yardstick (examples/bare_route; PATH /api/bare)
#
# DATA_DIR is copied first (a school made by `klass serve --demo --demo-people 5000` and the
# bench's fill_* examples); the copy is served by target/release/klass (build it with
# CARGO_PROFILE_RELEASE_STRIP=false to see function names), signed in as the director. After
# three warm-up requests and SETTLE seconds (default 20: the jobs a start runs would otherwise be
# counted), N requests (default 200) go over one kept-alive connection, as wrk sends them.
# Prints instructions per request and leaves the profile for `callgrind_annotate` in
# $OUT (default /tmp/klass-callgrind.out). KLASS_ENV adds variables, e.g. RUST_LOG=warn.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
OUT=${OUT:-/tmp/klass-callgrind.out}
port=$((20000 + RANDOM % 20000))
url=http://127.0.0.1:$port
work=$(mktemp -d) pid=
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
rm -f "$OUT" "$OUT".*
grind=(valgrind --tool=callgrind --instr-atstart=no "--callgrind-out-file=$OUT")

if [[ ${1:-} == --bare ]]; then
    path=${2:-/api/bare} n=${3:-200}
    "${grind[@]}" target/release/examples/bare_route "127.0.0.1:$port" >"$work/server.log" 2>&1 &
    pid=$!
    auth=()
else
    [[ $# -ge 2 ]] || { sed -n 5,6p "$0" >&2; exit 2; }
    path=$2 n=${3:-200}
    cp -a "$1"/. "$work/data"
    env ${KLASS_ENV:-} "${grind[@]}" target/release/klass serve --data-dir "$work/data" \
        --listen "127.0.0.1:$port" >"$work/server.log" 2>&1 &
    pid=$!
    auth=(-b "$work/jar")
fi
for _ in $(seq 1 600); do curl -s -o /dev/null "$url$path" && break; sleep 0.2; done
if [[ ${#auth[@]} -gt 0 ]]; then
    jar=$work/jar
    curl -s -c "$jar" -b "$jar" -o /dev/null "$url/sanctum/csrf-cookie"
    xsrf=$(awk '$6 == "XSRF-TOKEN" { print $7 }' "$jar")
    curl -s -c "$jar" -b "$jar" -o /dev/null -H "Content-Type: application/json" -H "X-XSRF-TOKEN: $xsrf" \
        -d '{"email":"director@demo.klass","password":"klass-demo"}' "$url/login"
fi
for _ in 1 2 3; do curl -s "${auth[@]}" -o "$work/answer" "$url$path"; done
sleep "${SETTLE:-20}"
callgrind_control -i on "$pid" >/dev/null 2>&1
urls=()
for _ in $(seq 1 "$n"); do urls+=(-o /dev/null "$url$path"); done
curl -s "${auth[@]}" "${urls[@]}"
callgrind_control -i off "$pid" >/dev/null 2>&1
callgrind_control -d "$pid" >/dev/null 2>&1
total=$(awk '/^totals:/ { print $2 }' "$OUT".1)
echo "$path: $((total / n)) instructions a request (answer $(wc -c <"$work/answer") bytes); profile $OUT.1"
