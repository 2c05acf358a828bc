# shellcheck shell=bash
# Section `work` of `make bench` (issue 17), sourced by bench/run.sh with its helpers and the
# 5,000-people school in $BIG_DIR: 100,000 tasks (examples/fill_tasks) with the director's board
# of 500 cards; the board with its cards (plain, and gzip-compressed as a browser takes it) and a
# worker's tasks for a month, each next to the bare route; a card moved into the same gap of another column again and again.

WORK_DIR="$WORK/school-5000-work"
cp -a "$BIG_DIR" "$WORK_DIR"
wait_quiet "filling the tasks"
t0=$(now_us)
read -r board card after before worker < <("$FILL_TASKS" "$WORK_DIR" 100000) || die "fill_tasks failed"
tasks_fill_s=$(calc "($(now_us) - $t0) / 1000000")
start_server klass-work taskset -c "$SERVER_CPU" "$KLASS" serve --data-dir "$WORK_DIR" --listen 127.0.0.1:0
wait_healthy "$SERVER_URL/api/health"
sign_in_jar work
month_from=$(date +%Y-%m-01) month_to=$(date -d "$(date +%Y-%m-01) +1 month -1 day" +%Y-%m-%d)
cards=$(curl -s -b "$jar" "$SERVER_URL/api/boards/$board" | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["data"]["cards"]))')
[[ $cards -ge 500 ]] || die "the director's board shows $cards cards instead of 500"
month=$(curl -s -b "$jar" "$SERVER_URL/api/users/$worker/tasks?due_from=$month_from&due_to=$month_to&per_page=50" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["meta"]["total"])')
pairs=()
for read in "a board with its $cards cards:boards/$board" \
    "a worker's tasks for this month ($month of them):users/$worker/tasks?due_from=$month_from&due_to=$month_to&per_page=50"; do
    measure_wrk "${read%%:*}" "$SERVER_URL/api/${read#*:}" -H "Cookie: $cookie"
    pairs+=("${read%%:*}:$WRK_RPS:$WRK_P99")
done
IFS=: read -r _ board_rps _ <<<"${pairs[0]}"
# A browser takes gzip, and a long kept answer goes compressed (web::compress_long_answers).
gzip=(-H "Accept-Encoding: gzip, deflate, br")
sizes=$(for enc in identity gzip; do
    curl -s -b "$jar" -H "Accept-Encoding: $enc" -o /dev/null -w '%{size_download} ' "$SERVER_URL/api/boards/$board"
done)
read -r board_plain_b board_gzip_b <<<"$sizes"
what="the board, as a browser asks it (gzip, $((board_gzip_b / 1000)) of $((board_plain_b / 1000)) KB)"
measure_wrk "$what" "$SERVER_URL/api/boards/$board" -H "Cookie: $cookie" "${gzip[@]}"
pairs+=("$what:$WRK_RPS:$WRK_P99")
body="{\"board_id\":$board,\"column_id\":2,\"after_id\":$after,\"before_id\":$before}"
move_code=$(curl -s -o "$WORK/move.json" -w '%{http_code}' -b "$jar" -H "X-XSRF-TOKEN: $(xsrf)" \
    -H "Content-Type: application/json" -d "$body" "$SERVER_URL/api/tasks/$card/move")
[[ $move_code == 200 ]] || { head -c 800 "$WORK/move.json" >&2; die "moving a card answered $move_code instead of 200"; }
{
    echo 'wrk.method = "POST"'
    echo 'wrk.headers["Content-Type"] = "application/json"'
    printf 'wrk.body = [==[%s]==]\n' "$body"
} >"$WORK/move.lua"
settle_disk
WRK_CONNS=4 measure_wrk "moving a card into the same gap (4 connections)" "$SERVER_URL/api/tasks/$card/move" \
    -s "$WORK/move.lua" -H "Cookie: $cookie" -H "X-XSRF-TOKEN: $(xsrf)"
move_rps=$WRK_RPS move_p99=$WRK_P99 move_errors=$WRK_ERRORS work_rss=$WRK_RSS_KB
position=$(curl -s -b "$jar" "$SERVER_URL/api/tasks/$card" | python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["position"])')
stop_server
# The ceiling of the plain board: the bare route answering as many bytes, made once, so that its
# only work per request is the kernel's copy (examples/bare_route, /api/bare-sized/{bytes}).
start_server bare-sized taskset -c "$SERVER_CPU" "$BARE" 127.0.0.1:0
wait_healthy "$SERVER_URL/api/bare"
measure_wrk "bare route answering $board_plain_b bytes" "$SERVER_URL/api/bare-sized/$board_plain_b"
sized_rps=$WRK_RPS
stop_server
for pair in "${pairs[@]}"; do
    IFS=: read -r what rps p99 <<<"$pair"
    ratio=$(num "100 * $rps / $bare_rps")
    row "$what req/s vs bare route ($rps / $bare_rps)" "$(printf '%.1f' "$ratio") %" ">= 30 %" "$(ge "$ratio" 30)"
    row "$what p99" "$p99 ms" "< 10 ms" "$(lt "$p99" 10)"
done
row "a bare route answering the plain board's $((board_plain_b / 1000)) KB, made once: req/s vs bare route ($sized_rps / $bare_rps)" "$(printf '%.1f' "$(num "100 * $sized_rps / $bare_rps")") %" "—" "info"
row "the board, plain, vs that bare answer of its size ($board_rps / $sized_rps)" "$(printf '%.1f' "$(num "100 * $board_rps / $sized_rps")") %" "—" "info"
row "moving a card: moves/s ($move_errors errors; its key after them: ${#position} characters)" "$move_rps" "—" "info"
row "moving a card p99 (4 connections; moves arriving together share a durable commit)" "$move_p99 ms" "< 10 ms" "$(lt "$move_p99" 10)"
row "RSS under load (peak, 100,000 tasks)" "$(mb "$work_rss * 1024") MB" "<= 60 MB" "$(le "$((work_rss * 1024))" 60000000)"
row "writing 100,000 tasks (examples/fill_tasks)" "$tasks_fill_s s" "—" "info"
note "Work: \`examples/fill_tasks\` writes 100,000 tasks through the record kit on the 5,000-people school: the staff in turn, due over the half year around today, one in three about a student; the director's first 500 are the cards of his board, spread over its three columns. Reads as the director: \`GET /api/boards/{id}\` (the board with every card), \`GET /api/users/{id}/tasks?due_from=$month_from&due_to=$month_to\` (a worker's month, first 50); the board again with \`Accept-Encoding: gzip\` as a browser sends it, which gets the kept text's compressed copy. The move is \`POST /api/tasks/{id}/move\` of one card into the same gap of another column, by wrk with 4 connections: each request finds the gap again and halves it, so its key grows until the column is spread anew; each move is on disk when it is answered, and moves that arrive while a commit is being made share the next one (\`store::commit_group\`). The bare answer of the board's size is \`GET /api/bare-sized/{bytes}\` of examples/bare_route: the same bytes made once and shared, so it shows what copying an answer that long costs on this machine, whoever serves it."
