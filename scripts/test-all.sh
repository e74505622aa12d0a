#!/usr/bin/env bash
# The whole suite: install, lint, type-check, unit and API tests (embedded database, or the
# PostgreSQL server TEST_DATABASE_URL names), build, then the browser tests against the built
# product. Prints each phase's seconds at the end (scripts/phases.sh).
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
phase "build" npm run build
phase "browser tests (e2e)" npx vitest run --project e2e
