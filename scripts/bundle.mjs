// Bundles the CLI entry (and the worker threads' entries) into single files over tsc's output.
// Why: `effect` ships ~600 small ES modules; Node 20 spends 0.5-1 s resolving and linking them
// on every `nemesis` start (a bare `node -e 0` is ~120 ms). One bundled file loads in ~0.1 s.
// Native and lazily loaded packages stay external: they load from node_modules as before.
import { build } from "esbuild";
import { readFileSync, rmSync } from "node:fs";
import { flattenBarrels } from "./flattenBarrels.mjs";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

// Bundled: pure-JS packages read at start-up. Everything else (native bindings, tree-sitter
// grammars, LanceDB/Arrow, OpenAI, ONNX runtimes) is resolved at run time from node_modules.
const BUNDLED = new Set(["effect", "commander", "smol-toml", "ignore", "picomatch", "cli-progress", "@modelcontextprotocol/sdk"]);
const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter((name) => !BUNDLED.has(name));

// Bundled CommonJS (commander) calls require() for Node built-ins; an ES module has none.
const banner = [
  'import { createRequire as __nemesisCreateRequire } from "node:module";',
  "const require = __nemesisCreateRequire(import.meta.url);",
].join("\n");

// The folders import each other through their index.ts; the bundles read those imports by name
// (scripts/flattenBarrels.mjs says why).
const barrels = flattenBarrels(new URL("../src/", import.meta.url).pathname);

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: [...external, "@huggingface/transformers", "onnxruntime-node", "node-gyp-build"],
  banner: { js: banner },
  legalComments: "none",
  logLevel: "warning",
  plugins: [barrels],
};

// Chunk names carry content hashes: without this, every build would leave the last one's files behind.
rmSync("dist/_chunks", { recursive: true, force: true });

// Split at dynamic imports: each command's modules, and the externals they import, load only
// when that command runs (an external imported anywhere in one file would load on every start).
await build({
  ...common,
  entryPoints: { cli: "src/cli.ts" },
  outdir: "dist",
  splitting: true,
  chunkNames: "_chunks/[name]-[hash]",
});
// The threads' entries, split the same way: bundled whole, a thread loaded every external any
// of its modules imports lazily (the chunk thread took LanceDB and Arrow, ~0.2 s, with vectors off).
await build({
  ...common,
  entryPoints: {
    "parse/parseWorker": "src/parse/parseWorker.ts",
    "engine/projectorThread": "src/engine/projectorThread.ts",
    "events/payloadReaderThread": "src/events/sqlite/payloadReaderThread.ts",
  },
  outdir: "dist",
  splitting: true,
  chunkNames: "_chunks/[name]-[hash]",
});
// The light hooks (file-changed, session-start) in one file: Claude Code starts a process per
// hook call, and Node's ES module loader costs ~1.5 ms for each of the ~15 chunks the split CLI
// would load for them. dist/cli.js imports it by a run-time URL (src/cli/main.ts). Here
// better-sqlite3's JavaScript is bundled too (openSqliteBundled.ts stands in for openSqlite.ts):
// its dozen CommonJS files would each be resolved, read and compiled on every hook call.
const bundledSqlite = {
  name: "bundled-sqlite",
  setup(b) {
    b.onResolve({ filter: /[\\/]openSqlite\.js$/ }, () => ({ path: new URL("../src/events/sqlite/openSqliteBundled.ts", import.meta.url).pathname }));
  },
};
// A dynamic import() in a one-file bundle wraps its module, and all that module imports, in lazy
// initialisers that tree shaking cannot cut: a folder's lazy.ts (loaders) has no place here.
const noLoaders = {
  name: "no-loaders",
  setup(b) {
    b.onResolve({ filter: /[\\/]lazy\.js$/ }, (args) => ({ errors: [{ text: `${args.importer} imports ${args.path}: the hooks' one file would carry every module it loads` }] }));
  },
};
await build({
  ...common,
  entryPoints: { hooks: "src/cli/hooks/fastHooks.ts" },
  external: common.external.filter((name) => name !== "better-sqlite3"),
  plugins: [noLoaders, bundledSqlite, barrels],
  outdir: "dist",
  splitting: false,
});
