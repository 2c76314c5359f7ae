#!/usr/bin/env bash
# The whole test suite, as CI runs it: static checks, unit tests, production build, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== checks (types, lint, format)"
npm run --silent check
echo "== unit and API tests"
npx vitest run
echo "== production build"
npm run --silent build
echo "== browser tests (Chromium, production server)"
npm run --silent test:e2e
