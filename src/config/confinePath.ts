import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";

/** A path inside the project, relative to its root with `/` separators ("" for the root itself). */
export type Confined = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string };

/**
 * `input` (absolute, or relative to `root`) as the project-relative path the log and the read
 * models use, or why it is refused. `root` must be a real path (realpathSync). The check is
 * component-wise on real paths: `../`, absolute paths elsewhere, a symlink pointing out of the
 * root and NUL bytes are all refused. A path that does not exist (a deleted file still in the
 * index) is checked by its nearest existing parent. Shared by the MCP tools' path arguments and
 * the hooks' file paths, so both refuse exactly the same things.
 */
export const confinePath = (root: string, input: string): Confined => {
  if (input.includes("\0")) return { ok: false, reason: "the path contains a NUL byte: pass a plain path relative to the project root" };
  const trimmed = input.trim();
  const absolute = isAbsolute(trimmed) ? trimmed : resolve(root, trimmed === "" ? "." : trimmed);
  const rel = relative(root, realExisting(absolute));
  if (rel === "") return { ok: true, path: "" };
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    return { ok: false, reason: `"${input}" is outside the project (${root}): pass a path relative to the project root` };
  }
  return { ok: true, path: rel.split(sep).join("/") };
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
