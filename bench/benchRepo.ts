import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

/** The repository the graph and search suites measure: NEMESIS_BENCH_REPO, default a sympy checkout. */
export const BENCH_REPO = resolve(process.env.NEMESIS_BENCH_REPO ?? "/tmp/nemesis-bench/sympy");

const SOURCE = /\.(py|ts|tsx|js|go|rs|java)$/;
const SKIP = new Set([".git", "node_modules", ".nemesis", "dist", "build", "target"]);

/** Source files under `dir` below 1 MB, skipping build output and dependencies (no .gitignore: a bench needs no more). */
export const listSourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const full = join(dir, name);
    const st = statSync(full);
    return st.isDirectory() ? listSourceFiles(full) : SOURCE.test(name) && st.size < 1_000_000 ? [full] : [];
  });
