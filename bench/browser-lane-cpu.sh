#!/usr/bin/env bash
# The browser lane's CPU by process kind, every process counted (decision 0121), through
# bench/cpu-of.sh: BSD process accounting records each process when it ends, including Chromium's
# zygote children, which GNU time does not see. Needs root and Debian's `acct` (apt-get install -y
# acct) and a built app (npm run build).
#
#   bench/browser-lane-cpu.sh <label> [browser binary] [spec files...]
#   bench/browser-lane-cpu.sh shell
#   bench/browser-lane-cpu.sh full /usr/bin/chromium tests/e2e/invoices.spec.ts
set -euo pipefail
cd "$(dirname "$0")/.."
label=$1
browser=${2:-/usr/bin/chromium-headless-shell}
shift $(($# < 2 ? $# : 2))
E2E_BROWSER=$browser CI=true exec bench/cpu-of.sh "$label" npx playwright test --reporter=line "$@"
