// An esbuild plugin: an import of a folder's index.ts (`import { a, b } from "../engine/index.js"`)
// is bundled as imports of the modules that define `a` and `b`, as if written deep.
// Why: the folders import each other through their index.ts (test/dependencyRules.test.ts), but
// esbuild reads every module an index names, even those tree shaking drops, and a dynamic
// import() in any of them (the engine loads Kuzu, LanceDB and the parse threads lazily) makes it
// wrap each module it reaches in a lazy initialiser that tree shaking cannot cut: dist/hooks.js
// went 274 → 384 KB with the schema library in it, and each command's chunks grew. Read by name,
// the bundles hold what they held with deep imports.
// Only imports of the folders' own index.ts are rewritten, each name followed through the
// `export { … } from "./x.js"` lines it passes (the form the index files are written in).
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, resolve, sep } from "node:path";

const EXPORT_LIST = /export\s+(type\s+)?\{([^}]*)\}\s*from\s*"(\.[^"]*)"\s*;?/g;
const IMPORT_OF_INDEX = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*"(\.[^"]*index\.js)"\s*;?|export\s+(type\s+)?\{([^}]*)\}\s*from\s*"(\.[^"]*index\.js)"\s*;?/g;

const items = (list) =>
  list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((s) => {
      const type = /^type\s/.test(s);
      const [name, alias] = s.replace(/^type\s+/, "").split(/\s+as\s+/);
      return { type, name, alias: alias ?? name };
    });

const toTs = (from, spec) => resolve(dirname(from), spec.replace(/\.js$/, ".ts"));

/** @param {string} src the absolute path of src/, ending in a separator */
export const flattenBarrels = (src) => {
  const isFolderIndex = (file) => basename(file) === "index.ts" && file.startsWith(src) && dirname(file) === resolve(src, file.slice(src.length).split(sep)[0]);
  const exportsCache = new Map();
  /** A module's `export { … } from` names: exported name → { file, name } where it comes from. */
  const exportsOf = (file) => {
    if (!exportsCache.has(file)) {
      const map = new Map();
      const text = existsSync(file) ? readFileSync(file, "utf8") : "";
      for (const m of text.matchAll(EXPORT_LIST))
        for (const it of items(m[2])) map.set(it.alias, { file: toTs(file, m[3]), name: it.name });
      exportsCache.set(file, map);
    }
    return exportsCache.get(file);
  };
  /** Follows a name through `export { … } from` lines (the folder's index, a sub-folder's, a module's) to the module that defines it. */
  const origin = (file, name) => {
    let at = { file, name };
    for (let seen = 0; seen < 10; seen++) {
      const next = exportsOf(at.file).get(at.name);
      if (next === undefined) break;
      at = next;
    }
    return at;
  };
  const rewrite = (importer, text) =>
    text.replace(IMPORT_OF_INDEX, (whole, importType, importList, importSpec, exportType, exportList, exportSpec) => {
      const spec = importSpec ?? exportSpec;
      const target = toTs(importer, spec);
      if (!isFolderIndex(target) || (importType ?? exportType) !== undefined) return whole;
      const keyword = importSpec !== undefined ? "import" : "export";
      const byFile = new Map();
      for (const it of items(importList ?? exportList)) {
        if (it.type) continue;
        const o = origin(target, it.name);
        if (!byFile.has(o.file)) byFile.set(o.file, []);
        byFile.get(o.file).push(o.name === it.alias ? o.name : `${o.name} as ${it.alias}`);
      }
      // As `.js`, as the sources write it: the hooks' build swaps openSqlite.js by that name.
      const lines = [...byFile].map(([file, names]) => `${keyword} { ${names.join(", ")} } from ${JSON.stringify(file.replace(/\.ts$/, ".js"))};`);
      // The same number of lines, so that the source map still points at the right ones.
      return lines.join(" ") + "\n".repeat(whole.split("\n").length - 1);
    });
  return {
    name: "flatten-barrels",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!args.path.startsWith(src)) return undefined;
        const text = readFileSync(args.path, "utf8");
        return { contents: text.includes("index.js") ? rewrite(args.path, text) : text, loader: "ts" };
      });
    },
  };
};
