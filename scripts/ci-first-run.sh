#!/usr/bin/env bash
# The README's start command as a new user runs it (issue 18), from a fresh clone of this repository:
#   - as root, in a mode-700 folder inside root's home (the embedded PostgreSQL's `postgres` user cannot enter it);
#   - as an ordinary user (created when missing), in that user's home.
# Each run: `npm ci` (must print no EBADENGINE), then `npm start`, waited for until /api/v1/health answers, then
# stopped with SIGTERM; the ordinary user also runs the README's test command, `npm test`, in between.
# Run by .ci/run (as root); run by an ordinary user it does one first run (with `npm test`), as that user.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
USER_NAME=aceite-firstrun

free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"; }
healthy() { node -e "fetch('http://127.0.0.1:$1/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; }

# $1: label, $2: parent folder, $3: user to run as ('' = this one), $4: 'test' to run `npm test` before starting
first_run() {
  local label=$1 parent=$2 user=$3 with_test=${4:-} port log pid
  port=$(free_port)
  git clone -q "$REPO" "$parent/aceite"
  [ -z "$user" ] || chown -R "$user:" "$parent"
  log="$parent/first-run.log"
  local cmd="cd '$parent/aceite' && npm ci --no-audit --no-fund"
  [ "$with_test" != test ] || cmd="$cmd && npm test"
  cmd="$cmd && PORT=$port npm start"
  echo "first run ($label): $parent/aceite, port $port"
  # The ordinary user's session has Debian's default UTF-8 locale, as a login gives it: with none, Chromium
  # names a download whose name has an accent "download" (it cannot write it in the C locale's charset).
  if [ -n "$user" ]; then
    setsid runuser -u "$user" -- env -i HOME="$(getent passwd "$user" | cut -d: -f6)" \
      PATH="/usr/local/bin:/usr/bin:/bin" LANG=C.UTF-8 CI="${CI:-}" bash -c "$cmd" >"$log" 2>&1 &
  else
    setsid bash -c "$cmd" >"$log" 2>&1 &
  fi
  pid=$!
  local deadline=$((SECONDS + 3600))
  until healthy "$port"; do
    if ! kill -0 "$pid" 2>/dev/null || [ $SECONDS -gt $deadline ]; then
      echo "first run ($label) did not reach /api/v1/health:" >&2
      tail -n 40 "$log" >&2
      kill -KILL -- "-$pid" 2>/dev/null || true
      exit 1
    fi
    sleep 2
  done
  kill -TERM -- "-$pid"
  wait "$pid" || true
  if grep -q "EBADENGINE" "$log"; then echo "first run ($label): npm ci warned EBADENGINE" >&2; exit 1; fi
  if grep -qE "^\s+at .*\(.*:[0-9]+:[0-9]+\)" "$log"; then
    echo "first run ($label) printed a stack trace:" >&2
    tail -n 40 "$log" >&2
    exit 1
  fi
  [ "$with_test" != test ] || grep -E "passed|failed|flaky" "$log" | tail -n 5
  echo "first run ($label): healthy, stopped"
}

if [ "$(id -u)" -ne 0 ]; then
  dir=$(mktemp -d)
  first_run "ordinary user $(id -un), mode-700 folder" "$dir" "" test
  rm -rf "$dir"
  exit 0
fi

home_dir=$(mktemp -d -p "${HOME:-/root}" aceite-first-run.XXXXXX)
chmod 700 "$home_dir"
first_run "root, mode-700 folder in root's home" "$home_dir" ""
rm -rf "$home_dir"

id -u "$USER_NAME" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$USER_NAME"
user_home=$(getent passwd "$USER_NAME" | cut -d: -f6)
user_dir=$(runuser -u "$USER_NAME" -- mktemp -d -p "$user_home" aceite-first-run.XXXXXX)
first_run "ordinary user $USER_NAME, in their home" "$user_dir" "$USER_NAME" test
rm -rf "$user_dir"
