import * as Schema from "effect/Schema";
import { architectureOf, type Architecture, type ArchitectureBase, type EntryPoint } from "../../queries/index.js";
import { projectPath } from "../projectPath.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import type { ToolContext } from "../ToolContext.js";
import { choice, optionalText } from "./fields.js";
import { architectureInputs } from "./architectureBase.js";
import { place } from "./graphArguments.js";

const Input = Schema.Struct({
  scope: choice("What to map", ["project", "module", "file"], "project"),
  target: optionalText("Module or file path"),
});
type Input = typeof Input.Type;

const Output = Schema.Struct({
  scope: Schema.Literal("project", "module", "file"),
  target: Schema.NullOr(Schema.String),
  modules: Schema.Array(Schema.Struct({ name: Schema.String, files: Schema.Number, lines: Schema.Number })),
  files: Schema.Array(Schema.Struct({ path: Schema.String, lines: Schema.Number })),
  key_symbols: Schema.Array(Schema.Struct({ name: Schema.String, kind: Schema.String, file: Schema.String, line: Schema.Number, score: Schema.Number })),
  data_flow: Schema.Array(Schema.Struct({ from: Schema.String, to: Schema.String, imports: Schema.Number })),
  cycles: Schema.Array(Schema.Array(Schema.String)),
  entry_points: Schema.Array(Schema.Struct({ kind: Schema.String, file: Schema.String, line: Schema.Number, detail: Schema.String })),
  totals: Schema.Struct({
    modules: Schema.Number,
    files: Schema.Number,
    lines: Schema.Number,
    key_symbols: Schema.Number,
    data_flow: Schema.Number,
    cycles: Schema.Number,
    entry_points: Schema.Number,
  }),
});
type Output = typeof Output.Type;

const toOutput = (a: Architecture): Output => ({
  scope: a.scope,
  target: a.target,
  modules: a.modules.map((m) => ({ ...m })),
  files: a.files.map((f) => ({ ...f })),
  key_symbols: a.keySymbols.map((s) => ({ ...s })),
  data_flow: a.dataFlow.map((e) => ({ ...e })),
  cycles: a.cycles.map((c) => [...c]),
  entry_points: a.entryPoints.map((e) => ({ ...e })),
  totals: { ...a.totals, key_symbols: a.totals.keySymbols, data_flow: a.totals.dataFlow, entry_points: a.totals.entryPoints },
});

/**
 * The project's answer, kept with the base it was computed from (condensing the imports to
 * modules and finding their cycles take tens of ms on sympy): the first call after the
 * warm-up, and every later one until the graph moves, only renders it.
 */
const projectAnswers = new WeakMap<ArchitectureBase, { readonly manifests: string; readonly output: Output }>();

const projectAnswer = (base: ArchitectureBase, manifestEntries: ReadonlyArray<EntryPoint>): Output => {
  const manifests = JSON.stringify(manifestEntries);
  const kept = projectAnswers.get(base);
  if (kept?.manifests === manifests) return kept.output;
  const answer = architectureOf(base, { scope: "project", target: null, manifestEntries });
  if (answer._tag !== "Architecture") throw new Error("the project scope has no target to miss");
  const output = toOutput(answer);
  projectAnswers.set(base, { manifests, output });
  return output;
};

/** The architecture of the project, a module or a file; a ToolError naming candidates for an unknown target. */
const runArchitecture = async (input: Input, ctx: ToolContext): Promise<Output> => {
  let target: string | null = null;
  if (input.scope !== "project") {
    if (input.target === undefined) throw toolError(`scope ${input.scope} needs a target: ${input.scope === "module" ? "a module as get_architecture lists it" : "a file path"}`);
    target = input.scope === "file" ? projectPath(ctx.root, input.target) : input.target.trim().replace(/\/+$/, "") || ".";
  }
  const { base, manifestEntries } = await architectureInputs(ctx);
  if (input.scope === "project") return projectAnswer(base, manifestEntries);
  const answer = architectureOf(base, { scope: input.scope, target, manifestEntries });
  if (answer._tag === "UnknownTarget") {
    const what = answer.scope === "module" ? "module" : "indexed file";
    const hint = answer.scope === "module" ? "get_architecture without a scope lists the modules" : "pass a path relative to the project root";
    throw toolError(`no ${what} "${answer.target}"${answer.candidates.length > 0 ? `; closest: ${answer.candidates.join(", ")}` : ""} (${hint})`);
  }
  return toOutput(answer);
};

/** A section: its title with "shown of total" when capped, then its items a few to a line. */
const section = (title: string, items: ReadonlyArray<string>, total: number, perLine = 4): string[] => {
  if (items.length === 0) return [];
  const count = items.length < total ? ` (${items.length} of ${total})` : "";
  const rows: string[] = [];
  for (let i = 0; i < items.length; i += perLine) rows.push(`  ${items.slice(i, i + perLine).join("; ")}`);
  return [`${title}${count}:`, ...rows];
};

const sizeText = (files: number, lines: number) => `${files} file${files === 1 ? "" : "s"}, ${lines.toLocaleString("en-US")} lines`;

const renderArchitecture = (o: Output): string => {
  const head =
    o.scope === "project"
      ? `project: ${o.totals.modules} modules, ${sizeText(o.totals.files, o.totals.lines)}`
      : `${o.scope} ${o.target}: ${sizeText(o.totals.files, o.totals.lines)}${o.scope === "file" && o.modules[0] ? ` (module ${o.modules[0].name})` : ""}`;
  const flowUnit = o.scope === "file" ? "imports and importers" : "module → module, file imports";
  return [
    head,
    ...(o.scope === "project" ? section("modules", o.modules.map((m) => `${m.name} (${sizeText(m.files, m.lines)})`), o.totals.modules) : []),
    ...(o.scope === "module" ? section("files", o.files.map((f) => `${f.path} (${f.lines})`), o.totals.files) : []),
    ...section("key symbols by PageRank (× average)", o.key_symbols.map((s) => `${s.name} [${s.kind}] ${place(s.file, s.line)} ${s.score.toFixed(2)}`), o.totals.key_symbols, 3),
    ...section(`data flow (${flowUnit})`, o.data_flow.map((e) => `${e.from} → ${e.to}${o.scope === "file" ? "" : ` (${e.imports})`}`), o.totals.data_flow),
    ...section(o.scope === "file" ? "import cycles" : "module cycles", o.cycles.map((c) => `${c.join(" → ")} → ${c[0]}`), o.totals.cycles),
    ...section("entry points", o.entry_points.map((e) => `${e.kind} ${place(e.file, e.line)} ${e.detail}`), o.totals.entry_points, 1),
  ].join("\n");
};

export const getArchitectureTool = defineTool({
  name: "get_architecture",
  title: "Architecture overview",
  description:
    "Project map: modules with sizes, key symbols (PageRank), module imports and cycles, entry points (main, CLI, routes). Use first in a new repo; scope module|file + target zooms in. Example: {\"scope\":\"module\",\"target\":\"src/api\"}",
  toolset: "core",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: runArchitecture,
  render: renderArchitecture,
  // Loading and ranking the whole graph takes seconds on a large project: done before the first call.
  warm: async (ctx) => {
    if ((await ctx.graph()) === null) return;
    const { base, manifestEntries } = await architectureInputs(ctx);
    projectAnswer(base, manifestEntries);
  },
});

/**
 * A few-line summary of the project's architecture (modules, key symbols, data flow, cycles,
 * entry points), at most `maxLines` lines, for get_smart_context and the session-start hook.
 * Empty when nothing is indexed yet.
 */
export const architectureSketch = async (ctx: ToolContext, maxLines: number): Promise<string> => {
  if (maxLines <= 0 || (await ctx.graph()) === null) return "";
  const { base, manifestEntries } = await architectureInputs(ctx);
  // Kept with the base it was drawn from: get_smart_context asks for it on every call.
  const key = `${maxLines}\u0000${JSON.stringify(manifestEntries)}`;
  let drawn = sketches.get(base);
  if (!drawn) sketches.set(base, (drawn = new Map()));
  let sketch = drawn.get(key);
  if (sketch === undefined) drawn.set(key, (sketch = drawSketch(base, manifestEntries, maxLines)));
  return sketch;
};

const sketches = new WeakMap<ArchitectureBase, Map<string, string>>();

const drawSketch = (base: ArchitectureBase, manifestEntries: ReadonlyArray<EntryPoint>, maxLines: number): string => {
  const a = architectureOf(base, {
    scope: "project",
    target: null,
    manifestEntries,
    limits: { modules: 6, files: 0, keySymbols: 5, dataFlow: 5, cycles: 2, entryPoints: 4 },
  });
  if (a._tag !== "Architecture") return "";
  const more = (shown: number, total: number) => (total > shown ? ", …" : "");
  const lines = [
    `${a.totals.modules} modules, ${sizeText(a.totals.files, a.totals.lines)}: ${a.modules.map((m) => `${m.name} (${m.files})`).join(", ")}${more(a.modules.length, a.totals.modules)}`,
    a.keySymbols.length > 0 ? `key symbols: ${a.keySymbols.map((s) => `${s.name} (${place(s.file, s.line)})`).join(", ")}` : "",
    a.dataFlow.length > 0 ? `imports: ${a.dataFlow.map((e) => `${e.from} → ${e.to} (${e.imports})`).join(", ")}${more(a.dataFlow.length, a.totals.dataFlow)}` : "",
    a.cycles.length > 0 ? `module cycles: ${a.cycles.map((c) => [...c, c[0]].join(" → ")).join("; ")}${more(a.cycles.length, a.totals.cycles)}` : "",
    a.entryPoints.length > 0 ? `entry points: ${a.entryPoints.map((e) => `${e.kind} ${place(e.file, e.line)}`).join(", ")}${more(a.entryPoints.length, a.totals.entryPoints)}` : "",
  ];
  return lines.filter((l) => l !== "").slice(0, maxLines).join("\n");
};
