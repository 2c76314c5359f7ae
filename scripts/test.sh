#!/usr/bin/env bash
# The whole test suite, as CI runs it. Side by side where they do not wait on each other: the
# static checks and the unit tests (most of which wait on sockets, child processes and
# PostgreSQL, not the CPU); then the production build; then what needs the build (the page
# sweeps in Vitest, the hostile requests alone, the browser tests). Each stage prints its time.
set -euo pipefail
cd "$(dirname "$0")/.."
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
took() { echo "== $1: $(($SECONDS - $2)) s"; }

start=$SECONDS
echo "== checks (types, lint, format, layers, unused code) beside the unit and API tests"
npm run --silent check >"$logs/check" 2>&1 &
checks=$!
# No build exists yet on CI: a test that needs one but is not in vitest.config.ts's NEEDS_BUILD
# fails here instead of being skipped.
unit=0
TEST_REQUIRE_BUILD=1 npx vitest run --project unit || unit=$?
check=0
wait "$checks" || check=$?
echo "== checks:"
cat "$logs/check"
took "checks and unit tests" "$start"
[ "$check" = 0 ] || { echo "checks failed"; exit "$check"; }
[ "$unit" = 0 ] || { echo "unit tests failed"; exit "$unit"; }

t=$SECONDS
echo "== production build"
npm run --silent build
took "build" "$t"

t=$SECONDS
echo "== tests of the built server: every page over HTTP, several instances, crashes"
TEST_REQUIRE_BUILD=1 npx vitest run --project built
took "built-server tests" "$t"

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
