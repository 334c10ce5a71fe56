import { existsSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { findProjectRoot, nemesisPaths } from "../config/index.js";
import { usageError } from "./errors.js";
import { implicitProjectMessage, implicitProjectRefusal } from "./implicitProject.js";

/** What `nemesis index [path]` works on. */
export interface IndexTarget {
  readonly root: string;
  /** The directory to scan, relative to the root and `/`-separated; absent for the whole project. */
  readonly scope?: string;
  /** The one file to index, relative to the root and `/`-separated. */
  readonly file?: string;
  /** No project is there yet: index creates it first, as `init` would. */
  readonly create: boolean;
}

const isDirectory = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();

/**
 * `nemesis index <file>`: the project is `--root`, else the nearest one above the file (as git
 * finds a file's repository, whatever the cwd). A file in no project is an error: indexing one
 * file is an update of a project, never the start of one.
 */
const fileTarget = (path: string, file: string, rootDir: string | undefined): IndexTarget => {
  const project = rootDir ?? findProjectRoot(dirname(file));
  if (project === null) {
    throw usageError(
      `${path} is in no Nemesis project (no .nemesis/ in its folder or any above it): run \`nemesis init <the project's folder>\` first, or \`nemesis index <folder>\` to index a whole folder`,
    );
  }
  const rel = inside(project, file);
  if (rel === null) throw usageError(`${file} is outside the project ${project}: pass a file inside it`);
  return { root: project, file: rel, create: !existsSync(nemesisPaths(project).dir) };
};

/** `child` relative to `parent` (`/`-separated, "" for the same directory), or null when it lies outside. */
const inside = (parent: string, child: string): string | null => {
  const rel = relative(realpathSync(parent), realpathSync(child));
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
  return rel.split(sep).join("/");
};

/**
 * The project is `--root`, else the one around the cwd; inside it, `path` is the part to scan
 * and never starts a nested project (`nemesis init <dir>` does that on purpose). Outside any
 * project, `path` (or the cwd) is indexed as part of the project around it, or becomes a new one.
 * A file is indexed alone, in the project above it (`fileTarget`).
 */
export const indexTarget = (path: string | undefined, rootOption: string | undefined, cwd: string = process.cwd()): IndexTarget => {
  const dir = path === undefined ? undefined : resolve(cwd, path);
  if (dir !== undefined && !existsSync(dir)) throw usageError(`${path} does not exist: pass a file or directory of the project, or nothing to index all of it`);
  const rootDir = rootOption === undefined ? undefined : resolve(cwd, rootOption);
  if (rootDir !== undefined && !isDirectory(rootDir)) throw usageError(`--root ${rootOption} is not a directory: pass the project's root`);
  if (path !== undefined && dir !== undefined && !isDirectory(dir)) return fileTarget(path, dir, rootDir);
  const around = rootDir === undefined ? findProjectRoot(cwd) : null;
  // Found from the working directory, not named: never the home directory or `/` (implicitProject.ts).
  const unnamed = rootDir === undefined ? (around ?? (dir === undefined ? cwd : null)) : null;
  const refusal = unnamed === null ? null : implicitProjectRefusal(unnamed, false);
  if (unnamed !== null && refusal !== null) throw usageError(implicitProjectMessage("index", unnamed, refusal));
  const project = rootDir ?? around ?? (dir === undefined ? null : findProjectRoot(dir));
  if (project === null) return { root: dir ?? cwd, create: true };
  const create = !existsSync(nemesisPaths(project).dir);
  if (dir === undefined) return { root: project, create };
  const scope = inside(project, dir);
  if (scope === null) {
    const other = findProjectRoot(dir);
    throw usageError(
      other === null
        ? `${dir} is outside the project ${project}: pass a directory inside it, or run \`nemesis init ${path}\` to make a separate project there`
        : `${dir} is outside the project ${project}: it belongs to the project ${other}; run \`nemesis --root ${other} index ${path}\``,
    );
  }
  return scope === "" ? { root: project, create } : { root: project, scope, create };
};
