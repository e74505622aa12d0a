#!/usr/bin/env bash
# The whole suite: install, then two lanes at once — lint, type-check, build and the browser tests
# against the built product; and the unit, component and API tests (embedded database, or the
# PostgreSQL server TEST_DATABASE_URL names). Prints each phase's seconds at the end
# (scripts/phases.sh). The lanes share the machine's cores; docs/performance.md, "The test suite",
# has the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phases.sh
phases_init
phase "install (npm ci)" npm ci --no-audit --no-fund
phase "chromium" bash scripts/ensure-chromium.sh

checks_build_browser() {
  phase "lint" npm run lint &&
    phase "typecheck" npm run typecheck &&
    phase "build" npm run build &&
    phase "browser tests (e2e)" npx vitest run --project e2e
}
# With TEST_DATABASE_URL the api files run on PostgreSQL; PGLITE_TESTS (space-separated files, set by
# .ci/run) then run on the embedded database as well, in the same lane.
unit_api() {
  phase "unit, web-dom, api tests${TEST_DATABASE_URL:+ (PostgreSQL)}" \
    npx vitest run --project unit --project web-dom --project api &&
    if [ -n "${PGLITE_TESTS:-}" ]; then
      # shellcheck disable=SC2086 # a list of paths without spaces
      phase "api tests (PGlite)" env -u TEST_DATABASE_URL npx vitest run --project api $PGLITE_TESTS
    fi
}
lanes checks_build_browser unit_api
