#!/usr/bin/env bash
# Writes tests/fixtures/klass-schema-N.redb (N: the schema this build writes) for the upgrade test
# (tests/binary/upgrade.rs): the demo school of 12 people (staff, families, tags, subjects,
# courses, groups, lessons with attendance and marks, the ledger and packages, boards, tasks,
# events, notifications, the log) as `klass serve --demo` writes it, plus what the demo has not:
# a file in a student's cabinet, his calendar link, a notification read and a password-reset mail,
# through the API. The server is stopped with SIGTERM, as a person stops it before an upgrade.
# Run it once per release whose migration changes a table, and commit the file it names.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --quiet --bin klass
klass=./target/debug/klass
dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT

"$klass" --data-dir "$dir" serve --listen 127.0.0.1:0 --demo --demo-people 12 >"$dir/out" 2>"$dir/err" &
pid=$!
base=""
for _ in $(seq 100); do
    base=$(grep -o 'http://[0-9.:]*' "$dir/out" | head -n 1 || true)
    [ -n "$base" ] && break
    sleep 0.2
done
[ -n "$base" ] || { cat "$dir/err" >&2; echo "the server did not start" >&2; exit 1; }

jar="$dir/cookies"
curl -fsS -c "$jar" -o /dev/null "$base/sanctum/csrf-cookie"
token() { awk '$6 == "XSRF-TOKEN" { print $7 }' "$jar"; }
curl -fsS -b "$jar" -c "$jar" -o /dev/null -H "X-XSRF-TOKEN: $(token)" -H 'Content-Type: application/json' \
    -d '{"email":"director@demo.klass","password":"klass-demo"}' "$base/login"
student=$(curl -fsS -b "$jar" "$base/api/users?roles%5B%5D=student&sort=created_at" | jq '.data[0].id')
printf 'Справка из школы для %s.\n' "$student" >"$dir/spravka.txt"
curl -fsS -b "$jar" -c "$jar" -o /dev/null -H "X-XSRF-TOKEN: $(token)" \
    -F "file=@$dir/spravka.txt;type=text/plain" "$base/api/users/$student/files"
# The student's private calendar link, one of the director's notifications read, and a mail
# with a single-use link (a parent forgot the password; no SMTP here, so it waits in the queue).
post() { curl -fsS -b "$jar" -c "$jar" -o /dev/null -H "X-XSRF-TOKEN: $(token)" -H 'Content-Type: application/json' "$@"; }
post -X POST "$base/api/users/$student/calendar-feed/rotate"
director=$(curl -fsS -b "$jar" "$base/api/user" | jq '.data.id')
notice=$(curl -fsS -b "$jar" "$base/api/users/$director/notifications" | jq '.data[0].id')
post -X POST "$base/api/notifications/$notice/read"
parent=$(curl -fsS -b "$jar" "$base/api/users?roles%5B%5D=parent&sort=created_at" | jq -r '.data[0].email')
post -d "{\"email\":\"$parent\"}" "$base/forgot-password"

kill -TERM "$pid"
wait "$pid"
version=$(sed -n 's/^const MIGRATIONS: \[.*; \([0-9]*\)\] = \[$/\1/p' src/store/migrations.rs)
out="tests/fixtures/klass-schema-$version.redb"
cp "$dir/klass.redb" "$out"
ls -l "$out"
