#!/usr/bin/env bash
# What glibc malloc holds in a running process (e.g. `nemesis serve`), and how much of it is free:
#
#   scripts/malloc-inspect.sh <pid> [--trim]
#
# Attaches gdb (ptrace: run as the process's user; the process stops for a second or two),
# writes malloc_info(3) to a temp file and prints, per arena, the memory it took from the system
# and how much of it is free chunks (free memory glibc keeps, resident once touched). With
# --trim it then calls malloc_trim(0), which hands every free page of every arena back, and
# prints scripts/smaps-summary.mjs before and after: the RSS that was free memory kept by malloc.
# Needs gdb; no debug symbols (malloc_info, malloc_trim, fopen are exported by libc).
set -euo pipefail
pid=${1:?usage: scripts/malloc-inspect.sh <pid> [--trim]}
here=$(cd "$(dirname "$0")" && pwd)
xml=$(mktemp /tmp/malloc-info.XXXXXX.xml)
gdb -p "$pid" -batch \
  -ex "set \$f = (void*)fopen(\"$xml\", \"w\")" -ex 'call (int)malloc_info(0, $f)' -ex 'call (int)fclose($f)' >/dev/null 2>&1
node --input-type=module -e '
import { readFileSync } from "node:fs";
const xml = readFileSync(process.argv[1], "utf8");
const mb = (n) => (n / 2 ** 20).toFixed(0).padStart(5);
let sys = 0, free = 0;
for (const [, nr, body] of xml.matchAll(/<heap nr="(\d+)">([\s\S]*?)<\/heap>/g)) {
  const total = (t) => Number((new RegExp(`<total type="${t}" count="\\d+" size="(\\d+)"`).exec(body) ?? [0, 0])[1]);
  const current = Number((/<system type="current" size="(\d+)"/.exec(body) ?? [0, 0])[1]);
  const f = total("fast") + total("rest");
  sys += current; free += f;
  if (current >= 2 ** 20) console.log(`arena ${nr.padStart(2)}: ${mb(current)} MB from the system, ${mb(f)} MB of it free`);
}
console.log(`all arenas: ${mb(sys)} MB from the system, ${mb(free)} MB free (${((free / sys) * 100).toFixed(0)}%)`);
' "$xml"
rm -f "$xml"
if [ "${2:-}" = "--trim" ]; then
  node "$here/smaps-summary.mjs" "$pid"
  gdb -p "$pid" -batch -ex 'call (int)malloc_trim(0)' >/dev/null 2>&1
  echo "after malloc_trim(0):"
  node "$here/smaps-summary.mjs" "$pid"
fi
