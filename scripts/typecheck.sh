#!/usr/bin/env bash
# `npm run typecheck`: every package, the web app, the tests and the benchmarks, in two lanes at
# once (each tsc uses one core; the machines this runs on have two), balanced by their CPU time
# (about 37 and 39 CPU-s). A lane's output is printed when it ends, so the two do not interleave;
# the script fails if either lane does.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

lane() {
  local status=0
  for project in "$@"; do
    if [ "$project" = web ]; then
      npm run --silent typecheck -w @nc/web || status=$?
    else
      tsc -p "$project" || status=$?
    fi
  done
  return "$status"
}

out_a=$(mktemp) out_b=$(mktemp)
trap 'rm -f "$out_a" "$out_b"' EXIT
lane packages/contracts apps/server tsconfig.bench.json >"$out_a" 2>&1 &
a=$!
lane web packages/numcheck tsconfig.tests.json >"$out_b" 2>&1 &
b=$!
status=0
wait "$a" || status=$?
cat "$out_a"
wait "$b" || status=$?
cat "$out_b"
exit "$status"
