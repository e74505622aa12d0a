#!/usr/bin/env bash
# The whole suite: install, lint, type-check, unit and API tests (embedded database, or the
# PostgreSQL server TEST_DATABASE_URL names), build, then the browser tests against the built
# product. Prints each phase's seconds at the end (scripts/phases.sh). The phases run one after
# another: the suite is bound by the machine's CPU, and timing checks need a quiet machine
# (docs/performance.md, "The test suite").
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phases.sh
phases_init
phase "install (npm ci)" npm ci --no-audit --no-fund
phase "chromium" bash scripts/ensure-chromium.sh
phase "lint" npm run lint
phase "typecheck" npm run typecheck
phase "unit, web-dom, api tests${TEST_DATABASE_URL:+ (PostgreSQL)}" \
  npx vitest run --project unit --project web-dom --project api
# With TEST_DATABASE_URL the api files ran on PostgreSQL; PGLITE_TESTS (space-separated files, set
# by .ci/run) run on the embedded database as well.
if [ -n "${PGLITE_TESTS:-}" ]; then
  # shellcheck disable=SC2086 # a list of paths without spaces
  phase "api tests (PGlite)" env -u TEST_DATABASE_URL npx vitest run --project api $PGLITE_TESTS
fi
phase "build" npm run build
phase "browser tests (e2e)" npx vitest run --project e2e
