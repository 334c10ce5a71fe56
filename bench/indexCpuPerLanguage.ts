/**
 * Cold `nemesis index` CPU time per MB of one language's source, against Python's, on the same box.
 *
 *   npm run build && node dist/bench/indexCpuPerLanguage.js [--runs 2] \
 *     --repo c=/tmp/acc/cjson --repo cpp=/tmp/acc/leveldb --repo python=/tmp/acc/flask ...
 *
 * Each `--repo <language>=<dir>` is copied to a scratch directory (no `.nemesis/`, so the index
 * is cold) and indexed whole by the built CLI under `/usr/bin/time`, which counts user+sys of the
 * process, its worker threads and its children. The repositories are taken in turn within a
 * round, so a burst of load from elsewhere on the box falls on several languages, not all runs of
 * one. The embedder is the default one (offline feature hashing): nothing goes over the network.
 * Every round also indexes, per repository, a project of its smallest source file alone: the
 * fixed cost of a cold index of that language (starting Node and the parse workers, loading the
 * grammar, creating the stores), which a small repository's figure per MB would otherwise mostly
 * be; the table gives CPU per MB with and without it.
 * MB counts the files `detectLanguage` gives that language (and, for C, the `.h` headers it
 * calls C++), outside the directories the index itself skips.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { detectLanguage } from "../src/parse/languages.js";
import { listFiles } from "./accuracy/indexRepo.js";

const CLI = fileURLToPath(new URL("../cli.js", import.meta.url));

const values = (name: string): string[] =>
  process.argv.flatMap((a, i) => (a === `--${name}` && process.argv[i + 1] !== undefined ? [process.argv[i + 1] as string] : []));

interface Repo {
  readonly language: string;
  readonly root: string;
  readonly mb: number;
  readonly files: number;
  /** The repository's smallest source file of the language: the one-file project of the baseline. */
  readonly smallest: string;
}

const repos: Repo[] = values("repo").map((spec) => {
  const [language, root] = spec.split("=") as [string, string | undefined];
  if (root === undefined) {
    process.stderr.write(`--repo ${spec}: expected <language>=<dir>, e.g. --repo python=/tmp/acc/flask\n`);
    process.exit(2);
  }
  // `.h` is C++ to detectLanguage; a C tree's own headers count as its C source.
  const languages = new Set(language === "c" ? ["c", "cpp"] : [language]);
  const files = listFiles(root, languages)
    .filter((p) => detectLanguage(p) === language || (language === "c" && p.endsWith(".h")))
    .map((p) => ({ path: p, size: statSync(join(root, p)).size }));
  const smallest = [...files].sort((a, b) => a.size - b.size).find((f) => f.size > 0);
  if (smallest === undefined) {
    process.stderr.write(`--repo ${spec}: no ${language} source under ${root}\n`);
    process.exit(2);
  }
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  return { language, root, mb: bytes / (1024 * 1024), files: files.length, smallest: smallest.path };
});
if (repos.length === 0) {
  process.stderr.write("no --repo given; see the header of bench/indexCpuPerLanguage.ts for the command\n");
  process.exit(2);
}
const runs = Number(values("runs")[0] ?? "2");

interface Sample {
  readonly cpuS: number;
  readonly peakMb: number;
}

/** One cold index of a copy of `repo` (of only its smallest file when `alone`). */
const indexOnce = (repo: Repo, alone: boolean): Sample => {
  const scratch = mkdtempSync(join(tmpdir(), `nemesis-idx-${repo.language}-`));
  try {
    const copy = join(scratch, "repo");
    if (alone) {
      mkdirSync(dirname(join(copy, repo.smallest)), { recursive: true });
      copyFileSync(join(repo.root, repo.smallest), join(copy, repo.smallest));
    } else cpSync(repo.root, copy, { recursive: true, filter: (src) => !src.endsWith("/.nemesis") && !src.endsWith("/.git") });
    const timeFile = join(scratch, "time");
    execFileSync("/usr/bin/time", ["-o", timeFile, "-f", "%U %S %M", process.execPath, CLI, "index", "--no-progress"], {
      cwd: copy,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, OPENAI_API_KEY: "" },
    });
    const [user, sys, maxKb] = readFileSync(timeFile, "utf8").trim().split("\n").at(-1)!.split(" ").map(Number) as [number, number, number];
    return { cpuS: user + sys, peakMb: maxKb / 1024 };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};

const whole = new Map<Repo, Sample[]>(repos.map((r) => [r, []]));
const oneFile = new Map<Repo, Sample[]>(repos.map((r) => [r, []]));
for (let round = 0; round < runs; round++) {
  for (const repo of round % 2 === 0 ? repos : [...repos].reverse()) {
    for (const alone of round % 2 === 0 ? [true, false] : [false, true]) {
      const sample = indexOnce(repo, alone);
      (alone ? oneFile : whole).get(repo)!.push(sample);
      process.stderr.write(`round ${round + 1} ${repo.language} ${alone ? repo.smallest : repo.root}: ${sample.cpuS.toFixed(2)} CPU-s, ${sample.peakMb.toFixed(0)} MB peak\n`);
    }
  }
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const perMb = (repo: Repo): number[] => whole.get(repo)!.map((s) => s.cpuS / repo.mb);
const netPerMb = (repo: Repo): number[] => {
  const fixed = mean(oneFile.get(repo)!.map((s) => s.cpuS));
  return whole.get(repo)!.map((s) => (s.cpuS - fixed) / repo.mb);
};
const python = repos.filter((r) => r.language === "python");
const ratio = (per: (r: Repo) => number[], repo: Repo): string =>
  python.length === 0 ? "–" : (mean(per(repo)) / mean(python.flatMap(per))).toFixed(2);
const list = (xs: readonly number[], digits = 1): string => xs.map((x) => x.toFixed(digits)).join(" / ");
process.stdout.write(
  "| language | repository | files | MB | CPU-s per run | one file, CPU-s | CPU-s/MB | × Python | less the one-file cost, CPU-s/MB | × Python | peak RSS MB |\n" +
    "|---|---|---|---|---|---|---|---|---|---|---|\n",
);
for (const repo of repos) {
  process.stdout.write(
    `| ${repo.language} | ${repo.root} | ${repo.files} | ${repo.mb.toFixed(2)} | ${list(whole.get(repo)!.map((x) => x.cpuS))} | ${list(oneFile.get(repo)!.map((x) => x.cpuS), 2)} | ` +
      `${list(perMb(repo))} | ${ratio(perMb, repo)} | ${list(netPerMb(repo))} | ${ratio(netPerMb, repo)} | ${list(whole.get(repo)!.map((x) => x.peakMb), 0)} |\n`,
  );
}
