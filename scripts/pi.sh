#!/bin/sh
# `make pi`: cross-compiles the release binary for a Raspberry Pi (aarch64-unknown-linux-gnu),
# starts it under qemu's user-mode emulation with the demo school, checks /api/health and a
# sign-in, and prints the binary's size and the emulated process's memory. Needs Debian's
# gcc-aarch64-linux-gnu and qemu-user (installed here when missing) and rustup.
set -eu
TARGET=aarch64-unknown-linux-gnu
SYSROOT=/usr/aarch64-linux-gnu

have() { command -v "$1" >/dev/null 2>&1; }
if ! have aarch64-linux-gnu-gcc || ! have qemu-aarch64; then
  echo "Устанавливаю кросс-компоновщик и qemu: gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get install -y --no-install-recommends gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
fi
rustup target list --installed | grep -qx "$TARGET" || rustup target add "$TARGET"

# A target directory of its own, so this long build does not lock out the everyday one.
OUT="${CARGO_TARGET_DIR:-target/pi}"
CARGO_TARGET_DIR="$OUT" CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
  cargo build --release --locked --target "$TARGET" --bin klass
BIN="$OUT/$TARGET/release/klass"
file "$BIN" 2>/dev/null || true

DATA=$(mktemp -d)
LOG="$DATA/serve.log"
qemu-aarch64 -L "$SYSROOT" "$BIN" --data-dir "$DATA/data" serve --demo --listen 127.0.0.1:0 >"$LOG" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true; rm -rf "$DATA"' EXIT
URL=""
for _ in $(seq 1 600); do
  URL=$(grep -o 'http://[0-9.:]*' "$LOG" | head -n1 || true)
  [ -n "$URL" ] && break
  kill -0 $PID 2>/dev/null || { cat "$LOG"; echo "klass завершился при запуске"; exit 1; }
  sleep 0.5
done
[ -n "$URL" ] || { cat "$LOG"; echo "klass не начал слушать за 5 минут"; exit 1; }

curl -fsS "$URL/api/health" && echo
JAR="$DATA/cookies"
curl -fsS -c "$JAR" -o /dev/null "$URL/sanctum/csrf-cookie"
XSRF=$(awk '$6 == "XSRF-TOKEN" { print $7 }' "$JAR")
STATUS=$(curl -sS -b "$JAR" -c "$JAR" -o /dev/null -w '%{http_code}' \
  -H 'Content-Type: application/json' -H "X-XSRF-TOKEN: $XSRF" \
  -d '{"email":"director@demo.klass","password":"klass-demo"}' "$URL/login")
[ "$STATUS" = 204 ] || { echo "вход не удался: HTTP $STATUS"; exit 1; }
echo "Вход директора демо-школы: HTTP $STATUS"
echo "Размер бинарника: $(du -h "$BIN" | cut -f1) ($(stat -c %s "$BIN") байт)"
echo "Память процесса под qemu (RSS, включая эмулятор): $(ps -o rss= -p $PID) КиБ"
echo "make pi: всё в порядке."
