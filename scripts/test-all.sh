#!/usr/bin/env bash
# The whole suite: install, lint, type-check, unit and API tests (embedded database), build,
# then the browser tests against the built product.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund
bash scripts/ensure-chromium.sh
npm run lint
npm run typecheck
npx vitest run --project unit --project web-dom --project api
npm run build
npx vitest run --project e2e
