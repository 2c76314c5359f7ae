#!/usr/bin/env bash
# The whole test suite, as CI runs it. The production build first (about 10 s), then the hostile
# requests alone (they measure /healthz latency under a flood: with the checks beside them, even
# niced, the worst latency passed its second once). Then the static checks start in the
# background at the lowest CPU priority (`nice -n 19`): they have no timing of their own, and use
# only what the test stages leave idle (about a quarter of two cores: the tests wait on sockets,
# child processes, PostgreSQL and the browser). In the foreground, one after another: Vitest; the
# browser tests. At the end the checks' output and verdict. Each stage prints its time.
# (The browser tests beside Vitest, at one priority, on two cores: every stage took as long as
# all of them in a row, and timed assertions failed; decision 018.)
set -euo pipefail
cd "$(dirname "$0")/.."
logs="$(mktemp -d)"
checks_pid=""
trap '[ -n "$checks_pid" ] && kill -- "-$checks_pid" 2>/dev/null; rm -rf "$logs"' EXIT
took() { echo "== $1: $(($SECONDS - $2)) s"; }

start=$SECONDS
echo "== production build"
npm run --silent build
took "build" "$start"

t=$SECONDS
echo "== hostile requests and a flood (it measures /healthz latency under load: alone, first)"
TEST_REQUIRE_BUILD=1 npx vitest run --project hostile
took "hostile" "$t"

echo "== static checks (types, lint, format, layers, unused code): in the background, niced"
# In its own process group (job control on for this one command), so that a failing stage stops
# it with all its children; not in its own session: Linux shares the CPU fairly between sessions
# (autogroups), and in one of its own `nice` would mean nothing against the tests.
set -m
( s=$SECONDS; nice -n 19 npm run --silent check && rc=0 || rc=$?
  echo "== checks: $((SECONDS - s)) s (exit $rc)"; exit $rc ) >"$logs/checks" 2>&1 &
set +m
checks_pid=$!

t=$SECONDS
echo "== Vitest"
# The tests that need the build find it (TEST_REQUIRE_BUILD=1: never skipped).
TEST_REQUIRE_BUILD=1 npx vitest run --project unit --project built-app --project isolated
took "Vitest" "$t"

t=$SECONDS
echo "== browser tests (Chromium, production server)"
# A free loopback port, so several runs on one machine do not collide.
E2E_PORT="${E2E_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
export E2E_PORT
npm run --silent test:e2e
took "browser tests" "$t"

t=$SECONDS
echo "== static checks"
wait "$checks_pid" && rc=0 || rc=$?
checks_pid=""
cat "$logs/checks"
took "waiting for the checks" "$t"
took "all" "$start"
exit $rc
