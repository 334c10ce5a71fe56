// Builds the benchmarks (bench/: outside src/, never shipped) into dist/bench/, beside the built
// modules they measure, so `npm run bench` and `node dist/bench/accuracy.js` run after `npm run build`.
// Each bench file is transpiled on its own, as tsc would emit it (tsconfig's isolatedModules keeps
// the two equal), and an import of src/ is pointed at that module's build under dist/:
// bench/run.ts's "../src/events/index.js" becomes dist/bench/run.js's "../events/index.js".
// Type-checked with the tests (`npm run typecheck`: tsconfig.test.json includes bench/), or alone:
// `npx tsc -p bench`.
import { build } from "esbuild";
import { readdirSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BENCH = join(ROOT, "bench");
const SRC = join(ROOT, "src");
const DIST = join(ROOT, "dist");
const OUT = join(DIST, "bench");

const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

/** Bundling with every import external is a file-by-file transpile in which imports can be rewritten. */
const eachModuleOnItsOwn = {
  name: "each-module-on-its-own",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      const target = args.path.startsWith(".") ? resolve(args.resolveDir, args.path) : null;
      if (target === null || !target.startsWith(SRC + sep)) return { path: args.path, external: true };
      const from = join(OUT, relative(BENCH, args.resolveDir));
      const built = relative(from, join(DIST, relative(SRC, target))).split(sep).join("/");
      return { path: built.startsWith(".") ? built : `./${built}`, external: true };
    });
  },
};

await build({
  entryPoints: filesUnder(BENCH).filter((f) => f.endsWith(".ts")),
  outdir: OUT,
  outbase: BENCH,
  bundle: true,
  plugins: [eachModuleOnItsOwn],
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  tsconfig: join(ROOT, "tsconfig.json"),
});
