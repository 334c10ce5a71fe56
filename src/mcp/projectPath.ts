import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { toolError } from "./tool.js";

/**
 * A path argument as the project-relative path the read models use ("" for the root), or a
 * ToolError when it names anything outside the project. The check is component-wise on real
 * paths: `../`, absolute paths elsewhere, a symlink pointing out of the root and NUL bytes are
 * all refused. A path that does not exist (a deleted file still in the index) is checked by its
 * nearest existing parent.
 */
export const projectPath = (root: string, input: string): string => {
  if (input.includes("\0")) throw toolError("the path contains a NUL byte: pass a plain path relative to the project root");
  const trimmed = input.trim();
  const absolute = isAbsolute(trimmed) ? trimmed : resolve(root, trimmed === "" ? "." : trimmed);
  const real = realExisting(absolute);
  const rel = relative(root, real);
  if (rel === "") return "";
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw toolError(`"${input}" is outside the project (${root}): pass a path relative to the project root`);
  }
  return rel.split(sep).join("/");
};

/** realpath of the longest existing prefix of `path`, with the missing rest appended. */
const realExisting = (path: string): string => {
  const missing: string[] = [];
  let at = path;
  while (!existsSync(at)) {
    const parent = resolve(at, "..");
    if (parent === at) break;
    missing.unshift(at.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
    at = parent;
  }
  const real = realpathSync(at);
  return missing.length === 0 ? real : resolve(real, ...missing);
};
