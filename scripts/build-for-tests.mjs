// Builds dist/ for the test suite, whose CLI tests spawn dist/cli.js and whose child processes
// and worker threads import dist/ modules: every source file transpiled to its place under dist/
// (as tsc emits it, without type-checking: `npm run typecheck` does that; tsconfig's
// isolatedModules keeps a file-by-file transpile equal to tsc's), then scripts/bundle.mjs.
// Skipped when dist/ was built from exactly these sources (dist/.built-from holds their hash),
// so a test run never spawns an old dist/ and an unchanged tree is not rebuilt.
// Run by vitest's globalSetup (test/buildOnce.ts); by hand: node scripts/build-for-tests.mjs
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const STAMP = join(ROOT, "dist", ".built-from");
const INPUTS = ["package.json", "package-lock.json", "tsconfig.json", "scripts/bundle.mjs", "scripts/flattenBarrels.mjs", "scripts/build-for-tests.mjs"];

const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

/** A hash of every source file (its path and bytes) and of what else decides the build. */
const sourceHash = (sources) => {
  const hash = createHash("sha256");
  for (const file of [...sources, ...INPUTS.map((f) => join(ROOT, f))].sort()) {
    if (!existsSync(file)) continue;
    hash.update(relative(ROOT, file).split(sep).join("/")).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
};

/** Builds dist/ unless it was built from these sources; says which on stderr. */
export const buildForTests = async () => {
  const sources = filesUnder(join(ROOT, "src"));
  const hash = sourceHash(sources);
  if (existsSync(STAMP) && readFileSync(STAMP, "utf8") === hash) return "up to date";
  await build({
    entryPoints: sources.filter((f) => f.endsWith(".ts")),
    outdir: join(ROOT, "dist"),
    outbase: join(ROOT, "src"),
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    tsconfig: join(ROOT, "tsconfig.json"),
  });
  const bundled = spawnSync(process.execPath, [join(ROOT, "scripts", "bundle.mjs")], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  if (bundled.status !== 0) throw new Error(`scripts/bundle.mjs failed (exit ${bundled.status})`);
  chmodSync(join(ROOT, "dist", "cli.js"), 0o755);
  writeFileSync(STAMP, hash);
  return "built";
};

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stderr.write(`dist/: ${await buildForTests()}\n`);
