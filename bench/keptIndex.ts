/**
 * The indexed copy of the bench repository kept under /tmp/nemesis-bench/ between runs (a cold
 * index of sympy takes minutes on a loaded box), and the fresh copy of it each run measures, so
 * nothing a run writes (memory, saves) reaches the next run or the shared checkout.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { listSourceFiles } from "./benchRepo.js";
import { CLI } from "./benchServer.js";

export const KEPT = "/tmp/nemesis-bench/mcp-index";

/** Paths, sizes and mtimes of the repository's source files: the index is reused while they hold. */
const fingerprint = (repo: string): string => {
  const hash = createHash("sha256");
  for (const full of listSourceFiles(repo).sort()) {
    const st = statSync(full);
    hash.update(`${relative(repo, full)}\0${st.size}\0${st.mtimeMs}\n`);
  }
  return hash.digest("hex").slice(0, 16);
};

const runCli = (args: ReadonlyArray<string>) => execFileSync(process.execPath, [CLI, ...args], { stdio: ["ignore", "ignore", "pipe"] });

/**
 * An indexed copy of the repository for this run, in a new directory named `<prefix>XXXXXX`: the
 * kept index brought up to date (a no-op delta when nothing changed; a cold index when the
 * repository did), then copied with its mtimes, so the server's own catch-up finds nothing to
 * parse. `say` gets one line on how the kept index was brought up to date.
 */
export const indexedCopy = (repo: string, prefix: string, say: (line: string, ms: number) => void): string => {
  const stamp = join(KEPT, ".bench-fingerprint");
  const wanted = fingerprint(repo);
  const kept = existsSync(stamp) && readFileSync(stamp, "utf8") === wanted;
  if (!kept) {
    rmSync(KEPT, { recursive: true, force: true });
    execFileSync("cp", ["-a", repo, KEPT]);
  }
  const t0 = performance.now();
  runCli(["index", KEPT, "--no-progress"]);
  writeFileSync(stamp, wanted);
  say(kept ? "kept index brought up to date" : "cold index", performance.now() - t0);
  const dir = mkdtempSync(prefix);
  rmSync(dir, { recursive: true });
  execFileSync("cp", ["-a", KEPT, dir]);
  rmSync(join(dir, ".bench-fingerprint"));
  return dir;
};
