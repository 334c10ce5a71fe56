import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers.js";

/**
 * Holds the code to DESIGN.md §2's table: which folder of src/ (and bench/) may import which. A new import
 * that breaks the table fails here; so does an entry of KNOWN that no longer happens (then
 * delete it). When the code is right and the table is wrong, change both the table and RULES.
 */

type Folder =
  | "events"
  | "commands"
  | "parse"
  | "projections"
  | "sources"
  | "engine"
  | "queries"
  | "mcp"
  | "cli"
  | "config"
  | "shared"
  | "bench";

interface Rule {
  /** Folders this one may import anything from. */
  readonly may: ReadonlyArray<Folder>;
  /** Folders this one may import types from (`import type`), and nothing else. */
  readonly types?: ReadonlyArray<Folder>;
}

const ALL: ReadonlyArray<Folder> = ["events", "commands", "parse", "projections", "sources", "engine", "queries", "mcp", "cli", "config", "shared"];

/**
 * DESIGN.md §2, row by row, as DEVELOPMENT.md's folder table states it. `config` and `shared` are
 * leaves (they import nothing else of ours), so every folder may import them; `bench` (the
 * benchmarks, in bench/ outside src/) may import everything, like `cli`, and nothing imports it.
 */
const LEAVES: ReadonlyArray<Folder> = ["config", "shared"];
const RULES: Readonly<Record<Folder, Rule>> = {
  events: { may: [] },
  commands: { may: ["events"] },
  parse: { may: ["events"] },
  projections: { may: ["events"], types: ["parse"] },
  sources: { may: ["events", "commands"] },
  // "sources" since the engine builds Queries: it runs the scan, drives the watcher and looks at the disk for the freshness line.
  engine: { may: ["events", "parse", "projections", "queries", "sources"] },
  // "projections' read-model interfaces": a reader is handed in, so its module is imported for types and the helpers beside it.
  queries: { may: ["projections"] },
  // "engine (its client)".
  mcp: { may: ["queries", "commands", "engine"] },
  // Everything but the read models themselves: the CLI reads through the engine (Queries,
  // oneShotQueries, replayReadModels), as the tools do.
  cli: { may: ALL.filter((f) => f !== "projections") },
  config: { may: [] },
  shared: { may: [] },
  bench: { may: ALL },
};

/**
 * Imports that break the table today, each with why it stands. One line each: the importing
 * file and the folder it reaches. Fix the code or the table, then delete the line.
 */
const KNOWN: ReadonlyArray<readonly [file: string, reaches: Folder, why: string]> = [
  ["src/commands/decideFileChanges.ts", "parse", "a file last parsed by another PARSER_VERSION is recorded as changed"],
  ["src/engine/indexProject.ts", "commands", "`nemesis index` scans, then runs the pipeline, in the engine"],
];

/**
 * Another folder is imported through its index.ts, or through the one second entry a folder may
 * have, named here with why it exists. A `lazy.ts` holds loaders (`export const importX = () =>
 * import("./x.js")`) for modules other folders load only when they need them: a dynamic import of
 * index.ts would load the whole folder. The bundles read index.ts imports by name (scripts/flattenBarrels.mjs).
 */
const SECOND_ENTRY: Readonly<Partial<Record<Folder, readonly [file: string, why: string]>>> = {
  events: ["log.ts", "the log without the schema library, where start-up time counts: the hooks, `nemesis log`"],
  commands: ["lazy.ts", "the prompt hook's auto-learn, loaded only when a prompt states an instruction"],
  config: ["lazy.ts", "the config file's schema, loaded only when the prompt hook answers"],
  mcp: ["lazy.ts", "the tools' registry, servers and backend, loaded only by the commands that serve or call tools"],
  projections: ["lazy.ts", "Kuzu (native), loaded only when a one-shot query reads the graph"],
  queries: ["lazy.ts", "search's file links and related files, read only when `nemesis search` shows them"],
  shared: ["lazy.ts", "node:v8's garbage collection, loaded only when `serve` logs its memory"],
  sources: ["lazy.ts", "the watcher (chokidar), loaded only by `watch` and `serve`"],
};

const SRC = join(REPO_ROOT, "src");
const BENCH = join(REPO_ROOT, "bench");

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );

/** The folder of src/ a file belongs to (`src/cli.ts`, the entry, is the CLI's); anything under bench/ is the benchmarks'. */
const folderOf = (file: string): Folder => {
  if (file.startsWith(BENCH + sep)) return "bench";
  const parts = relative(SRC, file).split(sep);
  return (parts.length === 1 ? "cli" : parts[0]) as Folder;
};

interface Import {
  readonly from: string;
  /** The imported module's file (`.js` specifiers name `.ts` sources). */
  readonly to: string;
  readonly typeOnly: boolean;
}

/** Every relative import, re-export and dynamic import() of one file; `import type` and all-type named imports are type-only. */
const importsOf = (file: string): Import[] => {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    if (!specifier.startsWith(".")) return;
    const target = resolve(dirname(file), specifier);
    const ts_ = target.replace(/\.js$/, ".ts");
    found.push({ from: file, to: existsSync(ts_) ? ts_ : target, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allTypes =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier.text, clause?.isTypeOnly === true || allTypes);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg !== undefined && ts.isStringLiteral(arg)) add(arg.text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

const rel = (file: string) => relative(REPO_ROOT, file).split(sep).join("/");

/** The imports DESIGN.md §2 forbids, as `file → folder (what)` lines. */
const violations = (imports: ReadonlyArray<Import>): Array<{ file: string; reaches: Folder; line: string }> => {
  const out = new Map<string, { file: string; reaches: Folder; line: string }>();
  for (const { from, to, typeOnly } of imports) {
    const a = folderOf(from);
    const b = folderOf(to);
    if (a === b || LEAVES.includes(b)) continue;
    const rule = RULES[a];
    if (rule === undefined) throw new Error(`${rel(from)}: src/${a} is not in DESIGN.md §2's table (add a row to RULES)`);
    if (rule.may.includes(b) || (typeOnly && rule.types?.includes(b))) continue;
    const file = rel(from);
    out.set(`${file}|${b}`, { file, reaches: b, line: `${file} → ${rel(to)}${typeOnly ? " (types)" : ""}` });
  }
  return [...out.values()];
};

/**
 * Imports of the SQLite driver's one-operation files from outside src/events, types included, as
 * `file → module` lines: those go through src/events/index.ts, its light entry log.ts, or the
 * EventStore port, so the driver can change without the rest of the tree noticing.
 */
const deepIntoSqlite = (imports: ReadonlyArray<Import>): string[] =>
  imports.filter((i) => folderOf(i.from) !== "events" && rel(i.to).startsWith("src/events/sqlite/")).map((i) => `${rel(i.from)} → ${rel(i.to)}`);

/** The files of another folder of src/ that one may import: its index.ts and its second entry, if any. */
const entriesOf = (folder: Folder): string[] => [join(SRC, folder, "index.ts"), ...(SECOND_ENTRY[folder] ? [join(SRC, folder, SECOND_ENTRY[folder][0])] : [])];

/** Imports of another folder of src/ that name neither its index.ts nor its second entry, as `file → module` lines (bench/ may reach in deep). */
const deepAcrossFolders = (imports: ReadonlyArray<Import>): string[] =>
  imports
    .filter((i) => i.from.startsWith(SRC + sep) && i.to.startsWith(SRC + sep))
    .filter((i) => folderOf(i.from) !== folderOf(i.to) && !entriesOf(folderOf(i.to)).includes(i.to))
    .map((i) => `${rel(i.from)} → ${rel(i.to)}`);

/** Import cycles between files (Tarjan's strongly connected components of more than one file). */
const cycles = (imports: ReadonlyArray<Import>): string[][] => {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      component.push(rel(w));
      if (w === v) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
};

describe("the dependency rules of DESIGN.md §2", () => {
  const imports = [...sourceFiles(SRC), ...sourceFiles(BENCH)].flatMap(importsOf);

  it("reads the imports of every source file", () => {
    expect(imports.length).toBeGreaterThan(1000);
    // The reader must see each kind of import, or the rules below would pass on nothing.
    expect(imports.some((i) => i.typeOnly)).toBe(true);
    expect(imports.some((i) => rel(i.from) === "src/cli/main.ts" && !i.typeOnly)).toBe(true);
    expect(imports.some((i) => rel(i.from) === "bench/run.ts")).toBe(true);
  });

  it("allows only what the table allows, apart from the known exceptions", () => {
    const known = new Set(KNOWN.map(([file, reaches]) => `${file}|${reaches}`));
    const broken = violations(imports).filter((v) => !known.has(`${v.file}|${v.reaches}`));
    expect(broken.map((v) => v.line), "imports DESIGN.md §2 forbids (move the shared piece to a folder both may import, or change the table and RULES)").toEqual([]);
  });

  it("lists no exception that no longer happens", () => {
    const seen = new Set(violations(imports).map((v) => `${v.file}|${v.reaches}`));
    expect(KNOWN.filter(([file, reaches]) => !seen.has(`${file}|${reaches}`)).map(([file, reaches]) => `${file} → src/${reaches}`)).toEqual([]);
  });

  // Value imports only: type-only imports are erased by the build, so a class and the policies
  // typed against it (the resolver and its languages) may name each other without a load order.
  it("has no import cycles between files", () => {
    expect(
      cycles(imports.filter((i) => !i.typeOnly)),
      "files that import each other, directly or around a loop: move what both need into a module of its own",
    ).toEqual([]);
  });

  it("reaches the log only through src/events/index.ts, its light entry log.ts, or the EventStore port: never events/sqlite/*", () => {
    expect(deepIntoSqlite(imports), "import the operation from src/events/index.ts (or log.ts where start-up time counts); add it there if it is missing").toEqual([]);
    // The check itself: a deliberate deep import from outside src/events is caught.
    const planted = { from: resolve(REPO_ROOT, "src/cli/subcommands/log.ts"), to: resolve(REPO_ROOT, "src/events/sqlite/readEvents.ts"), typeOnly: true };
    expect(deepIntoSqlite([planted])).toEqual(["src/cli/subcommands/log.ts → src/events/sqlite/readEvents.ts"]);
  });

  it("reaches another folder only through its index.ts (or its one second entry, SECOND_ENTRY)", () => {
    expect(deepAcrossFolders(imports), "import it from the folder's index.ts, adding it there by name if it is missing (a dynamic import: a loader in the folder's lazy.ts)").toEqual([]);
    // The check itself: a deliberate deep import of another folder is caught, its index is not.
    const planted = { from: resolve(REPO_ROOT, "src/cli/subcommands/grep.ts"), to: resolve(REPO_ROOT, "src/queries/grep/grepCode.ts"), typeOnly: false };
    const throughIndex = { ...planted, to: resolve(REPO_ROOT, "src/queries/index.ts") };
    expect(deepAcrossFolders([planted, throughIndex])).toEqual(["src/cli/subcommands/grep.ts → src/queries/grep/grepCode.ts"]);
  });

  it("names every export of a folder's entries: no `export *`, and an index.ts of `export { … } from` lines only, which the bundles read by name", () => {
    const statements = (file: string) => ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false).statements;
    const entries = (Object.keys(RULES) as Folder[]).filter((f) => f !== "bench").flatMap(entriesOf).filter((f) => existsSync(f));
    expect(entries.filter((file) => statements(file).some((s) => ts.isExportDeclaration(s) && s.exportClause === undefined)).map(rel)).toEqual([]);
    const indexes = entries.filter((file) => file.endsWith(`${sep}index.ts`));
    expect(indexes.length).toBeGreaterThanOrEqual(10);
    expect(
      indexes.filter((file) => statements(file).some((s) => !(ts.isExportDeclaration(s) && s.moduleSpecifier !== undefined))).map(rel),
      "an index.ts that declares or imports something is read whole by the bundles (scripts/flattenBarrels.mjs): move it to a module and re-export it",
    ).toEqual([]);
  });

  it("keeps the log's connection inside src/events", () => {
    const leaks = imports.filter((i) => rel(i.to) === "src/events/sqlite/sqliteLog.ts" && folderOf(i.from) !== "events").map((i) => rel(i.from));
    expect(leaks, "only src/events holds the SQLite connection of the log; add a named operation there instead").toEqual([]);
  });
});
