#!/usr/bin/env bash
# The whole test suite, as CI runs it. The production build first (about 15 s); then side by side
# the static checks and Vitest (most of whose tests wait on sockets, child processes and
# PostgreSQL, and leave the CPU to the checks); the hostile requests alone (they measure /healthz
# latency under a flood); the browser tests. Each stage prints its time. The browser tests run
# alone: beside the others, on two cores, every stage took as long as all of them in a row
# (checks 390 s, Vitest 427 s, browser 560 s), and timed assertions failed.
set -euo pipefail
cd "$(dirname "$0")/.."
logs="$(mktemp -d)"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$logs"' EXIT
took() { echo "== $1: $(($SECONDS - $2)) s"; }

start=$SECONDS
echo "== production build"
npm run --silent build
took "build" "$start"

t=$SECONDS
echo "== side by side: checks (types, lint, format, layers, unused code) and Vitest"
run() { # run NAME COMMAND…: in the background, its output and time in $logs/NAME
  local name=$1
  shift
  ( s=$SECONDS; "$@" >"$logs/$name" 2>&1 && rc=0 || rc=$?; echo "== $name: $(($SECONDS - s)) s (exit $rc)" >>"$logs/$name"; exit $rc ) &
  pids+=($!)
  names+=("$name")
}
names=()
run checks npm run --silent check
# The tests that need the build find it (TEST_REQUIRE_BUILD=1: never skipped).
run vitest env TEST_REQUIRE_BUILD=1 npx vitest run --project unit --project isolated
failed=()
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || failed+=("${names[$i]}")
done
for name in checks vitest; do
  echo "== $name"
  cat "$logs/$name"
done
took "side by side" "$t"
[ ${#failed[@]} = 0 ] || { echo "FAILED: ${failed[*]}"; exit 1; }

t=$SECONDS
echo "== hostile requests and a flood (alone: it measures /healthz latency under load)"
TEST_REQUIRE_BUILD=1 npx vitest run --project hostile
took "hostile" "$t"

t=$SECONDS
echo "== browser tests (Chromium, production server)"
# A free loopback port, so several runs on one machine do not collide.
E2E_PORT="${E2E_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
export E2E_PORT
npm run --silent test:e2e
took "browser tests" "$t"
took "all" "$start"
