import { existsSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { join } from "node:path";
import { readTrackedFiles } from "./gitTrackedFiles.js";
import { IgnoreRules, type GitView } from "./IgnoreRules.js";
import { insideGitRepo } from "./insideGitRepo.js";

export interface RulesOptions {
  /** Globs from config `[index] ignore`. */
  readonly ignore: ReadonlyArray<string>;
  /** Config `[index] require_git` (see WalkOptions.requireGit). */
  readonly requireGit?: boolean;
}

const parentOf = (rel: string): string => {
  const slash = rel.lastIndexOf("/");
  return slash < 0 ? "" : rel.slice(0, slash);
};

const nameOf = (rel: string): string => rel.slice(rel.lastIndexOf("/") + 1);

/**
 * What git can tell the rules: whether .gitignore files apply from the root down and which files
 * it tracks. git is asked only inside a repository; outside one it has nothing to say.
 */
const gitView = async (realRoot: string, requireGit: boolean): Promise<GitView> => {
  const inRepo = insideGitRepo(realRoot);
  return { tracked: inRepo ? await readTrackedFiles(realRoot) : null, gitignore: inRepo || !requireGit };
};

/**
 * The ignore rules in force inside any directory of the project, built from the root down as
 * the walk builds them, once per directory. The walk needs them for the directory it starts in
 * (a scoped scan); the watcher for the directory of every path it is told about, without a walk.
 * A snapshot: .gitignore files and git's tracked files are read when first needed, so a change
 * to either needs a new value.
 */
export class DirectoryRules {
  private readonly inside = new Map<string, IgnoreRules | null>();

  private constructor(
    /** The project root after realpath: symlink targets are compared against it. */
    readonly realRoot: string,
    private readonly root: string,
    private readonly base: IgnoreRules,
  ) {}

  static async forRoot(root: string, options: RulesOptions): Promise<DirectoryRules> {
    const realRoot = await realpath(root);
    const git = await gitView(realRoot, options.requireGit ?? true);
    return new DirectoryRules(realRoot, root, IgnoreRules.forRoot(root, options.ignore, git));
  }

  /**
   * The rules before entering `dirRel`: the ones that judge `dirRel` itself and that the walk
   * enters it with. Null when a directory above it is ignored.
   */
  above(dirRel: string): IgnoreRules | null {
    return dirRel === "" ? this.base : this.within(parentOf(dirRel));
  }

  /**
   * The rules for the entries of `dirRel` (relative to the root, `/`-separated; "" for the root),
   * its own .gitignore included. Null when `dirRel` or a directory above it is ignored: nothing
   * in it is indexed.
   */
  within(dirRel: string): IgnoreRules | null {
    const cached = this.inside.get(dirRel);
    if (cached !== undefined) return cached;
    const above = this.above(dirRel);
    let rules: IgnoreRules | null = null;
    if (above !== null && (dirRel === "" || !above.isIgnored(dirRel, nameOf(dirRel), true))) {
      const abs = dirRel === "" ? this.root : join(this.root, dirRel);
      // The root's own .git was looked for already (gitView); below it a .git marks a nested clone.
      rules = above.enter(dirRel, abs, { gitignore: existsSync(join(abs, ".gitignore")), git: dirRel !== "" && existsSync(join(abs, ".git")) });
    }
    this.inside.set(dirRel, rules);
    return rules;
  }

  /** Whether the walk would drop `rel` (a file, or a directory when `isDir`): it or a directory above it is ignored. */
  ignores(rel: string, isDir: boolean): boolean {
    const rules = this.above(rel);
    return rules === null || rules.isIgnored(rel, nameOf(rel), isDir);
  }
}
