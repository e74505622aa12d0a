# Phase timing, sourced by scripts/test-all.sh and .ci/run. `phase NAME COMMAND...` runs a command
# and records its name, seconds and outcome; the outermost script prints the table when it exits,
# whether a phase failed or not, and exits with the status it had. A failing phase still stops the
# script (its status is returned under `set -e`).

phases_init() {
  if [ -z "${PHASES_FILE:-}" ]; then
    PHASES_FILE="$(mktemp)"
    export PHASES_FILE
    PHASES_START=$SECONDS
    trap 'phases_report $?' EXIT
  fi
}

phase() {
  local name=$1 start=$SECONDS status=0
  shift
  echo ">>> phase: $name"
  "$@" || status=$?
  printf '%s\t%s\t%s\n' "$name" "$((SECONDS - start))" \
    "$([ "$status" -eq 0 ] && echo ok || echo "FAILED (exit $status)")" >>"$PHASES_FILE"
  return "$status"
}

phases_report() {
  local status=$1
  echo
  echo "Phases (seconds):"
  awk -F'\t' '{ printf "  %-40s %6d  %s\n", $1, $2, $3 }' "$PHASES_FILE"
  printf '  %-40s %6d  %s\n' "total" "$((SECONDS - PHASES_START))" \
    "$([ "$status" -eq 0 ] && echo ok || echo "FAILED (exit $status)")"
  rm -f "$PHASES_FILE"
  exit "$status"
}
