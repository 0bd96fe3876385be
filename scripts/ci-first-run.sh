#!/usr/bin/env bash
# The README's two commands as a new user runs them (issue 18), each from a fresh clone of this repository:
#   scripts/ci-first-run.sh test   the README's test command, once per CI run: `npm ci`, `npm test`, then
#                                  `npm start` up to /api/v1/health, as an ordinary user (created when missing)
#                                  in their home when run as root, or as this user in a mode-700 folder;
#   scripts/ci-first-run.sh start  `npm ci`, then `npm start` up to /api/v1/health, as root in a mode-700 folder
#                                  inside root's home (the embedded PostgreSQL's `postgres` user cannot enter it).
# `npm ci` must print no EBADENGINE; `npm ci` and `npm start` must print no stack trace. The test suite's
# output is its own (tests log expected errors): its verdict is its exit status, and it is shown whole.
# Both commands run with `CI` unset, exactly as the README's reader runs them (issue 32): nothing in the suite
# may behave differently on CI. Its closing summary names every test that passed only on its retry (FLAKY) and
# the time each spec took; the command's own duration is printed too.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
USER_NAME=aceite-firstrun
MAX_FLAKY=2
MODE=${1:-}
case "$MODE" in test | start) ;; *) echo "usage: $0 test|start" >&2; exit 2 ;; esac

# Removes a first run's folder; a straggling write from a process that outlived its group is retried.
remove_dir() { for _ in 1 2 3 4 5; do rm -rf "$1" 2>/dev/null && return 0; sleep 2; done; rm -rf "$1"; }
free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"; }
healthy() { node -e "fetch('http://127.0.0.1:$1/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; }

# $1: label, $2: parent folder, $3: user to run as ('' = this one), $4: 'test' to run `npm test` before starting
first_run() {
  local label=$1 parent=$2 user=$3 with_test=${4:-} port log pid
  port=$(free_port)
  git clone -q "$REPO" "$parent/aceite"
  [ -z "$user" ] || chown -R "$user:" "$parent"
  log="$parent/first-run.log"
  # as_user CMD: runs CMD in the clone as the chosen user. The ordinary user's session has Debian's default
  # UTF-8 locale, as a login gives it: with none, Chromium names a download whose name has an accent "download"
  # (it cannot write it in the C locale's charset).
  as_user() {
    if [ -n "$user" ]; then
      runuser -u "$user" -- env -i HOME="$(getent passwd "$user" | cut -d: -f6)" \
        PATH="/usr/local/bin:/usr/bin:/bin" LANG=C.UTF-8 bash -c "cd '$parent/aceite' && $1"
    else
      env -u CI bash -c "cd '$parent/aceite' && $1"
    fi
  }
  echo "first run ($label): $parent/aceite, port $port"
  if ! as_user "npm ci --no-audit --no-fund" >"$log" 2>&1; then
    echo "first run ($label): npm ci failed:" >&2
    tail -n 40 "$log" >&2
    exit 1
  fi
  if grep -q "EBADENGINE" "$log"; then echo "first run ($label): npm ci warned EBADENGINE" >&2; exit 1; fi
  if [ "$with_test" = test ]; then
    echo "first run ($label): npm test"
    local started=$SECONDS
    if ! as_user "npm test" 2>&1; then
      echo "first run ($label): npm test failed after $(((SECONDS - started) / 60)) min" >&2
      exit 1
    fi
    echo "first run ($label): npm test passed in $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s"
    # One retry is allowed to forgive an accident, not a suite that no longer fits the machine: more than
    # MAX_FLAKY tests passing only on their retry (issue 32 found 14 timing out) fails the step, and each is
    # named (docs/decisions.md, "The suite sized to the machine, not to CI").
    local flaky
    flaky=$(node -e 'const s=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));process.stdout.write(String(s.flaky.length))' \
      "$parent/aceite/test-results/e2e-summary.json")
    echo "first run ($label): $flaky browser test(s) needed a retry"
    if [ "$flaky" -gt "$MAX_FLAKY" ]; then
      echo "first run ($label): $flaky browser tests passed only on their retry (at most $MAX_FLAKY may): the suite no longer fits this machine" >&2
      exit 1
    fi
  fi
  if [ -n "$user" ]; then
    setsid runuser -u "$user" -- env -i HOME="$(getent passwd "$user" | cut -d: -f6)" \
      PATH="/usr/local/bin:/usr/bin:/bin" LANG=C.UTF-8 \
      bash -c "cd '$parent/aceite' && PORT=$port npm start" >>"$log" 2>&1 &
  else
    setsid env -u CI bash -c "cd '$parent/aceite' && PORT=$port npm start" >>"$log" 2>&1 &
  fi
  pid=$!
  local deadline=$((SECONDS + 900))
  until healthy "$port"; do
    if ! kill -0 "$pid" 2>/dev/null || [ $SECONDS -gt $deadline ]; then
      echo "first run ($label) did not reach /api/v1/health:" >&2
      tail -n 40 "$log" >&2
      kill -KILL -- "-$pid" 2>/dev/null || true
      exit 1
    fi
    sleep 2
  done
  # The shell that ran `npm start` dies at once on SIGTERM; the server and its PostgreSQL take a moment to shut
  # down (a last checkpoint is written). Wait until the whole process group is gone before the folder is
  # removed, or the removal races with those last writes ("Directory not empty").
  kill -TERM -- "-$pid"
  wait "$pid" || true
  local stop_deadline=$((SECONDS + 60))
  while kill -0 -- "-$pid" 2>/dev/null; do
    if [ $SECONDS -gt $stop_deadline ]; then kill -KILL -- "-$pid" 2>/dev/null || true; sleep 1; break; fi
    sleep 0.5
  done
  if grep -qE "^\s+at .*\(.*:[0-9]+:[0-9]+\)" "$log"; then
    echo "first run ($label) printed a stack trace:" >&2
    grep -nE -B 3 -A 8 "^\s+at .*\(.*:[0-9]+:[0-9]+\)" "$log" | head -n 60 >&2
    exit 1
  fi
  echo "first run ($label): healthy, stopped"
}

if [ "$MODE" = start ]; then
  home_dir=$(mktemp -d -p "${HOME:-/root}" aceite-first-run.XXXXXX)
  chmod 700 "$home_dir"
  first_run "$(id -un), mode-700 folder in their home" "$home_dir" ""
  remove_dir "$home_dir"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  dir=$(mktemp -d)
  first_run "ordinary user $(id -un), mode-700 folder" "$dir" "" test
  remove_dir "$dir"
  exit 0
fi

id -u "$USER_NAME" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$USER_NAME"
user_home=$(getent passwd "$USER_NAME" | cut -d: -f6)
user_dir=$(runuser -u "$USER_NAME" -- mktemp -d -p "$user_home" aceite-first-run.XXXXXX)
first_run "ordinary user $USER_NAME, in their home" "$user_dir" "$USER_NAME" test
remove_dir "$user_dir"
