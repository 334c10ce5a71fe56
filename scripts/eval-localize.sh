#!/usr/bin/env bash
# Reproduces the localisation table of docs/benchmarks.md: get_code_semantics (limit 30) and
# get_smart_context (8,000 tokens) through the built MCP server on the four sets of
# ../shared/eval, scored by its localize.mjs (recall@1/5/10 and MRR of the files, in order).
#
#   npm run build && bash scripts/eval-localize.sh [set ...]     # default: express cobra zod chunkhound
#   NEMESIS_EVAL_ARGS="--git --budget 1000" bash scripts/eval-localize.sh   # more arguments for localize.mjs
#
# Each set needs its repository's git history (a bare clone is enough). Looked up in this order:
#   $NEMESIS_EVAL_GIT_<set>                 e.g. NEMESIS_EVAL_GIT_zod=/src/zod/.git
#   $NEMESIS_EVAL_REPOS/<owner>+<name>/repo   (default /work/.mirror, where the fetch tool puts them)
#   $NEMESIS_EVAL_REPOS/<set>.git            cloned bare from GitHub when nothing above exists
# Work trees and indexes go to $NEMESIS_EVAL_WORK/<set> (default /tmp/nemesis-eval); each set
# prints one JSON line as it ends (results/<set>.json there), then the table. Each set starts
# from an empty work tree and index, and localize.mjs re-indexes each case's tree as a delta of
# the last. A kept index would leak: its log holds the commits an earlier run observed, which
# come after the first cases' parents (the tasks' own commits among them), and get_smart_context
# ranks with that history.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EVAL="${NEMESIS_EVAL_DIR:-$REPO/../shared/eval}"
REPOS="${NEMESIS_EVAL_REPOS:-/work/.mirror}"
WORK="${NEMESIS_EVAL_WORK:-/tmp/nemesis-eval}"
SETS=("$@")
[[ ${#SETS[@]} -eq 0 ]] && SETS=(express cobra zod chunkhound)

declare -A GITHUB=([express]=expressjs/express [cobra]=spf13/cobra [zod]=colinhacks/zod [chunkhound]=chunkhound/chunkhound)

[[ -f "$REPO/dist/cli.js" ]] || { echo "eval-localize: dist/cli.js is missing: run npm run build first" >&2; exit 2; }
[[ -f "$EVAL/localize.mjs" ]] || { echo "eval-localize: no localize.mjs in $EVAL: set NEMESIS_EVAL_DIR to the eval folder" >&2; exit 2; }

gitDir() {
  local set=$1 slug=${GITHUB[$1]} var="NEMESIS_EVAL_GIT_$1"
  if [[ -n "${!var:-}" ]]; then echo "${!var}"; return; fi
  if [[ -d "$REPOS/${slug/\//+}/repo" ]]; then echo "$REPOS/${slug/\//+}/repo"; return; fi
  if [[ ! -d "$REPOS/$set.git" ]]; then
    echo "eval-localize: cloning https://github.com/$slug into $REPOS/$set.git" >&2
    git clone --quiet --bare "https://github.com/$slug" "$REPOS/$set.git" >&2
  fi
  echo "$REPOS/$set.git"
}

mkdir -p "$WORK/results"
for set in "${SETS[@]}"; do
  [[ -n "${GITHUB[$set]:-}" ]] || { echo "eval-localize: unknown set $set (one of ${!GITHUB[*]})" >&2; exit 2; }
  git=$(gitDir "$set")
  echo "eval-localize: $set ($git)" >&2
  rm -rf "${WORK:?}/$set"
  # shellcheck disable=SC2086 # NEMESIS_EVAL_ARGS is a list of arguments
  (cd "$REPO" && node "$EVAL/localize.mjs" "$git" "$EVAL/localize_$set.jsonl" --work "$WORK/$set" ${NEMESIS_EVAL_ARGS:-}) | tee "$WORK/results/$set.json"
done

# The table: both tools per set, then the mean over the sets run.
node - "$WORK/results" "${SETS[@]}" <<'EOF'
const { readFileSync } = require("node:fs");
const [dir, ...sets] = process.argv.slice(2);
const rows = sets.map((s) => ({ ...JSON.parse(readFileSync(`${dir}/${s}.json`, "utf8")), set: s }));
// The packing scores (hunks@8k, lines@8k, precision@8k, named after the budget) only get_smart_context has.
const packing = Object.keys(rows[0].get_smart_context ?? {}).filter((k) => /^(hunks|lines|precision)@/.test(k));
const keys = ["recall@1", "recall@5", "recall@10", "mrr", ...packing];
const f = (x) => x.toFixed(3);
console.log(`| set | n | tool | ${keys.join(" | ")} |\n|---|---|---|${keys.map(() => "---").join("|")}|`);
const mean = { get_code_semantics: keys.map(() => 0), get_smart_context: keys.map(() => 0) };
for (const r of rows)
  for (const tool of ["get_code_semantics", "get_smart_context"]) {
    keys.forEach((k, i) => (mean[tool][i] += (r[tool][k] ?? 0) / rows.length));
    console.log(`| ${r.set} | ${r.n} | ${tool} | ${keys.map((k) => (r[tool][k] === undefined ? "" : f(r[tool][k]))).join(" | ")} |`);
  }
for (const tool of Object.keys(mean))
  console.log(`| **mean** | ${rows.reduce((n, r) => n + r.n, 0)} | ${tool} | ${mean[tool].map((x, i) => (tool !== "get_smart_context" && i >= 4 ? "" : f(x))).join(" | ")} |`);
EOF
