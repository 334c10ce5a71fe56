/**
 * The scale bench's tree: eight public repositories side by side (every supported language), made
 * on this machine and never committed. Each repository is taken at a pinned commit from a bare
 * mirror under NEMESIS_BENCH_MIRRORS (default /work/.mirror/<owner>+<name>/repo) when it has that
 * commit, else cloned from GitHub (a shallow fetch of that commit). Blobs a mirror lacks (a few
 * large test-data files) are left out and counted. `node dist/bench/scaleTree.js [dir] [copies]`
 * makes the tree alone.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface ScaleRepo {
  readonly repo: string;
  readonly commit: string;
}

/** Python, Rust, Go, Java, TypeScript (and some JavaScript): ≥ 6,000 source files and ≥ 70 MB of source. */
export const SCALE_REPOS: ReadonlyArray<ScaleRepo> = [
  { repo: "sympy/sympy", commit: "e950d313a932bc6cccbc95376b3821cd2f8b5af4" },
  { repo: "rust-lang/rust-analyzer", commit: "d2e55da49132fa70a13dfbdc99122432b02cf464" },
  { repo: "prometheus/prometheus", commit: "d15adb9ad7e5d9fbde3a9a8f30200593a5a14d86" },
  { repo: "gohugoio/hugo", commit: "7b5199fdeff7d7682e9f979f468d55bc7b67b934" },
  { repo: "chunkhound/chunkhound", commit: "9cdfe7a1e66c31c9608b81e0d8ab3b6dff471acf" },
  { repo: "tokio-rs/tokio", commit: "ea91b33ca57ff0581b38e735cc108f831bccbdaa" },
  { repo: "google/gson", commit: "9835b6f90192f79cdf5300c528fc6212455fb6c1" },
  { repo: "colinhacks/zod", commit: "e516c3baf22615e20934116abebfed6c000222c2" },
];

export const SCALE_DIR = resolve(process.env.NEMESIS_BENCH_SCALE_DIR ?? "/tmp/nemesis-bench/scale");
const MIRRORS = resolve(process.env.NEMESIS_BENCH_MIRRORS ?? "/work/.mirror");
/** Written last into a finished tree: a tree without it is half-made and made again. */
const DONE = ".scale-tree";

const git = (args: string[], cwd?: string): string => execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 1 << 28 });

const hasCommit = (gitDir: string, commit: string): boolean => {
  try {
    git(["--git-dir", gitDir, "cat-file", "-e", `${commit}^{commit}`]);
    return true;
  } catch {
    return false;
  }
};

/** A git directory holding `commit`: the local mirror, else a shallow fetch from GitHub into `scratch`. */
const gitDirFor = ({ repo, commit }: ScaleRepo, scratch: string): string => {
  const mirror = join(MIRRORS, repo.replace("/", "+"), "repo");
  if (existsSync(mirror) && hasCommit(mirror, commit)) return mirror;
  const clone = join(scratch, `${repo.replace("/", "+")}.git`);
  if (existsSync(clone) && hasCommit(clone, commit)) return clone;
  rmSync(clone, { recursive: true, force: true });
  try {
    git(["init", "--bare", "-q", clone]);
    git(["--git-dir", clone, "fetch", "-q", "--depth", "1", `https://github.com/${repo}`, commit]);
    return clone;
  } catch (e) {
    throw new Error(
      `scale tree: ${repo}@${commit} is neither in a mirror (${mirror}) nor fetchable from GitHub ` +
        `(${(e as Error).message.split("\n")[0]}). Put a bare clone holding that commit at ${mirror}, or give the machine network access.`,
    );
  }
};

/** The blobs of `commit` the git directory lacks (a mirror may leave its largest files out). */
const missingBlobs = (gitDir: string, commit: string): string[] => {
  const entries = git(["--git-dir", gitDir, "ls-tree", "-r", "-z", commit])
    .split("\0")
    .filter((l) => l.length > 0)
    .map((l) => {
      const tab = l.indexOf("\t");
      const [, type, id] = l.slice(0, tab).split(" ");
      return { type, id: id!, path: l.slice(tab + 1) };
    })
    .filter((e) => e.type === "blob");
  const check = execFileSync("git", ["--git-dir", gitDir, "cat-file", "--batch-check"], {
    input: entries.map((e) => e.id).join("\n") + "\n",
    encoding: "utf8",
    maxBuffer: 1 << 28,
  }).split("\n");
  return entries.filter((_, i) => check[i]!.endsWith(" missing")).map((e) => e.path);
};

const extract = (gitDir: string, commit: string, into: string, leaveOut: string[]): void => {
  mkdirSync(into, { recursive: true });
  const excludes = leaveOut.map((p) => `:(exclude,literal)${p}`);
  const archive = execFileSync("git", ["--git-dir", gitDir, "archive", "--format=tar", commit, "--", ".", ...excludes], {
    maxBuffer: 1 << 30,
    // git names the left-out blobs on stderr although it leaves them out as asked
    stdio: ["ignore", "pipe", "ignore"],
  });
  execFileSync("tar", ["-x", "-C", into], { input: archive, maxBuffer: 1 << 20 });
};

export interface TreeStats {
  readonly dir: string;
  readonly files: number;
  readonly bytes: number;
}

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py|pyi|go|rs|java)$/;

/** Source files (the supported extensions) and their bytes under `dir`, as a rough size of the tree. */
export const sourceStats = (dir: string): TreeStats => {
  let files = 0;
  let bytes = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.isFile() && SOURCE.test(e.name)) {
        files++;
        bytes += statSync(join(d, e.name)).size;
      }
    }
  };
  walk(dir);
  return { dir, files, bytes };
};

/**
 * The tree under `<root>/tree<copies>`: `copies` copies of the eight repositories side by side
 * (copy-1/, copy-2/, …; one copy has no such level). Made once and kept while its marker stands.
 */
export const scaleTree = (copies: number, root = SCALE_DIR, log: (line: string) => void = () => {}): string => {
  const dir = join(root, copies === 1 ? "tree" : `tree-x${copies}`);
  if (existsSync(join(dir, DONE))) return dir;
  rmSync(dir, { recursive: true, force: true });
  const part = `${dir}.part`;
  rmSync(part, { recursive: true, force: true });
  const scratch = join(root, "clones");
  mkdirSync(scratch, { recursive: true });
  for (const r of SCALE_REPOS) {
    const gitDir = gitDirFor(r, scratch);
    const missing = missingBlobs(gitDir, r.commit);
    log(`  ${r.repo}@${r.commit.slice(0, 12)} from ${gitDir}${missing.length > 0 ? ` (${missing.length} blobs absent there, left out)` : ""}`);
    for (let c = 1; c <= copies; c++) {
      const name = r.repo.split("/")[1]!;
      extract(gitDir, r.commit, copies === 1 ? join(part, name) : join(part, `copy-${c}`, name), missing);
    }
  }
  writeFileSync(join(part, DONE), `${SCALE_REPOS.map((r) => `${r.repo} ${r.commit}`).join("\n")}\n`);
  renameSync(part, dir);
  return dir;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ? resolve(process.argv[2]) : SCALE_DIR;
  const copies = Number(process.argv[3] ?? 1);
  const dir = scaleTree(copies, root, (l) => process.stdout.write(`${l}\n`));
  const s = sourceStats(dir);
  process.stdout.write(`${dir}: ${s.files} source files, ${(s.bytes / 1e6).toFixed(1)} MB\n`);
}
