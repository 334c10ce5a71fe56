import { existsSync } from "node:fs";
import { join } from "node:path";
import { IgnoreRules } from "./IgnoreRules.js";
import { insideGitRepo } from "./insideGitRepo.js";

export interface IgnoredPathOptions {
  /** Globs from config `[index] ignore`. */
  readonly ignore: ReadonlyArray<string>;
  /** Config `[index] require_git` (see WalkOptions.requireGit). */
  readonly requireGit: boolean;
}

/**
 * Whether the walk would drop the file at `rel` (relative to `root`, `/`-separated): the
 * defaults, the config's globs and every .gitignore from the root down to its directory, in
 * git's precedence, as `walkProject` applies them — without walking the tree. For one path
 * named by a hook or an editor event. Unlike the walk it does not ask git which files are
 * tracked (that costs a `git ls-files`), so a tracked file that a .gitignore pattern matches
 * counts as ignored here; the next scan records it.
 */
export const ignoredPath = (root: string, rel: string, options: IgnoredPathOptions): boolean => {
  const segments = rel.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.length === 0) return true;
  let rules = IgnoreRules.forRoot(root, options.ignore, { tracked: null, gitignore: !options.requireGit || insideGitRepo(root) });
  let dirRel = "";
  for (let i = 0; i < segments.length; i++) {
    const abs = dirRel === "" ? root : join(root, dirRel);
    rules = rules.enter(dirRel, abs, { gitignore: existsSync(join(abs, ".gitignore")), git: dirRel !== "" && existsSync(join(abs, ".git")) });
    const name = segments[i]!;
    const path = dirRel === "" ? name : `${dirRel}/${name}`;
    const isDir = i < segments.length - 1;
    if (rules.isIgnored(path, name, isDir)) return true;
    dirRel = path;
  }
  return false;
};
