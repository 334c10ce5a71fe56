import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { EntryPoint } from "../../queries/index.js";
import { projectPath } from "../projectPath.js";

/** Folders whose subfolders are commonly workspace packages (`packages/util`). */
const WORKSPACE_ROOTS = new Set(["packages", "apps", "libs", "modules", "plugins", "services", "tools"]);
const SKIP = new Set(["node_modules", "dist", "build", "vendor"]);

const subfolders = (root: string, dir: string): string[] => {
  try {
    return readdirSync(join(root, dir), { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith(".") && !SKIP.has(d.name))
      .map((d) => (dir === "" ? d.name : `${dir}/${d.name}`));
  } catch {
    return [];
  }
};

/**
 * Folders other than the root that hold a package.json: every top-level folder, and the folders
 * one level down in the usual workspace roots (`packages/*`, `apps/*`, …). A bounded look at
 * the tree (a few hundred stats), not a walk.
 */
export const workspacePackages = (root: string): Set<string> => {
  const out = new Set<string>();
  for (const top of subfolders(root, "")) {
    if (existsSync(join(root, top, "package.json"))) out.add(top);
    if (WORKSPACE_ROOTS.has(top)) for (const sub of subfolders(root, top)) if (existsSync(join(root, sub, "package.json"))) out.add(sub);
  }
  return out;
};

const lineOf = (text: string, key: string): number => {
  const at = text.indexOf(`"${key}"`);
  return at < 0 ? 0 : text.slice(0, at).split("\n").length;
};

/** package.json `bin`, `main` and `exports` of the root and of each workspace package, as entry points. */
export const manifestEntries = (root: string, packages: Iterable<string>): EntryPoint[] => {
  const out: EntryPoint[] = [];
  for (const dir of ["", ...packages]) {
    const file = dir === "" ? "package.json" : `${dir}/package.json`;
    let text: string;
    let json: Record<string, unknown>;
    try {
      // Confined like every path argument: a package.json symlinked out of the project is not read.
      const real = projectPath(root, file);
      text = readFileSync(join(root, real), "utf8");
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof json !== "object" || json === null) continue;
    const name = typeof json.name === "string" ? json.name : dir === "" ? "." : dir;
    const bin = json.bin;
    if (typeof bin === "string") out.push({ kind: "package-bin", file, line: lineOf(text, "bin"), detail: `${name} → ${bin}` });
    else if (typeof bin === "object" && bin !== null) {
      for (const [command, path] of Object.entries(bin).sort(([a], [b]) => (a < b ? -1 : 1))) {
        if (typeof path === "string") out.push({ kind: "package-bin", file, line: lineOf(text, "bin"), detail: `${command} → ${path}` });
      }
    }
    if (typeof json.main === "string") out.push({ kind: "package-main", file, line: lineOf(text, "main"), detail: `${name} → ${json.main}` });
    const exports = json.exports;
    if (typeof exports === "string") out.push({ kind: "package-exports", file, line: lineOf(text, "exports"), detail: `${name} → ${exports}` });
    else if (typeof exports === "object" && exports !== null) {
      const keys = Object.keys(exports);
      out.push({ kind: "package-exports", file, line: lineOf(text, "exports"), detail: `${name} exports ${keys.slice(0, 5).join(", ")}${keys.length > 5 ? ", …" : ""}` });
    }
  }
  return out;
};
