#!/usr/bin/env bash
# `npm test`: every check the project has, in the order that fails fastest.
# Installs Debian's Chromium and PostgreSQL when they are missing and we are root, and starts a
# throwaway PostgreSQL unless TEST_DATABASE_URL already points at one, so that every database test
# runs on both SQLite and PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
if [ -z "${TEST_DATABASE_URL:-}" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then need+=(postgresql); fi
# Redis for the shared rate limits, nginx for the several-instances test (both from Debian's packages).
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing ${need[*]} from Debian's packages..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "Missing: ${need[*]}. Install them (Debian: sudo apt-get install ${need[*]}) and run again." >&2
    exit 1
  fi
fi

started_pg=0
remove_e2e_data=0
cleanup() {
  if [ "$remove_e2e_data" = 1 ]; then rm -rf "$E2E_DATA_DIR"; fi
  if [ "$started_pg" = 1 ]; then bash scripts/test-postgres.sh stop; fi
}
trap cleanup EXIT
# The journeys' server keeps its database, sheets and uploads here (13 MB a run), removed with the run.
if [ -z "${E2E_DATA_DIR:-}" ]; then
  E2E_DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/sheetforms-e2e-XXXXXX")"
  remove_e2e_data=1
fi
export E2E_DATA_DIR
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  eval "$(bash scripts/test-postgres.sh start)"
  started_pg=1
fi
export TEST_DATABASE_URL REQUIRE_POSTGRES=1 REQUIRE_REDIS=1

# Each stage's wall time is printed when it ends (docs/performance.md, "The test suite", keeps the figures),
# with how busy the machine's cores were meanwhile: a stage that leaves cores idle can share them.
cpu_jiffies() { # busy and total jiffies of all cores, from /proc/stat (Linux); "0 0" elsewhere
  if [ -r /proc/stat ]; then
    awk '/^cpu / { total = 0; for (i = 2; i <= NF; i++) total += $i; print total - $5 - $6, total }' /proc/stat
  else echo "0 0"; fi
}
stage_started=$SECONDS
stage() {
  if [ -n "${stage_name:-}" ]; then
    read -r busy_now total_now < <(cpu_jiffies)
    busy_share=""
    if [ "$total_now" -gt "$stage_total" ]; then
      busy_share=", cores $(( 100 * (busy_now - stage_busy) / (total_now - stage_total) ))% busy"
    fi
    echo "== ${stage_name}: $((SECONDS - stage_started)) s${busy_share}"
  fi
  stage_name="$1"
  stage_started=$SECONDS
  read -r stage_busy stage_total < <(cpu_jiffies)
  [ -n "$1" ] && echo "== $1"
  return 0
}

stage "lint";      npm run lint
stage "build";     npm run build
stage "typecheck"; npm run typecheck
stage "unit and integration tests (SQLite and PostgreSQL)"; npx vitest run
# Latency proofs run alone: beside other test files their timings would be the other files' as well.
# The suite's own writes are flushed first: the proofs measure the server, not the write-back before them.
stage "latency proofs (alone)"; sync; npx vitest run --config apps/server/vitest.proof.config.ts
stage "browser journeys (Playwright, Chromium)"; npm run test:e2e
stage ""
echo "== all checks passed in $SECONDS s"
