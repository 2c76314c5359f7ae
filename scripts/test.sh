#!/usr/bin/env bash
# The whole test suite, as CI runs it. The production build first (about 15 s), then side by side
# what does not wait on each other: the browser tests, the static checks and Vitest (most of whose
# tests wait on sockets, child processes and PostgreSQL, and fill the CPU the browser leaves idle);
# last, alone, the hostile requests (they measure /healthz latency under a flood). Each stage
# prints its time; the output of the parallel ones is printed whole when they end.
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
echo "== side by side: browser tests (Chromium, production server), checks (types, lint, format, layers, unused code), Vitest"
# A free loopback port, so several runs on one machine do not collide.
E2E_PORT="${E2E_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
export E2E_PORT
run() { # run NAME COMMAND…: in the background, its output and time in $logs/NAME
  local name=$1
  shift
  ( s=$SECONDS; "$@" >"$logs/$name" 2>&1; rc=$?; echo "== $name: $(($SECONDS - s)) s (exit $rc)" >>"$logs/$name"; exit $rc ) &
  pids+=($!)
  names+=("$name")
}
names=()
run browser npm run --silent test:e2e
run checks npm run --silent check
# The tests that need the build find it (TEST_REQUIRE_BUILD=1: never skipped).
run vitest env TEST_REQUIRE_BUILD=1 npx vitest run --project unit
failed=()
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || failed+=("${names[$i]}")
done
for name in checks vitest browser; do
  echo "== $name"
  cat "$logs/$name"
done
took "side by side" "$t"
[ ${#failed[@]} = 0 ] || { echo "FAILED: ${failed[*]}"; exit 1; }

t=$SECONDS
echo "== hostile requests and a flood (alone: it measures /healthz latency under load)"
TEST_REQUIRE_BUILD=1 npx vitest run --project hostile
took "hostile" "$t"
took "all" "$start"
