#!/usr/bin/env bash
# CI (issue 26 item 2): a production install serves the built app with `node` alone.
# Copies the project's files into .tmp/production-start, builds there (with this checkout's full
# install), installs only the production dependencies (`npm ci --omit=dev`) and runs `npm start`:
# the health check and a server-rendered home page must answer, and no process of the server may
# load a build tool. (TypeScript and the build plugins are not even installed; tsx, vite, esbuild and
# rolldown are, as better-auth's optional peers vitest and drizzle-kit, which npm keeps with
# --omit=dev: the server runs with tests/setup/no-build-tools.mjs, which makes loading them fail.)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
dir=$root/.tmp/production-start
port=${PRODUCTION_START_PORT:-3190}
absent='typescript @vitejs/plugin-react @tailwindcss/vite'
started=$SECONDS
descendants() { for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do echo "$c"; descendants "$c"; done; }
step() { echo "-- $1 ($((SECONDS - started)) s)"; }
fail() {
  echo "production start: $1" >&2
  [ -f "$dir/server.log" ] && tail -n 40 "$dir/server.log" >&2
  exit 1
}

rm -rf "$dir"
mkdir -p "$dir"
step "copying the project's files (their times kept)"
git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C "$dir"

step "npm run build, into the copy"
CLIENT_DIST_DIR="$dir/dist/client" SERVER_DIST_DIR="$dir/dist/server" node scripts/build.mjs >/dev/null

step "npm ci --omit=dev"
(cd "$dir" && npm ci --omit=dev --prefer-offline --no-audit --no-fund --loglevel=error)
for t in $absent; do
  [ ! -e "$dir/node_modules/$t" ] || fail "the production install has the build tool $t"
done

step "npm start"
(cd "$dir" && exec env -u DATABASE_URL -u NODE_ENV NODE_OPTIONS="--import $dir/tests/setup/no-build-tools.mjs" PORT="$port" HOST=127.0.0.1 DATA_DIR="$dir/data" npm start >"$dir/server.log" 2>&1) &
npm_pid=$!
stop_all() { for p in $(descendants "$npm_pid") "$npm_pid"; do kill -TERM "$p" 2>/dev/null || true; done; }
trap stop_all EXIT
deadline=$((SECONDS + 600))
until curl -sf "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; do
  kill -0 "$npm_pid" 2>/dev/null || fail "npm start exited before answering"
  [ "$SECONDS" -lt "$deadline" ] || fail "no answer from /api/health within 10 minutes"
  sleep 0.5
done
step "answering"
health=$(curl -sf "http://127.0.0.1:$port/api/health") || fail "no answer from /api/health"
echo "$health" | grep -q '"status":"ok"' || fail "unhealthy: $health"
home=$(curl -sf "http://127.0.0.1:$port/") || fail "no answer from /"
# The page renderer (dist/client-ssr) loaded: the first screen is in the HTML.
echo "$home" | grep -q '<div id="root"></div>' && fail "the home page was sent without its rendered first screen"
echo "$home" | grep -q '<div id="root">' || fail "the home page is not the app's page"

# Every process under npm start: none runs or has mapped a build tool.
pids=$(descendants "$npm_pid")
[ -n "$pids" ] || fail "npm start has no server process"
for p in $pids; do
  cmd=$(tr '\0' ' ' </proc/"$p"/cmdline 2>/dev/null || true)
  echo "   process $p: $cmd"
  if echo "$cmd" | grep -Eq 'tsx|typescript|vite|esbuild|rolldown'; then fail "process $p runs a build tool: $cmd"; fi
  if grep -Eq 'node_modules/(tsx|typescript|vite|esbuild|@esbuild|rolldown|@rolldown)/' /proc/"$p"/maps 2>/dev/null; then fail "process $p has a build tool loaded"; fi
done

# The deployment guide's systemd unit and proxies, in front of this production server (docs/deploy.md).
scripts/ci/behind-proxy.sh "$port"

# SIGTERM to the server itself, as a supervisor sends it (npm's `sh -c` would not pass it on).
server_pid=$(for p in $pids; do tr '\0' ' ' </proc/"$p"/cmdline | grep -q '^node scripts/start.mjs' && echo "$p"; done | head -n 1)
[ -n "$server_pid" ] || fail "no node process runs scripts/start.mjs"
kill -TERM "$server_pid"
wait "$npm_pid" 2>/dev/null || true
trap - EXIT
grep -q '"msg":"stopped"' "$dir/server.log" || fail "the server did not stop cleanly on SIGTERM"
step "done: a production install starts, answers and stops"
rm -rf "$dir"
