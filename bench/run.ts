/**
 * `npm run bench [-- <suite>...]`: runs the benchmark suites and prints their figures.
 * Each suite is a module exporting `run(): Promise<void>`; add new ones to SUITES.
 * Repository-scale suites read the repository from NEMESIS_BENCH_REPO (default: a sympy
 * checkout at ../bench-repos/sympy) and say how to get it when it is missing.
 */
const SUITES: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  log: () => import("./logBench.js"),
  graph: () => import("./graphBench.js"),
  search: () => import("./searchBench.js"),
  index: () => import("./indexBench.js"),
  mcp: () => import("./mcpBench.js"),
  live: () => import("./liveBench.js"),
  graphs: () => import("./graphsBench.js"),
  hooks: () => import("./hooksBench.js"),
  history: () => import("./historyBench.js"),
  "history-read": () => import("./historyReadBench.js"),
  "history-tools": () => import("./historyToolsBench.js"),
  soak: () => import("./soakBench.js"),
  scale: () => import("./scaleBench.js"),
  context: () => import("./contextBench.js"),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const names = wanted.length > 0 ? wanted : Object.keys(SUITES);
for (const name of names) {
  const load = SUITES[name];
  if (!load) {
    process.stderr.write(`unknown bench suite "${name}": choose from ${Object.keys(SUITES).join(", ")}\n`);
    process.exit(2);
  }
  process.stdout.write(`\n== ${name} ==\n`);
  await (await load()).run();
}
