/**
 * C/C++ CALLS against clang's AST: precision and recall of our function-to-function CALLS edges
 * over the caller→callee pairs `clang -Xclang -ast-dump=json` finds, where both ends are defined
 * in the project.
 *
 *   npm run build && node dist/bench/clangCallsAccuracy.js --root <dir> \
 *     [--compile-commands <build>/compile_commands.json] [--cache <dir>] [--dump <file>] [--jobs <n>] [--cached-only]
 *
 * clang runs on every C/C++ source file of the tree (see bench/clang/translationUnits.ts for
 * the flags of a file the database leaves out); a file that does not compile is left out. Its
 * pairs: each CallExpr / CXXMemberCallExpr inside a function or method with a body in a project
 * file, the callee being the function the call names (bench/clang/astCalls.ts says what is left
 * out: calls through pointers, in templates' dependent code, written in a macro's body, into
 * declarations outside the project). Both ends are mapped to our symbols (Function, Method, Test)
 * by file, name and line; our edges count when both ends are symbols clang's definitions map to.
 * Not part of `npm test`: it needs clang (the Debian package clang).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { FileParsed } from "../src/events/index.js";
import { indexRepo, listFiles } from "./accuracy/indexRepo.js";
import { astCalls, type AstCalls, type CallCategory, type ClangDefinition } from "./clang/astCalls.js";
import { translationUnits } from "./clang/translationUnits.js";

const arg = (name: string, fallback?: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i !== -1 ? process.argv[i + 1] : fallback;
  if (value === undefined) {
    process.stderr.write(`missing --${name}; see the header of bench/clangCallsAccuracy.ts for the command\n`);
    process.exit(2);
  }
  return value;
};
const optional = (name: string): string | null => (process.argv.includes(`--${name}`) ? arg(name) : null);

const root = resolve(arg("root"));
const cacheDir = optional("cache");
const files = listFiles(root, new Set(["c", "cpp"])).filter((p) => !p.endsWith(".json") && !p.endsWith(".txt"));
const units = translationUnits(root, files, optional("compile-commands"));

/** Bumped when what bench/clang/astCalls.ts records changes, so a cache of older facts is not read. */
const FACTS_VERSION = 2;

/** clang's facts for one file, from the cache when the file, its flags and clang's version are the same. */
const factsOf = async (unit: (typeof units)[number]): Promise<AstCalls> => {
  const key = createHash("sha1").update(JSON.stringify([FACTS_VERSION, unit.file, unit.args])).update(readFileSync(unit.file)).digest("hex");
  const cached = cacheDir === null ? null : join(cacheDir, `${key}.json`);
  if (cached !== null && existsSync(cached)) return JSON.parse(readFileSync(cached, "utf8")) as AstCalls;
  // `--cached-only`: a look at the files done so far while another run fills the cache.
  if (process.argv.includes("--cached-only")) return { definitions: [], calls: [], exitCode: -1, errors: ["not in the cache yet"] };
  const facts = await astCalls(root, unit);
  if (cached !== null) {
    mkdirSync(cacheDir as string, { recursive: true });
    writeFileSync(cached, JSON.stringify(facts));
  }
  return facts;
};

const cpuBefore = process.cpuUsage();
/** By key; more than one where programs of the tree define the same external name (`main`). */
const definitions = new Map<string, ClangDefinition[]>();
const bySite = new Map<string, ClangDefinition>();
const clangCalls: AstCalls["calls"] = [];
const failed: string[] = [];
// `--jobs n` runs n clangs at once; the facts are taken in the files' order whatever order they end in.
const jobs = Math.max(1, Number(optional("jobs") ?? "1"));
const pending = units.map(() => null as Promise<AstCalls> | null);
const started = (i: number): Promise<AstCalls> => (pending[i] ??= factsOf(units[i] as (typeof units)[number]));
for (const [i, unit] of units.entries()) {
  for (let j = i; j < Math.min(units.length, i + jobs); j++) void started(j).catch(() => undefined);
  let facts = await started(i);
  // A database may name an older standard than the code needs (leveldb's CMake says C++11, its
  // sources use C++17's `std::is_standard_layout_v`): a C++ file that fails is tried with C++17.
  if (facts.exitCode !== 0 && !unit.file.endsWith(".c") && !process.argv.includes("--cached-only")) {
    const retried = await factsOf({ ...unit, args: [...unit.args.filter((a) => !a.startsWith("-std=")), "-std=c++17"] });
    if (retried.exitCode === 0) facts = retried;
  }
  if (facts.exitCode !== 0) {
    failed.push(`${relative(root, unit.file)}${unit.fromDatabase ? "" : " (borrowed flags)"}: ${facts.errors[0] ?? `exit ${facts.exitCode}`}`);
    continue;
  }
  for (const d of facts.definitions) {
    if (bySite.has(d.site)) continue;
    bySite.set(d.site, d);
    definitions.set(d.key, [...(definitions.get(d.key) ?? []), d]);
  }
  clangCalls.push(...facts.calls);
  if (process.stderr.isTTY) process.stderr.write(`\rclang ${i + 1}/${units.length}`);
}
const clangCpu = process.cpuUsage(cpuBefore);

const repo = indexRepo(root, files, optional("cache") === null ? null : join(cacheDir as string, "parse-cache.json"));

const CALLABLE = new Set(["Function", "Method", "Test"]);
type Symbol = FileParsed["symbols"][number];
/** Our symbol for a clang definition: same file, the name's line inside it, the same name (a gtest body: the `TEST` around it). */
const ourSymbol = (d: ClangDefinition): { path: string; symbol: Symbol } | null => {
  const path = relative(root, d.file);
  const spanning = (repo.parsed.get(path)?.symbols ?? []).filter((s) => CALLABLE.has(s.kind) && s.startLine <= d.line && d.line <= s.endLine);
  const named = spanning.filter((s) => s.name === d.name);
  // A test macro's function (gtest's `TestBody`, Unity's `TEST_group_name_run`) is named by the macro.
  const pool = named.length > 0 ? named : spanning.filter((s) => s.kind === "Test");
  const innermost = pool.sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
  return innermost === undefined ? null : { path, symbol: innermost };
};
const nodeOf = (m: { path: string; symbol: Symbol }): string => `${m.path}#${m.symbol.id}`;

/** Our node for each definition, by its site. */
const mapped = new Map<string, string>();
const unmappedDefinitions: ClangDefinition[] = [];
for (const d of bySite.values()) {
  const m = ourSymbol(d);
  if (m === null) unmappedDefinitions.push(d);
  else mapped.set(d.site, nodeOf(m));
}
/** The definition a call reaches: the only one of its key, or the one in the caller's own file. */
const calleeDefinition = (key: string, callerSite: string): ClangDefinition | null | "ambiguous" => {
  const all = definitions.get(key) ?? [];
  if (all.length <= 1) return all[0] ?? null;
  const callerFile = bySite.get(callerSite)?.file;
  return all.find((d) => d.file === callerFile) ?? "ambiguous";
};
const judged = new Set(mapped.values());

const byCategory = new Map<CallCategory, number>();
const truth = new Set<string>();
/** Per caller, the names of callees clang found declared but not defined in the project (a pure virtual method, say). */
const undefinedCallees = new Map<string, Set<string>>();
/** Per caller, the names of callees several programs of the tree define (clang's own program is not known here). */
const unjudgedCallees = new Map<string, Set<string>>();
let unmappedEnds = 0;
let ambiguous = 0;
for (const call of clangCalls) {
  byCategory.set(call.category, (byCategory.get(call.category) ?? 0) + 1);
  if (call.category !== "direct" || call.callee === null) continue;
  const from = mapped.get(call.caller);
  const callee = calleeDefinition(call.callee, call.caller);
  if (callee === "ambiguous") {
    ambiguous++;
    const from = mapped.get(call.caller);
    if (from !== undefined) unjudgedCallees.set(from, (unjudgedCallees.get(from) ?? new Set<string>()).add(call.calleeName));
    continue;
  }
  const to = callee === null ? undefined : mapped.get(callee.site);
  if (from !== undefined && to !== undefined) truth.add(`${from} -> ${to}`);
  else if (from !== undefined && callee === null) undefinedCallees.set(from, (undefinedCallees.get(from) ?? new Set<string>()).add(call.calleeName));
  else unmappedEnds++;
}

/** A constructor (`new T(…)`, `T x(…)`): clang writes a CXXConstructExpr, not a call, so neither side counts it. */
const isConstructor = (node: string): boolean => {
  const [path, id] = [node.slice(0, node.indexOf("#")), node.slice(node.indexOf("#") + 1)];
  const symbols = repo.parsed.get(path)?.symbols ?? [];
  const symbol = symbols.find((s) => s.id === id);
  const parent = symbol?.parent === null || symbol === undefined ? undefined : symbols.find((s) => s.id === symbol.parent);
  return symbol !== undefined && parent !== undefined && parent.name === symbol.name;
};
const predicted = new Set<string>();
let constructors = 0;
for (const resolution of repo.resolutions.values()) {
  for (const edge of resolution.edges) {
    if (edge.kind !== "CALLS" || !edge.from.startsWith("s:") || !edge.to.startsWith("s:")) continue;
    const [from, to] = [edge.from.slice(2), edge.to.slice(2)];
    if (!judged.has(from) || !judged.has(to)) continue;
    if (isConstructor(to)) constructors++;
    else predicted.add(`${from} -> ${to}`);
  }
}

const nameOf = (node: string): string => {
  const [path, id] = [node.slice(0, node.indexOf("#")), node.slice(node.indexOf("#") + 1)];
  return repo.parsed.get(path)?.symbols.find((s) => s.id === id)?.name ?? "";
};
let hit = 0;
let dispatched = 0;
let unjudged = 0;
const falsePositives: string[] = [];
for (const edge of predicted) {
  if (truth.has(edge)) hit++;
  else {
    const [from, to] = edge.split(" -> ") as [string, string];
    // A call clang binds to a declaration with no body (a virtual method's) that we bind to an override.
    if (undefinedCallees.get(from)?.has(nameOf(to)) === true) dispatched++;
    else if (unjudgedCallees.get(from)?.has(nameOf(to)) === true) unjudged++;
    else falsePositives.push(edge);
  }
}
const missed = [...truth].filter((e) => !predicted.has(e)).sort();

const fmt = (n: number): string => n.toFixed(3);
const clangCpuS = (clangCpu.user + clangCpu.system) / 1e6;
process.stdout.write(
  [
    `root ${root}: ${units.length} translation units (${units.filter((u) => u.fromDatabase).length} from the compile database), ${failed.length} did not compile and are left out; ${files.length} files parsed by us`,
    `clang definitions in project files: ${bySite.size}, mapped to our symbols: ${mapped.size} (${unmappedDefinitions.length} not)`,
    `calls inside them: ${clangCalls.length}; ${[...byCategory].map(([k, v]) => `${k} ${v}`).join(", ")}; direct calls with an end we have no symbol for: ${unmappedEnds}, to a name several programs of the tree define: ${ambiguous}`,
    `CALLS precision ${fmt(hit / Math.max(1, predicted.size - unjudged))} recall ${fmt(hit / Math.max(1, truth.size))} (hit ${hit}, predicted ${predicted.size}, clang pairs ${truth.size}; ` +
      `${unjudged} predictions of a name several programs define are not judged; ${constructors} edges to constructors left out)`,
    `      precision ${fmt(hit / Math.max(1, predicted.size - unjudged - dispatched))} leaving out as well the ${dispatched} edges to an override of a method clang binds to a declaration without a body`,
    `clang and reading its AST: ${clangCpuS.toFixed(1)} CPU-s in this process (clang's own time not counted; 0 when cached)`,
    ...failed.map((f) => `  not compiled: ${f}`),
    "",
  ].join("\n"),
);

const dump = optional("dump");
if (dump !== null) {
  writeFileSync(
    dump,
    JSON.stringify({ falsePositives: falsePositives.sort(), missed, unmappedDefinitions: unmappedDefinitions.map((d) => `${relative(root, d.file)}:${d.line} ${d.name}`), failed }, null, 1),
  );
}
