#!/usr/bin/env bash
# The browser lane's CPU by process kind, every process counted (decision 0121): BSD process
# accounting records each process when it ends, including Chromium's zygote children, which GNU time
# does not see. Needs root and Debian's `acct` (apt-get install -y acct) and a built app (npm run build).
#
#   bench/browser-lane-cpu.sh <label> [browser binary] [spec files...]
#   bench/browser-lane-cpu.sh shell
#   bench/browser-lane-cpu.sh full /usr/bin/chromium tests/e2e/invoices.spec.ts
set -euo pipefail
cd "$(dirname "$0")/.."
label=$1
browser=${2:-/usr/bin/chromium-headless-shell}
shift $(($# < 2 ? $# : 2))
command -v accton >/dev/null || { echo "needs process accounting: apt-get install -y acct" >&2; exit 1; }
acct=$(mktemp /tmp/bahi-pacct-XXXXXX)
log=/tmp/bahi-browser-lane-$label.log
accton "$acct" >/dev/null
start=$(date +%s.%N)
set +e
E2E_BROWSER=$browser CI=true npx playwright test --reporter=line "$@" >"$log" 2>&1
rc=$?
set -e
end=$(date +%s.%N)
accton off >/dev/null
echo "$label: exit $rc, wall $(echo "$end - $start" | bc) s, output in $log"
# dump-acct: command | version | user | system | ... (clock ticks of 1/100 s)
dump-acct "$acct" | awk -F'|' '
  { c = $1; gsub(/ /, "", c)
    if (c ~ /^chromium/) c = "browser"; else if (c == "MainThread" || c == "node") c = "node"
    else if (c != "postgres") c = "other"
    cpu[c] += $3 + $4; all += $3 + $4 }
  END { for (k in cpu) printf "  %s %.1f CPU-s", k, cpu[k] / 100; printf "  all %.1f CPU-s\n", all / 100 }'
rm -f "$acct"
