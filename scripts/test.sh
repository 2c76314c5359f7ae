#!/usr/bin/env bash
# The whole test suite, as CI runs it: static checks, production build, unit tests, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== checks (types, lint, format)"
npm run --silent check
echo "== production build"
npm run --silent build
echo "== unit and API tests"
# The build exists now: the tests that start the built server (several instances, the
# container's start command) must run, not be skipped.
TEST_REQUIRE_BUILD=1 npx vitest run --exclude "tests/hostile/**"
echo "== hostile requests and a flood (alone: it measures /healthz latency under load)"
TEST_REQUIRE_BUILD=1 npx vitest run tests/hostile
echo "== browser tests (Chromium, production server)"
# A free loopback port, so several runs on one machine do not collide.
E2E_PORT="${E2E_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
export E2E_PORT
npm run --silent test:e2e
