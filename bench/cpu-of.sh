#!/usr/bin/env bash
# Any command's CPU by process kind, every process counted (decision 0126): BSD process accounting
# records each process when it ends, including what the command's children started and left (a test's
# servers, Chromium's zygote children, PostgreSQL's backends for its connections), which GNU time does
# not see. Needs root and Debian's `acct` (apt-get install -y acct); other processes on the machine
# are counted too, so run it on a quiet one.
#
#   bench/cpu-of.sh <label> <command> [args...]
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres CI=true bench/cpu-of.sh unit npx vitest run
#   bench/cpu-of.sh ci .ci/run
set -euo pipefail
label=$1
shift
command -v accton >/dev/null || { echo "needs process accounting: apt-get install -y acct" >&2; exit 1; }
acct=$(mktemp /tmp/bahi-pacct-XXXXXX)
log=/tmp/bahi-cpu-of-$label.log
accton "$acct" >/dev/null
start=$(date +%s.%N)
set +e
"$@" >"$log" 2>&1
rc=$?
set -e
end=$(date +%s.%N)
accton off >/dev/null
echo "$label: exit $rc, wall $(echo "$end - $start" | bc) s, output in $log"
# dump-acct: command | version | user | system | elapsed | ... (clock ticks of 1/100 s), read once.
records=$(dump-acct "$acct")
awk -F'|' '
  { c = $1; gsub(/ /, "", c)
    if (c ~ /^chromium/) c = "browser"; else if (c == "MainThread" || c == "node") c = "node"
    else if (c != "postgres") c = "other"
    cpu[c] += $3 + $4; all += $3 + $4 }
  END { for (k in cpu) printf "  %s %.1f CPU-s", k, cpu[k] / 100; printf "  all %.1f CPU-s\n", all / 100 }' <<<"$records"
# The Node processes that used most, with their lifetimes: test workers, servers the tests start.
echo "  Node processes over 10 CPU-s (CPU-s, seconds alive):"
awk -F'|' '{ c = $1; gsub(/ /, "", c); cpu = ($3 + $4) / 100
  if ((c == "MainThread" || c == "node") && cpu > 10) printf "    %.1f  %.0f s\n", cpu, $5 / 100 }' <<<"$records" | sort -rn
# The rest by command name: npm, tsc, biome, tar, gzip, pg_dump, poppler, the shells that start them.
echo "  other commands over 1 CPU-s (CPU-s, processes):"
awk -F'|' '{ c = $1; gsub(/ /, "", c)
  if (c ~ /^chromium/ || c == "MainThread" || c == "node" || c == "postgres") next
  cpu[c] += ($3 + $4) / 100; n[c]++ }
  END { for (k in cpu) if (cpu[k] > 1) printf "    %.1f  %d  %s\n", cpu[k], n[k], k }' <<<"$records" | sort -rn
# CPU_OF_KEEP=1: the accounting file stays, for `dump-acct` to read further.
if [ -n "${CPU_OF_KEEP:-}" ]; then echo "  accounting file: $acct"; else rm -f "$acct"; fi
