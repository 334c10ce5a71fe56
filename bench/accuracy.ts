/**
 * Resolver accuracy against a SCIP index (scip-typescript / scip-python as ground truth):
 * precision and recall of function-level CALLS and file-level IMPORTS.
 *
 *   npm run build && node dist/bench/accuracy.js --root <dir> --scip <index.scip> --lang ts|python \
 *     --bindings <…/@sourcegraph/scip-typescript/dist/src/scip.js> [--dump <file>] [--cache <file>]
 *
 * `--root` is the directory the indexer ran in (SCIP paths are relative to it). Not part of
 * `npm test`: it needs the SCIP indexers, which the project does not depend on.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { groundTruth, type Family } from "./accuracy/groundTruth.js";
import { indexRepo, listFiles } from "./accuracy/indexRepo.js";
import { readScip } from "./accuracy/readScip.js";

const arg = (name: string, fallback?: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i !== -1 ? process.argv[i + 1] : fallback;
  if (value === undefined) {
    process.stderr.write(`missing --${name}; see the header of bench/accuracy.ts for the command\n`);
    process.exit(2);
  }
  return value;
};

const root = arg("root");
const family = arg("lang") as Family;
const docs = readScip(arg("scip"), arg("bindings", "/work/scip/node_modules/@sourcegraph/scip-typescript/dist/src/scip.js"));
const languages = new Set(family === "python" ? ["python"] : ["typescript", "tsx", "javascript"]);
const files = listFiles(root, languages);
const repo = indexRepo(root, files, process.argv.includes("--cache") ? arg("cache") : null);
const sources = new Map<string, string[]>();
for (const doc of docs) if (repo.parsed.has(doc.path)) sources.set(doc.path, readFileSync(join(root, doc.path), "utf8").split("\n"));
const truth = groundTruth(family, docs, repo.parsed, sources);

const inDocs = new Set(docs.map((d) => d.path));
const predictedCalls = new Set<string>();
const predictedImports = new Set<string>();
const nodePath = (node: string): string => node.slice(2, node.includes("#") ? node.indexOf("#") : undefined);
for (const [path, resolution] of repo.resolutions) {
  if (!inDocs.has(path)) continue;
  for (const edge of resolution.edges) {
    if (edge.kind === "CALLS" && edge.from.startsWith("s:") && edge.to.startsWith("s:")) {
      predictedCalls.add(`${edge.from.slice(2)} -> ${edge.to.slice(2)}`);
    } else if (edge.kind === "IMPORTS" && edge.to.startsWith("f:") && inDocs.has(nodePath(edge.to))) {
      predictedImports.add(`${path} -> ${nodePath(edge.to)}`);
    }
  }
}

const score = (predicted: ReadonlySet<string>, actual: ReadonlySet<string>) => {
  let hit = 0;
  for (const p of predicted) if (actual.has(p)) hit++;
  return { hit, predicted: predicted.size, actual: actual.size, precision: hit / Math.max(1, predicted.size), recall: hit / Math.max(1, actual.size) };
};
const calls = score(predictedCalls, truth.calls);
// Predictions at call sites where the indexer itself found nothing (its checker saw `any`).
// A call site names the callee as written: its own name, or one its module exports it under
// (`export { stringType as string }` is called as `z.string()`).
const calledNames = (key: string): string[] => {
  const [path, id] = [key.slice(0, key.indexOf("#")), key.slice(key.indexOf("#") + 1)];
  const file = repo.parsed.get(path);
  const symbol = file?.symbols.find((s) => s.id === id);
  if (file === undefined || symbol === undefined) return [];
  const aliases = symbol.parent === null ? (file.exportAliases ?? []).filter((a) => a.name === symbol.name).map((a) => a.alias ?? "") : [];
  return [symbol.name, ...aliases];
};
let unjudged = 0;
for (const edge of predictedCalls) {
  if (truth.calls.has(edge)) continue;
  const [caller, callee] = edge.split(" -> ") as [string, string];
  if (calledNames(callee).some((name) => truth.unjudged.has(`${caller}\u0000${name}`))) unjudged++;
}
const judgedPrecision = calls.hit / Math.max(1, calls.predicted - unjudged);
const imports = score(predictedImports, truth.imports);
const fmt = (n: number): string => n.toFixed(3);
const allCallsRecall = calls.hit / Math.max(1, truth.calls.size + truth.unrepresentable.size);
process.stdout.write(
  [
    `root ${root}: ${files.length} files parsed (${repo.failures.length} failed), SCIP documents ${docs.length}`,
    `parse ${Math.round(repo.parseMs)} ms, resolve ${Math.round(repo.resolveMs)} ms`,
    `CALLS   precision ${fmt(calls.precision)} recall ${fmt(calls.recall)} (hit ${calls.hit}, predicted ${calls.predicted}, truth ${calls.actual}; ` +
      `recall incl. ${truth.unrepresentable.size} calls to callees we have no symbol for ${fmt(allCallsRecall)})`,
    `        precision ${fmt(judgedPrecision)} over the ${calls.predicted - unjudged} predictions at call sites the indexer resolved (${unjudged} at sites where SCIP resolved nothing: \`any\`, or a \`local\` it defines nowhere)`,
    `IMPORTS precision ${fmt(imports.precision)} recall ${fmt(imports.recall)} (hit ${imports.hit}, predicted ${imports.predicted}, truth ${imports.actual})`,
    "",
  ].join("\n"),
);

const dump = process.argv.includes("--dump") ? arg("dump") : null;
if (dump !== null) {
  const diff = (a: ReadonlySet<string>, b: ReadonlySet<string>): string[] => [...a].filter((x) => !b.has(x)).sort();
  writeFileSync(
    dump,
    JSON.stringify(
      {
        callsFalsePositive: diff(predictedCalls, truth.calls),
        callsMissed: diff(truth.calls, predictedCalls),
        importsFalsePositive: diff(predictedImports, truth.imports),
        importsMissed: diff(truth.imports, predictedImports),
        unrepresentable: [...truth.unrepresentable].sort().slice(0, 2000),
        failures: repo.failures,
      },
      null,
      1,
    ),
  );
}
