#!/usr/bin/env bash
# CI (issue 27 item 4): the deployment guide's files work as written (docs/deploy.md).
#   scripts/ci/behind-proxy.sh APP_PORT
# With an inkwell server answering on 127.0.0.1:APP_PORT (production-start.sh runs this while its
# server is up): systemd-analyze verifies deploy/inkwell.service; nginx (deploy/nginx.conf) and
# Caddy (deploy/Caddyfile) each run in front of the server, changed only where a test must differ
# from a real server (ports, a self-signed certificate, a plain-HTTP site address), and must pass
# on the health check, a page, and the live stream's first event before the stream ends (no
# buffering).
set -euo pipefail
cd "$(dirname "$0")/../.."
app_port=${1:?usage: behind-proxy.sh APP_PORT}
work=$(mktemp -d)
# nginx's workers drop to another user: they must reach their temporary files here.
chmod 755 "$work"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "behind proxy: $1" >&2
  for f in "$work"/*.log; do [ -f "$f" ] && { echo "--- $f" >&2; tail -n 20 "$f" >&2; }; done
  exit 1
}

# $1: base URL; the rest: curl options. Health, a rendered page, and the live stream's first
# event arriving while the stream is still open (curl gives up after 5 s; a buffered stream shows
# nothing by then).
through() {
  local base=$1 name=$2
  shift 2
  curl -sf --compressed "$@" "$base/api/health" | grep -q '"status":"ok"' || fail "$name: /api/health did not answer through the proxy"
  curl -sf --compressed "$@" "$base/" | grep -q '<div id="root">' || fail "$name: the home page did not come through the proxy"
  local events
  events=$(curl -sN --compressed --max-time 5 "$@" "$base/api/events" || true)
  echo "$events" | grep -q '^event: ready' || fail "$name: the live stream's first event did not arrive while the stream was open (got: ${events:0:200})"
  echo "   $name: health, page and live stream pass"
}

echo "-- systemd-analyze verify deploy/inkwell.service"
if command -v systemd-analyze >/dev/null 2>&1; then
  # verify checks the unit's syntax and that its command exists; it prints nothing when all is well.
  systemd-analyze verify deploy/inkwell.service >"$work/systemd.log" 2>&1 || fail "systemd-analyze verify refused deploy/inkwell.service: $(cat "$work/systemd.log")"
  if [ -s "$work/systemd.log" ]; then fail "systemd-analyze verify warned about deploy/inkwell.service: $(cat "$work/systemd.log")"; fi
else
  echo "   systemd-analyze is not installed: skipped"
fi

free_port() { node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }

echo "-- nginx with deploy/nginx.conf"
http_port=$(free_port)
https_port=$(free_port)
openssl req -x509 -newkey rsa:2048 -nodes -subj "/CN=write.example.org" -days 1 \
  -keyout "$work/key.pem" -out "$work/cert.pem" >/dev/null 2>&1
sed -e "s#127.0.0.1:3000#127.0.0.1:$app_port#" \
  -e "s#listen 80;#listen 127.0.0.1:$http_port;#; s#listen \[::\]:80;##" \
  -e "s#listen 443 ssl http2;#listen 127.0.0.1:$https_port ssl http2;#; s#listen \[::\]:443 ssl http2;##" \
  -e "s#/etc/letsencrypt/live/write.example.org/fullchain.pem#$work/cert.pem#" \
  -e "s#/etc/letsencrypt/live/write.example.org/privkey.pem#$work/key.pem#" \
  deploy/nginx.conf >"$work/site.conf"
mkdir -p "$work/nginx"
cat >"$work/nginx.conf" <<EOF
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events {}
http {
  access_log off;
  client_body_temp_path $work/nginx;
  proxy_temp_path $work/nginx;
  include $work/site.conf;
}
EOF
nginx -t -q -p "$work/nginx" -c "$work/nginx.conf" 2>"$work/nginx-t.log" || fail "nginx -t refused deploy/nginx.conf"
nginx -p "$work/nginx" -c "$work/nginx.conf" -g "daemon off;" >"$work/nginx.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do curl -sk -o /dev/null "https://127.0.0.1:$https_port/" && break; sleep 0.2; done
through "https://write.example.org:$https_port" nginx -k --resolve "write.example.org:$https_port:127.0.0.1"
[ "$(curl -s -o /dev/null -w '%{http_code}' -H 'Host: write.example.org' "http://127.0.0.1:$http_port/")" = 301 ] || fail "nginx: plain HTTP is not sent to HTTPS"

echo "-- caddy with deploy/Caddyfile"
caddy_port=$(free_port)
export XDG_DATA_HOME=$work/caddy-data XDG_CONFIG_HOME=$work/caddy-config
caddy validate --adapter caddyfile --config deploy/Caddyfile >"$work/caddy-validate.log" 2>&1 || fail "caddy validate refused deploy/Caddyfile"
# No admin endpoint: a Caddy the machine runs as a service may hold its port (2019).
{ printf '{\n\tadmin off\n}\n\n'; sed -e "s#^write.example.org {#http://127.0.0.1:$caddy_port {#" -e "s#127.0.0.1:3000#127.0.0.1:$app_port#" deploy/Caddyfile; } >"$work/Caddyfile"
caddy run --adapter caddyfile --config "$work/Caddyfile" >"$work/caddy.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$caddy_port/" && break; sleep 0.2; done
through "http://127.0.0.1:$caddy_port" caddy
echo "-- done: the guide's systemd unit, nginx and Caddy configurations work"
