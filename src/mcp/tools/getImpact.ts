import * as Schema from "effect/Schema";
import { impactOf, type Dependent, type Impact, usuallyChangesWith } from "../../queries/index.js";
import { projectPath } from "../projectPath.js";
import { notIndexedMessage, unseenAdvice } from "../../engine/index.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import { candidateLines, place, requireGraph } from "./graphArguments.js";

/** Most dependents and tests one answer collects. */
export const IMPACT_MAX_NODES = 200;
/**
 * Most dependents listed per depth, and tests, in the text answer; the JSON answer lists all it
 * collected. The summary line counts them all: sympy's Basic.subs listed 150 lines (15k characters).
 */
const TEXT_PER_DEPTH = 25;
const TEXT_TESTS = 20;
/** Files listed as usually changing with the target (git co-change), text and JSON alike. */
export const CHANGES_WITH = 5;

const Input = Schema.Struct({
  file: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(1000)).annotations({
    description: "Path from the project root",
  }),
  function: Schema.optional(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(300)).annotations({
      description: "Function, Class.method or class in it; omit for the whole file",
    }),
  ),
  depth: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(1, 5)).annotations({ description: "Levels followed", default: 3 }), {
    default: () => 3,
  }),
});

const Entry = Schema.Struct({
  name: Schema.String,
  kind: Schema.String,
  file: Schema.NullOr(Schema.String),
  /** Where it references what it depends on. */
  line: Schema.Number,
  depth: Schema.Number,
  via: Schema.String,
  on: Schema.String,
  exported: Schema.Boolean,
  /** Whether a listed test reaches it. */
  tested: Schema.Boolean,
});

const Output = Schema.Struct({
  file: Schema.String,
  symbol: Schema.NullOr(Schema.String),
  summary: Schema.String,
  dependents: Schema.Array(Entry),
  tests: Schema.Array(Entry),
  untested: Schema.Array(Schema.String),
  publicApi: Schema.Array(Schema.String),
  depth: Schema.Number,
  beyondDepth: Schema.Number,
  nodeCapped: Schema.Boolean,
  /** Files that changed in the same commits as the target's file (git history; empty without it): `together` of the file's `of` commits. */
  changesWith: Schema.Array(Schema.Struct({ file: Schema.String, together: Schema.Number, of: Schema.Number })),
});
type Output = typeof Output.Type;

const entry = (d: Dependent, untested: ReadonlySet<string>) => ({
  name: d.name,
  kind: d.kind,
  file: d.file,
  // A structural edge (Go, Python Protocols) has no reference line: the dependent's own line then.
  line: d.at > 0 ? d.at : d.line,
  depth: d.depth,
  via: d.via,
  on: d.on,
  exported: d.exported,
  tested: !untested.has(d.id),
});

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

const some = (names: ReadonlyArray<string>, max = 5): string =>
  names.length <= max ? names.join(", ") : `${names.slice(0, max).join(", ")} +${names.length - max} more`;

/** The one-line risk summary: counts, exported API touched, untested dependents, caps. */
const summaryOf = (impact: Impact, depth: number, publicApi: ReadonlyArray<string>, untested: ReadonlyArray<string>): string => {
  const direct = impact.dependents.filter((d) => d.depth === 1).length;
  const files = new Set(impact.dependents.map((d) => d.file)).size;
  const parts = [
    `${count(impact.dependents.length, "dependent")} (${direct} direct, ${impact.dependents.length - direct} transitive) in ${count(files, "file")}`,
    `public API touched: ${publicApi.length === 0 ? "none" : some(publicApi)}`,
    `${count(impact.tests.length, "test")} reach${impact.tests.length === 1 ? "es" : ""} it`,
    `untested dependents: ${untested.length === 0 ? "none" : `${untested.length} (${some(untested, 3)})`}`,
  ];
  if (impact.beyondDepth > 0) parts.push(`depth cap ${depth}: ${count(impact.beyondDepth, "more dependent")} one level further`);
  if (impact.nodeCapped) parts.push(`node cap ${IMPACT_MAX_NODES} reached: the lists are partial`);
  return `risk: ${parts.join("; ")}`;
};

const VERB: Record<string, string> = { CALLS: "calls", IMPORTS: "imports", INHERITS: "extends", IMPLEMENTS: "implements", TESTS: "tests" };

const line = (e: (typeof Entry)["Type"]): string => {
  const who = e.kind === "File" ? "" : ` ${e.name} [${e.kind}]`;
  return `${place(e.file, e.line)}${who} ${VERB[e.via] ?? e.via.toLowerCase()} ${e.on}${e.tested ? "" : " (untested)"}`;
};

export const getImpactTool = defineTool({
  name: "get_impact",
  title: "Change impact",
  description:
    "What may break if a file, or one function in it, changes: dependents by depth, the tests that reach it, a one-line risk summary and the files that usually change with it (git). Use before editing shared code. Example: {\"file\": \"src/auth/session.ts\", \"function\": \"Session.refresh\"}",
  toolset: "core",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const graph = await requireGraph(ctx);
    const file = projectPath(ctx.root, input.file);
    const answer = await impactOf(graph, { file, symbol: input.function ?? null, depth: input.depth, maxNodes: IMPACT_MAX_NODES });
    switch (answer._tag) {
      case "UnknownFile":
        if (answer.folder) throw toolError(`${file} is a folder: pass one file, e.g.\n${answer.candidates.map((c) => `  ${c}`).join("\n")}`);
        throw toolError(
          answer.candidates.length === 0
            ? `${file} is not indexed and nothing else is: ${notIndexedMessage(await ctx.indexState())}`
            : `${file} is not an indexed file (${unseenAdvice(await ctx.indexState(), "run index_project if it is new")}). Closest indexed files:\n${answer.candidates.map((c) => `  ${c}`).join("\n")}`,
        );
      case "UnknownSymbol":
        throw toolError(`no symbol "${answer.symbol}" in ${file}. Closest symbols there:\n${candidateLines(answer.candidates)}`);
      case "AmbiguousSymbol":
        throw toolError(`"${answer.symbol}" names several symbols in ${file}; pass one as Class.method:\n${candidateLines(answer.candidates)}`);
    }
    const publicApi = [...answer.targets, ...answer.dependents].filter((n) => n.exported).map((n) => n.name);
    const untestedIds = new Set(answer.untested);
    const untested = answer.dependents.filter((d) => untestedIds.has(d.id)).map((d) => d.name);
    const history = await ctx.history();
    return {
      file,
      symbol: answer.symbol?.name ?? null,
      summary: summaryOf(answer, input.depth, publicApi, untested),
      dependents: answer.dependents.map((d) => entry(d, untestedIds)),
      tests: answer.tests.map((d) => entry(d, untestedIds)),
      untested,
      publicApi,
      depth: input.depth,
      beyondDepth: answer.beyondDepth,
      nodeCapped: answer.nodeCapped,
      changesWith: history === null ? [] : usuallyChangesWith(history, file, CHANGES_WITH),
    } satisfies Output;
  },
  render: (output) => {
    const lines = [`impact of ${output.symbol === null ? output.file : `${output.symbol} in ${output.file}`} (depth ≤ ${output.depth})`, output.summary];
    const more = (n: number) => `  … ${n} more (json_output true lists every one)`;
    for (let depth = 1; depth <= output.depth; depth++) {
      const level = output.dependents.filter((d) => d.depth === depth);
      if (level.length === 0) continue;
      lines.push(`depth ${depth}:`, ...level.slice(0, TEXT_PER_DEPTH).map((e) => `  ${line(e)}`));
      if (level.length > TEXT_PER_DEPTH) lines.push(more(level.length - TEXT_PER_DEPTH));
    }
    if (output.dependents.length === 0) lines.push("no dependents in the graph");
    if (output.tests.length > 0) lines.push("tests:", ...output.tests.slice(0, TEXT_TESTS).map((e) => `  ${line(e)} (depth ${e.depth})`));
    if (output.tests.length > TEXT_TESTS) lines.push(more(output.tests.length - TEXT_TESTS));
    if (output.changesWith.length > 0) {
      lines.push(`usually changes with (git history${output.symbol === null ? "" : `, by file`}):`);
      lines.push(...output.changesWith.map((c) => `  ${c.file} (changed together in ${c.together} of ${c.of} commits)`));
    }
    return lines.join("\n");
  },
});
