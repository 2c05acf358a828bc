#!/bin/sh
# `make pi`: cross-compiles the release binary for a Raspberry Pi (aarch64-unknown-linux-gnu),
# starts it under qemu's user-mode emulation with the demo school, checks /api/health and a
# sign-in, and prints the binary's size and the emulated process's memory. On a fresh Debian or
# Ubuntu machine it first installs what it needs (with sudo): curl, a C compiler, Debian's
# aarch64 cross compiler and qemu-user through apt-get, and rustup from rustup.rs.
set -eu
TARGET=aarch64-unknown-linux-gnu
SYSROOT=/usr/aarch64-linux-gnu

have() { command -v "$1" >/dev/null 2>&1; }
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo

# The Debian packages that are missing, each found missing by a file it provides.
MISSING=""
have curl || MISSING="$MISSING curl"
[ -e /etc/ssl/certs/ca-certificates.crt ] || MISSING="$MISSING ca-certificates"
have cc || MISSING="$MISSING gcc libc6-dev"
have aarch64-linux-gnu-gcc || MISSING="$MISSING gcc-aarch64-linux-gnu"
[ -e "$SYSROOT/lib/ld-linux-aarch64.so.1" ] || MISSING="$MISSING libc6-dev-arm64-cross"
have qemu-aarch64 || MISSING="$MISSING qemu-user"
if [ -n "$MISSING" ]; then
  have apt-get || { echo "Не хватает пакетов:$MISSING. Здесь нет apt-get: установите их сами и повторите make pi."; exit 1; }
  [ -z "$SUDO" ] || have sudo || { echo "Не хватает пакетов:$MISSING. Нужны права root (или sudo), чтобы их установить."; exit 1; }
  echo "Устанавливаю недостающие пакеты:$MISSING (apt-get update, затем apt-get install)"
  $SUDO apt-get update
  # shellcheck disable=SC2086 # a list of package names, split on purpose
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $MISSING
fi

# rustup adds the aarch64 standard library; Debian's own Rust cannot. Installed for this user
# when missing (into ~/.cargo, as rustup.rs does), and put first so its cargo is the one used.
[ -x "$HOME/.cargo/bin/rustup" ] && PATH="$HOME/.cargo/bin:$PATH"
if ! have rustup; then
  echo "rustup не найден: устанавливаю его с https://rustup.rs в ~/.cargo (стабильный Rust)"
  INIT=$(mktemp)
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs -o "$INIT" ||
    { rm -f "$INIT"; echo "Не удалось скачать установщик rustup с https://sh.rustup.rs: проверьте доступ в интернет."; exit 1; }
  RUSTUP_INIT_SKIP_PATH_CHECK=yes sh "$INIT" -y --profile minimal --no-modify-path
  rm -f "$INIT"
  PATH="$HOME/.cargo/bin:$PATH"
fi
export PATH
rustup show active-toolchain >/dev/null 2>&1 || rustup default stable
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
echo "Память процесса под qemu (RSS, включая эмулятор): $(awk '/^VmRSS:/ { print $2 }' "/proc/$PID/status") КиБ"
echo "make pi: всё в порядке."
