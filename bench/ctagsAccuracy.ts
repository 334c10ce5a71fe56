/**
 * Definitions against Universal Ctags: the recall of Nemesis's symbols over the tags ctags
 * writes for the kinds both produce, per kind, and the parse speed (parse and extraction, per MB).
 *
 *   npm run build && node dist/bench/ctagsAccuracy.js --root <dir> --langs c,cpp [--dump <file>]
 *
 * A tag counts as found when a symbol of the same file and name spans its line. Not part of
 * `npm test`: it needs `ctags` (the Debian package universal-ctags) on the PATH.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { detectLanguage } from "../src/parse/languages.js";
import { parseSource } from "../src/parse/parseSource.js";

const arg = (name: string, fallback?: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i !== -1 ? process.argv[i + 1] : fallback;
  if (value === undefined) {
    process.stderr.write(`missing --${name}; see the header of bench/ctagsAccuracy.ts for the command\n`);
    process.exit(2);
  }
  return value;
};

/** The ctags kinds Nemesis also produces, by the ctags kind's name; every other kind is left out. */
const COMPARED = new Set([
  "function", "method", "singletonMethod", "class", "struct", "union", "enum", "typedef", "macro", "namespace", "variable",
  "module", "interface", "trait", "record", "delegate", "alias", "constant",
]);

/** Kinds ctags writes that Nemesis does not produce for a language (namespaces and `use` aliases are no symbols there). */
const NOT_PRODUCED: Record<string, readonly string[]> = {
  csharp: ["namespace"],
  php: ["namespace", "alias", "variable"],
  ruby: ["alias"],
  // ctags's Kotlin `constant`/`variable` are every `val`/`var`, properties and constructor parameters too.
  kotlin: ["constant", "variable"],
};

const root = arg("root");
const languages = new Set(arg("langs").split(","));
const dumpPath = process.argv.includes("--dump") ? arg("dump") : null;

const listFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    if (name === ".git" || name === "node_modules" || name === "vendor") return [];
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });

const files = listFiles(root)
  .map((full) => relative(root, full).split("\\").join("/"))
  .filter((path) => {
    const language = detectLanguage(path);
    return language !== null && languages.has(language);
  })
  .sort();

interface Span {
  readonly name: string;
  readonly kind: string;
  readonly startLine: number;
  readonly endLine: number;
}

const symbols = new Map<string, Span[]>();
// Parse one file first so loading the grammar is not charged to the first file measured.
if (files[0] !== undefined) parseSource({ path: files[0], text: readFileSync(join(root, files[0]), "utf8"), contentHash: "warm-up" });
let bytes = 0;
let parseMs = 0;
// CPU time as well as wall time: on a shared box the CPU time moves far less with the load.
const cpuBefore = process.cpuUsage();
for (const path of files) {
  const text = readFileSync(join(root, path), "utf8");
  bytes += Buffer.byteLength(text);
  const started = performance.now();
  const outcome = parseSource({ path, text, contentHash: path, budgetMs: 60_000 });
  parseMs += performance.now() - started;
  if (outcome.ok) symbols.set(path, outcome.result.symbols.map((s) => ({ name: s.name, kind: s.kind, startLine: s.startLine, endLine: s.endLine })));
}
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;

const notProduced = new Set([...languages].flatMap((l) => NOT_PRODUCED[l] ?? []));

interface Tag {
  readonly name: string;
  readonly path: string;
  readonly line: number;
  readonly kind: string;
}

const output = execFileSync("ctags", ["--output-format=json", "--fields=+nK", "-f", "-", "-L", "-"], {
  cwd: root,
  input: files.join("\n"),
  maxBuffer: 1 << 30,
}).toString();
const tags: Tag[] = output
  .split("\n")
  .filter((line) => line.startsWith("{"))
  .map((line) => JSON.parse(line) as Tag & { _type: string })
  .filter((t) => t._type === "tag" && COMPARED.has(t.kind) && !notProduced.has(t.kind) && !/^(?:__anon|AnonymousClass|<lambda>)/.test(t.name));

const perKind = new Map<string, { total: number; found: number }>();
const missed: Tag[] = [];
const matched = new Set<Span>();
for (const tag of tags) {
  const spans = symbols.get(tag.path) ?? [];
  // `Foo::bar` (ctags's qualified tags, when enabled) and `~A` read by their last name; ctags writes `operator ==`, Nemesis `operator==`.
  const name = tag.name.slice(tag.name.lastIndexOf(":") + 1).replace(/\s+/g, "");
  // A test macro (`TEST(Suite, Name) {`) is a function named TEST to ctags, the test Suite.Name to Nemesis.
  const span = spans.find((s) => (s.name === name || s.name === tag.name || (s.kind === "Test" && /^[A-Z_]*TEST[A-Z_0-9]*$/.test(name))) && s.startLine <= tag.line && tag.line <= s.endLine);
  const counts = perKind.get(tag.kind) ?? { total: 0, found: 0 };
  counts.total++;
  if (span !== undefined) {
    counts.found++;
    matched.add(span);
  } else missed.push(tag);
  perKind.set(tag.kind, counts);
}

const mb = bytes / (1024 * 1024);
const found = tags.length - missed.length;
const ours = [...symbols.values()].flat();
process.stdout.write(
  `${files.length} files, ${mb.toFixed(2)} MB; parse and extraction ${parseMs.toFixed(0)} ms wall (${(parseMs / mb).toFixed(0)} ms/MB), ${cpuMs.toFixed(0)} ms CPU (${(cpuMs / mb).toFixed(0)} ms/MB)\n`,
);
process.stdout.write(`ctags tags compared: ${tags.length}; found: ${found}; recall ${(found / Math.max(1, tags.length)).toFixed(3)}\n`);
process.stdout.write(`Nemesis symbols: ${ours.length}; matched by a tag: ${matched.size}\n`);
for (const [kind, counts] of [...perKind].sort((a, b) => b[1].total - a[1].total)) {
  process.stdout.write(`  ${kind.padEnd(16)} ${String(counts.found).padStart(6)} / ${String(counts.total).padEnd(6)} ${(counts.found / counts.total).toFixed(3)}\n`);
}
if (dumpPath !== null) writeFileSync(dumpPath, JSON.stringify({ missed, unmatched: ours.filter((s) => !matched.has(s)).length }, null, 1));
