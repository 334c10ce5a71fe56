/**
 * MCP figures through the real stdio transport (`node dist/cli.js serve`, driven by the MCP
 * SDK's own Client over StdioClientTransport) on a real repository (BENCH_REPO, sympy):
 *   - start-up: spawn → `initialize` answered, and → `tools/list` answered (fresh processes, median);
 *   - every tool the server lists: p50/p95 of NEMESIS_BENCH_CALLS calls (default 30) after 3
 *     warm-up calls, in one warm server that has caught up with the disk, against its target.
 * The indexed copy is kept under /tmp/nemesis-bench/ and reused while the repository's files are
 * unchanged (a cold index of sympy takes minutes on a loaded box); each run measures a fresh copy of
 * it, so the memory writes of one run never reach the next. Run after `npm run build`.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { existsSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { BENCH_REPO } from "./benchRepo.js";
import { caughtUp, CLI, connect, stop, textOf } from "./benchServer.js";
import { indexedCopy, KEPT } from "./keptIndex.js";
import { median, percentile } from "./stats.js";
const CALLS = Number(process.env.NEMESIS_BENCH_CALLS ?? 30);
const WARM_UP = 3;
const STARTS = Number(process.env.NEMESIS_BENCH_STARTS ?? 5);
/** Only these tools (comma-separated names), e.g. while working on one; every listed tool when unset. */
const ONLY = (process.env.NEMESIS_BENCH_TOOLS ?? "")
  .split(",")
  .map((t) => t.trim())
  .filter((t) => t !== "");

/** p50 targets of issue 21, ms. */
const GRAPH_MS = 30;
const MEMORY_MS = 30;
const SEARCH_MS = 100;
const INITIALIZE_MS = 1_000;

type Args = Record<string, unknown>;

/**
 * How each tool is measured: its p50 target (null: none set) and the arguments of call `i`,
 * realistic for sympy and doing real work. A tool the server lists without a row here is
 * reported as having no benchmark arguments; adding a tool means adding a row.
 */
export const TOOL_ARGS: Record<string, { readonly target: number | null; readonly args: (i: number) => Args }> = {
  get_code_semantics: {
    target: SEARCH_MS,
    // Questions vary, as an agent's do: one repeated query would measure whatever it caches.
    args: (i) => ({
      query: [
        "simplify trigonometric expressions",
        "matrix determinant computation",
        "solve polynomial equations",
        "print expression as latex",
        "series expansion around a point",
        "prime factorization of integers",
        "substitute symbols in expression",
        "lambdify numeric evaluation",
        "Matrix.inv",
        "_eval_derivative",
      ][i % 10],
    }),
  },
  search_regex: { target: null, args: () => ({ pattern: "def simplify" }) },
  get_impact: { target: GRAPH_MS, args: () => ({ file: "sympy/core/basic.py", function: "Basic.subs" }) },
  // Answers only where the index read git history (an error line otherwise says how to get it).
  get_file_history: { target: GRAPH_MS, args: () => ({ target: "sympy/core/basic.py" }) },
  // Python declares no interfaces: its Protocols are them, and sympy's Printer is a plain class.
  query_interface_implementors: { target: GRAPH_MS, args: () => ({ name_pattern: "*Element*" }) },
  find_cycles: { target: GRAPH_MS, args: () => ({ scope: "sympy/core" }) },
  rank_symbols: { target: GRAPH_MS, args: () => ({ scope: "sympy/core" }) },
  export_graph: { target: GRAPH_MS, args: () => ({ scope: "sympy/core/symbol.py", format: "json" }) },
  get_dependencies: { target: GRAPH_MS, args: () => ({ symbol: "Symbol" }) },
  query_node_edges: { target: GRAPH_MS, args: () => ({ node_identifier: "Basic" }) },
  search_nodes: { target: GRAPH_MS, args: () => ({ query: "simplify" }) },
  query_file_symbols: { target: GRAPH_MS, args: () => ({ file_path: "sympy/core/symbol.py" }) },
  // Issue 22's targets: p50 150 ms at 8,000 tokens, get_architecture(project) 300 ms.
  get_smart_context: { target: 150, args: () => ({ task: "simplify trigonometric expressions with products of sines", max_tokens: 8000 }) },
  get_architecture: { target: 300, args: () => ({ scope: "project" }) },
  find_path: { target: GRAPH_MS, args: () => ({ source: "simplify", target: "Basic" }) },
  get_project_context: { target: MEMORY_MS, args: () => ({ topic: "printing" }) },
  store_rule: {
    target: MEMORY_MS,
    args: (i) => ({ rule: `Bench rule ${process.pid}-${i}: printers never mutate the expression they print`, related_to: ["sympy/printing/printer.py"] }),
  },
  store_decision: {
    target: MEMORY_MS,
    args: (i) => ({
      title: `Bench decision ${process.pid}-${i}`,
      reasoning: "one dispatch point for every printer",
      alternatives: ["per-class __str__: scattered formatting"],
      related_to: ["Printer"],
    }),
  },
  index_status: { target: null, args: () => ({}) },
  index_project: { target: null, args: () => ({ path: "sympy/core" }) },
};

/** Memory the get_project_context calls find: rules and a decision about printing. */
const SEED_MEMORY: ReadonlyArray<{ name: string; args: Args }> = [
  { name: "store_rule", args: { rule: "Printing goes through Printer._print dispatch, never str() on sub-expressions", scope: "sympy/printing/**" } },
  { name: "store_rule", args: { rule: "LaTeX printing escapes every symbol name", related_to: ["sympy/printing/latex.py"] } },
  {
    name: "store_decision",
    args: { title: "Printers dispatch on the class name", reasoning: "new classes get printing without touching printers", alternatives: ["a visitor per printer: every class edits every printer"] },
  },
];

const out = (line: string) => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const load = () => `load ${loadavg().map((l) => l.toFixed(2)).join(" ")}`;

/** Stores SEED_MEMORY and waits (up to 10 s) until get_project_context lists it: the engine projects memory writes as it follows the log. */
export const seedMemory = async (client: Client): Promise<void> => {
  const ids: string[] = [];
  for (const seed of SEED_MEMORY) {
    const r = await client.callTool({ name: seed.name, arguments: seed.args });
    if (r.isError) throw new Error(`${seed.name} failed: ${textOf(r)}`);
    ids.push(/(rule|dec)-[0-9a-f]+/.exec(textOf(r))![0]);
  }
  const t0 = performance.now();
  while (performance.now() - t0 < 10_000) {
    const context = textOf(await client.callTool({ name: "get_project_context", arguments: {} }));
    if (ids.every((id) => context.includes(id))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  out(`warning: the memory stored through store_rule/store_decision is not in get_project_context after 10 s (${ids.join(", ")})`);
};

const startUp = async (root: string): Promise<void> => {
  const init: number[] = [];
  const list: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const t0 = performance.now();
    const server = await connect(root);
    init.push(performance.now() - t0);
    await server.client.listTools();
    list.push(performance.now() - t0);
    // Let the first catch-up finish, as it would in use, so the next process starts on a quiet box.
    await caughtUp(root, server.pid);
    await stop(server);
  }
  out(
    `start-up (${STARTS} fresh processes; ${load()}): initialize answered p50 ${ms(median(init))} (max ${ms(Math.max(...init))}), ` +
      `tools/list answered p50 ${ms(median(list))}; target initialize < ${INITIALIZE_MS} ms: ${median(init) < INITIALIZE_MS ? "met" : "MISSED"}`,
  );
};

interface Row {
  readonly tool: string;
  /** The first call of the session: it pays for whatever the server loads once. */
  readonly first: number | null;
  readonly p50: number | null;
  readonly p95: number | null;
  readonly target: number | null;
  readonly note: string;
}

const measureTool = async (client: Client, tool: string): Promise<Row> => {
  const spec = TOOL_ARGS[tool];
  if (!spec) return { tool, first: null, p50: null, p95: null, target: null, note: "no benchmark arguments" };
  const times: number[] = [];
  let first = 0;
  let answer = "";
  for (let i = 0; i < WARM_UP + CALLS; i++) {
    const t0 = performance.now();
    const result = await client.callTool({ name: tool, arguments: spec.args(i) });
    const elapsed = performance.now() - t0;
    if (result.isError) return { tool, first: null, p50: null, p95: null, target: spec.target, note: `error: ${textOf(result).split("\n")[0]!.slice(0, 100)}` };
    if (i === 0) first = elapsed;
    if (i >= WARM_UP) times.push(elapsed);
    answer = textOf(result);
  }
  const head = answer.split("\n")[0]!.slice(0, 70);
  return { tool, first, p50: median(times), p95: percentile(times, 95), target: spec.target, note: `${answer.length} chars: ${head}` };
};

const table = (rows: ReadonlyArray<Row>): string => {
  const cells = rows.map((r) => [
    r.tool,
    r.first === null ? "—" : r.first.toFixed(1),
    r.p50 === null ? "—" : r.p50.toFixed(1),
    r.p95 === null ? "—" : r.p95.toFixed(1),
    r.target === null ? "—" : `< ${r.target}`,
    r.p50 === null ? "—" : r.target === null ? "no target" : r.p50 < r.target ? "yes" : "NO",
    r.note,
  ]);
  const head = ["tool", "first ms", "p50 ms", "p95 ms", "target", "met?", "answer"];
  const widths = head.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c]!.length)));
  const line = (row: ReadonlyArray<string>) => row.map((v, c) => (c >= 1 && c <= 3 ? v.padStart(widths[c]!) : v.padEnd(widths[c]!))).join("  ").trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
};

export const run = async (): Promise<void> => {
  if (!existsSync(CLI)) {
    out(`mcp: ${CLI} is missing: run \`npm run build\` first`);
    return;
  }
  if (!existsSync(BENCH_REPO)) {
    out(`mcp: no repository at ${BENCH_REPO}; clone one (e.g. git clone https://github.com/sympy/sympy ${BENCH_REPO}) or set NEMESIS_BENCH_REPO`);
    return;
  }
  const root = indexedCopy(BENCH_REPO, "/tmp/nemesis-bench/mcp-run-", (what, took) => out(`${what} in ${ms(took)} (${KEPT}; ${load()})`));
  try {
    if (STARTS > 0) await startUp(root);
    const server = await connect(root);
    try {
      await caughtUp(root, server.pid);
      const { tools } = await server.client.listTools();
      await seedMemory(server.client);
      out(`tools: ${tools.length} listed; ${CALLS} calls each after ${WARM_UP} warm-ups (${load()})`);
      const unknown = ONLY.filter((name) => !tools.some((t) => t.name === name));
      if (unknown.length > 0) out(`NEMESIS_BENCH_TOOLS names tools the server does not list: ${unknown.join(", ")}`);
      const rows: Row[] = [];
      for (const t of tools) if (ONLY.length === 0 || ONLY.includes(t.name)) rows.push(await measureTool(server.client, t.name));
      out(table(rows));
      const listed = new Set(tools.map((t) => t.name));
      const absent = Object.keys(TOOL_ARGS).filter((name) => !listed.has(name));
      if (absent.length > 0) out(`benchmark rows for tools the server does not list: ${absent.join(", ")}`);
      out(`(${load()})`);
    } finally {
      await stop(server);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};
