#!/usr/bin/env bash
# Proves the package `npm pack` makes runs on its own: packs it (prepack builds), installs the
# tarball into an empty prefix (compiling the native grammars: minutes), then has the installed
# `nemesis` index a tiny project and answer an MCP client over stdio (initialize, tools/list,
# tools/call index_status). Exits non-zero with the failing step named.
#   bash scripts/check-package.sh            # KEEP=1 keeps the temp directory for inspection
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Outside the repository, so nothing resolves a module from its node_modules.
TMP="$(mktemp -d "${TMPDIR:-/tmp}/nemesis-check-package.XXXXXX")"
START=$SECONDS
STEP="setup"

finish() {
  local code=$?
  if [[ $code -ne 0 ]]; then
    echo "check-package: FAIL at step \"$STEP\" after $((SECONDS - START)) s (files kept in $TMP)" >&2
  elif [[ "${KEEP:-}" == 1 ]]; then
    echo "check-package: files kept in $TMP"
  else
    rm -rf "$TMP"
  fi
  exit $code
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

step() {
  STEP="$1"
  echo "check-package: [$((SECONDS - START)) s] $1"
}
die() {
  echo "check-package: $*" >&2
  exit 1
}

# Nothing above the temp directory may hold a node_modules: the installed package must find
# every dependency in its own prefix.
dir="$TMP"
while [[ "$dir" != "/" ]]; do
  dir="$(dirname "$dir")"
  [[ -e "$dir/node_modules" ]] && die "$dir/node_modules exists and would hide a missing dependency; set TMPDIR elsewhere"
done

step "npm pack (prepack runs the build)"
mkdir -p "$TMP/pack"
(cd "$REPO" && npm pack --pack-destination "$TMP/pack" >"$TMP/pack.log" 2>&1) || { tail -30 "$TMP/pack.log" >&2; die "npm pack failed (log: $TMP/pack.log)"; }
TARBALL="$(ls "$TMP"/pack/nemesis-*.tgz 2>/dev/null | head -1)"
[[ -n "$TARBALL" ]] || die "npm pack wrote no nemesis-*.tgz"
echo "check-package: $(basename "$TARBALL"): $(du -k "$TARBALL" | cut -f1) KB"

step "tarball contents"
tar -tzf "$TARBALL" | sed 's|^package/||' | sort >"$TMP/contents.txt"
# Every entry scripts/bundle.mjs builds (the CLI and the worker threads'): a thread falls back
# to the main thread when its entry is missing, so a lost one would only show as a slower index.
ENTRIES="$(grep -oE '"?[A-Za-z/]+"?: "src/[^"]+\.ts"' "$REPO/scripts/bundle.mjs" | sed -E 's|^"?([A-Za-z/]+)"?: .*|dist/\1.js|')"
[[ "$ENTRIES" == *dist/cli.js* ]] || die "found no entry points in scripts/bundle.mjs (its entryPoints changed shape?)"
for f in $ENTRIES package.json README.md; do
  grep -qx "$f" "$TMP/contents.txt" || die "the tarball lacks $f: add it to \"files\" in package.json"
done
grep -q '^dist/_chunks/.*\.js$' "$TMP/contents.txt" || die "the tarball lacks dist/_chunks/"
if grep -E '^(src|test|fixtures|scripts|bench|dist/bench)/' "$TMP/contents.txt" >"$TMP/unwanted.txt"; then
  die "the tarball holds files that do not run: $(head -5 "$TMP/unwanted.txt" | tr '\n' ' ')"
fi
echo "check-package: $(wc -l <"$TMP/contents.txt") files"

step "npm install --prefix (compiles the native grammars)"
mkdir -p "$TMP/prefix"
npm install --prefix "$TMP/prefix" --no-audit --no-fund "$TARBALL" >"$TMP/install.log" 2>&1 \
  || { tail -40 "$TMP/install.log" >&2; die "npm install of the tarball failed (log: $TMP/install.log)"; }
NEMESIS="$TMP/prefix/node_modules/.bin/nemesis"
[[ -x "$NEMESIS" ]] || die "the install has no executable bin at $NEMESIS"

step "a tiny project: init, index, query"
P="$TMP/project"
mkdir -p "$P/src" "$P/lib"
# Six files (more than the one-shot in-process limit of 4), so the parse workers start.
for i in 1 2 3 4; do
  printf 'import { helper } from "./helper";\nexport function step%s(x: number): number {\n  return helper(x) + %s;\n}\n' "$i" "$i" >"$P/src/step$i.ts"
done
printf 'export function helper(x: number): number {\n  return x * 2;\n}\n' >"$P/src/helper.ts"
printf 'def greet(name: str) -> str:\n    return "hello " + name\n\n\nclass Greeter:\n    def run(self) -> str:\n        return greet("world")\n' >"$P/lib/greet.py"
cd "$P"
"$NEMESIS" --version >/dev/null || die "the installed nemesis does not start (nemesis --version failed)"
"$NEMESIS" init >"$TMP/init.log" 2>&1 || { cat "$TMP/init.log" >&2; die "nemesis init failed"; }
"$NEMESIS" index >"$TMP/index.log" 2>&1 || { cat "$TMP/index.log" >&2; die "nemesis index failed"; }
"$NEMESIS" query search_regex --pattern 'def greet' >"$TMP/query.log" 2>&1 || { cat "$TMP/query.log" >&2; die "nemesis query search_regex failed"; }
grep -q 'greet.py' "$TMP/query.log" || { cat "$TMP/query.log" >&2; die "nemesis query search_regex did not find lib/greet.py"; }
"$NEMESIS" search "helper doubles" --limit 3 >"$TMP/search.log" 2>&1 || { cat "$TMP/search.log" >&2; die "nemesis search failed"; }
grep -q 'helper' "$TMP/search.log" || { cat "$TMP/search.log" >&2; die "nemesis search did not find helper"; }

step "hooks: session-start and file-changed (dist/hooks.js, with its bundled better-sqlite3)"
# A hook exits 0 whatever happens (it fails open): what it printed and noted says whether it worked.
printf '{"session_id":"s","cwd":"%s","hook_event_name":"SessionStart","source":"startup"}' "$P" | "$NEMESIS" hook session-start >"$TMP/hook.json" 2>"$TMP/hook.err"
grep -q '"hookEventName":"SessionStart"' "$TMP/hook.json" || { cat "$TMP/hook.err" >&2; die "nemesis hook session-start answered no context"; }
printf 'export function helper(x: number): number {\n  return x * 3;\n}\n' >"$P/src/helper.ts"
printf '{"session_id":"s","cwd":"%s","hook_event_name":"PostToolUse","tool_name":"Edit","tool_input":{"file_path":"%s/src/helper.ts"}}' "$P" "$P" | "$NEMESIS" hook file-changed 2>"$TMP/hook.err"
[[ ! -s "$TMP/hook.err" ]] || { cat "$TMP/hook.err" >&2; die "nemesis hook file-changed left a note"; }
"$NEMESIS" log --limit 1 | grep -q 'FileChanged .* hook ' || die "nemesis hook file-changed appended no FileChanged"

step "nemesis serve over stdio: initialize, tools/list, tools/call"
node "$REPO/scripts/mcp-smoke.mjs" "$NEMESIS" serve --project "$P" || die "the installed nemesis serve did not answer an MCP client"

step "done"
echo "check-package: OK in $((SECONDS - START)) s"
