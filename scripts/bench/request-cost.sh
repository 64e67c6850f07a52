#!/usr/bin/env bash
# The cost of a request, two builds side by side (issue 28 item 2): the built server of BEFORE (a
# checkout with `npm run build` done in it, e.g. `git worktree add .tmp/before <commit>`) and of this
# tree take turns on one database, a fresh start each round, the order swapped each round. For each
# path: req/s (autocannon, gzip) and the server's CPU (utime + stime of every thread, /proc) per answer.
#
#   BEFORE=.tmp/before DATABASE_URL=postgres://… PASSWORD=… scripts/bench/request-cost.sh ROUNDS SECONDS CONNECTIONS PATH…
#   BEFORE=.tmp/before EMBEDDED_DIR=… PASSWORD=… scripts/bench/request-cost.sh …   (the embedded database)
#
# The database is one `npm run seed -- --pieces N --sign-in 1 --password PASSWORD` made (for the
# embedded one, with DATA_DIR=EMBEDDED_DIR and no DATABASE_URL; the two servers open that folder
# in turn); a path written `signed:/api/…` is asked as writer-1 (signed in once per start).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$PWD
before=$(cd "${BEFORE:?BEFORE names the other checkout}" && pwd)
: "${PASSWORD:?PASSWORD is the password the seed gave its writers}"
[ -n "${DATABASE_URL:-}" ] || [ -n "${EMBEDDED_DIR:-}" ] || { echo "DATABASE_URL or EMBEDDED_DIR names the seeded database" >&2; exit 2; }
port=${PORT:-3900}
rounds=$1 seconds=$2 connections=$3
shift 3
data=${EMBEDDED_DIR:-$(mktemp -d)}
[ -n "${EMBEDDED_DIR:-}" ] || trap 'rm -rf "$data"' EXIT
pid=""

start() { # $1 = the checkout
  (cd "$1" && exec env -i PATH="$PATH" HOME="$HOME" NODE_ENV=production HOST=127.0.0.1 PORT="$port" APP_URL="http://localhost:$port" \
    DATA_DIR="$data" LOG_REQUESTS=false AUTH_SECRET=inkwell-benchmark-secret-not-for-production-0001 AUTH_RATE_LIMIT_SCALE=100000 \
    TRUST_PROXY=true DATABASE_URL="${DATABASE_URL:-}" SMTP_URL= ADMIN_EMAILS= TEST_CLOCK= node dist/server/index.js >"$data/server.log" 2>&1) &
  pid=$!
  until curl -sf "http://127.0.0.1:$port/api/health" >/dev/null; do
    kill -0 "$pid" 2>/dev/null || { tail "$data/server.log"; exit 1; }
    sleep 0.3
  done
}
cookie() {
  curl -s -D - -o /dev/null -X POST "http://127.0.0.1:$port/api/auth/sign-in/email" -H "origin: http://localhost:$port" \
    -H 'content-type: application/json' -H 'x-forwarded-for: 10.9.9.9' -d "{\"email\":\"writer-1@seed.inkwell.invalid\",\"password\":\"$PASSWORD\"}" |
    grep -i '^set-cookie' | sed 's/^[Ss]et-[Cc]ookie: //; s/;.*//' | paste -sd';' | sed 's/;/; /g'
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }

for round in $(seq 1 "$rounds"); do
  order="before after"
  [ $((round % 2)) = 0 ] && order="after before"
  for which in $order; do
    root=$here
    [ "$which" = before ] && root=$before
    start "$root"
    signed_in=$(cookie)
    for path in "$@"; do
      headers=(-H "accept-encoding=gzip")
      label=$path
      case "$path" in signed:*) headers+=(-H "cookie=$signed_in"); path=${path#signed:} ;; esac
      url="http://127.0.0.1:$port$path"
      npx autocannon -c "$connections" -d 3 "${headers[@]}" "$url" >/dev/null 2>&1 # warm up
      t0=$(cpu_ticks)
      out=$(npx autocannon -j -c "$connections" -d "$seconds" "${headers[@]}" "$url" 2>/dev/null)
      t1=$(cpu_ticks)
      echo "$out" | TICKS=$((t1 - t0)) ROUND=$round WHICH=$which URLPATH="$label" node -e '
        const j = JSON.parse(require("fs").readFileSync(0, "utf8"));
        const ms = (Number(process.env.TICKS) * 1000) / 100 / Math.max(1, j.requests.total);
        console.log(`round ${process.env.ROUND} ${process.env.WHICH.padEnd(6)} ${process.env.URLPATH}: ${j.requests.average.toFixed(0)} req/s, ${j.non2xx} non-2xx, ${j.errors + j.timeouts} errors, server CPU ${ms.toFixed(2)} ms per answer`);'
    done
    kill -INT "$pid"
    wait "$pid" || true
  done
done
