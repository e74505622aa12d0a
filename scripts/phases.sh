# Phase timing, sourced by scripts/test-all.sh and .ci/run. `phase NAME COMMAND...` runs a command
# and records its name, seconds and outcome; the outermost script prints the table when it exits,
# whether a phase failed or not, and exits with the status it had. A failing phase still stops the
# script (its status is returned under `set -e`).
#
# `lanes` runs two or more chains of phases at once (the machine's cores are otherwise idle while a
# test waits on the database or the browser); each lane's output is held in a file and printed when
# the lane ends, so logs do not interleave. The table lists every phase with its own seconds; the
# total is the wall clock.

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

# `lanes FUNCTION...`: runs each function (a chain of phases joined with &&) in the background at
# once and waits for all; fails when any lane failed, after every lane has ended and printed.
lanes() {
  local pids=() logs=() names=("$@") status=0 i
  for i in "${!names[@]}"; do
    logs[i]="$(mktemp)"
    "${names[i]}" >"${logs[i]}" 2>&1 &
    pids[i]=$!
  done
  for i in "${!names[@]}"; do
    local lane_status=0
    wait "${pids[i]}" || lane_status=$?
    echo ">>> lane ${names[i]} (exit $lane_status):"
    cat "${logs[i]}"
    rm -f "${logs[i]}"
    [ "$lane_status" -eq 0 ] || status=$lane_status
  done
  return "$status"
}

phases_report() {
  local status=$1
  echo
  echo "Phases (seconds; phases of lanes run at the same time):"
  awk -F'\t' '{ printf "  %-44s %6d  %s\n", $1, $2, $3 }' "$PHASES_FILE"
  printf '  %-44s %6d  %s\n' "total (wall clock)" "$((SECONDS - PHASES_START))" \
    "$([ "$status" -eq 0 ] && echo ok || echo "FAILED (exit $status)")"
  rm -f "$PHASES_FILE"
  exit "$status"
}
