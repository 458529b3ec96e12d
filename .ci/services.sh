#!/usr/bin/env bash
# Make sure the services the test runs need are installed and running: Chromium (browser
# test), Firefox ESR, WebKitGTK's WebDriver and Xvfb (the phone's scenarios in three engines,
# tests/engines: Debian's own browsers, never a downloaded build), node (the web app's words),
# PostgreSQL on 127.0.0.1:5432 with trust auth, Redis on 127.0.0.1:6379, and the nginx binary
# (the proxy test starts its own).
set -euo pipefail
# `--browsers`: the browsers alone (.ci/run installs them while the virtual environment is made);
# `--no-browsers`: all but the browsers; no argument: everything.
part=${1:-all}
need=()
if [ "$part" != --no-browsers ]; then
  [ -x /usr/bin/chromium ] || need+=(chromium)
  [ -x /usr/bin/firefox-esr ] || need+=(firefox-esr)  # driven over WebDriver BiDi by puppeteer-core
  [ -x /usr/bin/WebKitWebDriver ] || need+=(webkit2gtk-driver)  # with MiniBrowser (libwebkit2gtk-4.1-0)
  command -v Xvfb >/dev/null || need+=(xvfb)  # MiniBrowser has no headless mode
fi
if [ "$part" = --browsers ]; then
  if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  fi
  exit 0
fi
command -v node >/dev/null || need+=(nodejs)  # tests/webapp/test_words.py reads the app's words
command -v npm >/dev/null || need+=(npm)  # package.json: Pyodide for the phone, the TypeScript client test
command -v pg_ctlcluster >/dev/null || need+=(postgresql)
command -v redis-server >/dev/null || need+=(redis-server)
command -v make >/dev/null || need+=(make)
# a match report's PNG: CairoSVG draws with libcairo, in DejaVu Sans
ldconfig -p | grep -q 'libcairo\.so\.2' || need+=(libcairo2)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)  # tests/ops/test_proxy.py
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  conf=/etc/postgresql/$version/main
  if ! grep -q "^host all all 127.0.0.1/32 trust" "$conf/pg_hba.conf"; then
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\nlocal all all trust' "$conf/pg_hba.conf"
  fi
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 30); do redis-cli ping >/dev/null 2>&1 && break; sleep 1; done
fi
redis-cli -h 127.0.0.1 -p 6379 ping
