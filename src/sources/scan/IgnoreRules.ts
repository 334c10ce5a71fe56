import ignore, { type Ignore } from "ignore";
import picomatch from "picomatch";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_IGNORED_DIRS, isDefaultIgnoredFile } from "./defaultIgnores.js";
import type { TrackedFiles } from "./gitTrackedFiles.js";

/** What git tells the rules: the files it tracks, and whether .gitignore files apply from the root down. */
export interface GitView {
  readonly tracked: TrackedFiles | null;
  readonly gitignore: boolean;
}

interface GitignoreLayer {
  /** Directory of the .gitignore, relative to the root ("" for the root itself). */
  readonly base: string;
  readonly rules: Ignore;
}

const readIgnoreFile = (path: string): string | null => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    // An unreadable .gitignore ignores nothing; the scan goes on.
    return null;
  }
};

/**
 * The ignore decision for one directory of the walk: built-in defaults, the config's globs
 * and every .gitignore from the root down to this directory, with git's precedence (a deeper
 * file overrides a shallower one, `!pattern` re-includes). Immutable: entering a directory
 * returns a new value, so siblings never see each other's .gitignore. As in git, a .gitignore
 * pattern never drops a file git tracks (nor the directories on the way to it); the defaults and
 * the config's globs still do. Outside a git repository .gitignore files are not read at all
 * (unless the config's `require_git = false` says otherwise); a directory holding its own `.git`
 * (a nested clone) starts applying them from there down.
 */
export class IgnoreRules {
  private constructor(
    private readonly configMatch: ((path: string) => boolean) | null,
    private readonly layers: ReadonlyArray<GitignoreLayer>,
    private readonly tracked: TrackedFiles | null,
    private readonly gitignoreApplies: boolean,
  ) {}

  /**
   * Rules for the project root: config globs plus the root's .git/info/exclude. `git.tracked` comes
   * from `readTrackedFiles`; `git.gitignore` is true when the root is inside a git repository or
   * the config does not require one.
   */
  static forRoot(root: string, configGlobs: ReadonlyArray<string>, git: GitView = { tracked: null, gitignore: true }): IgnoreRules {
    const configMatch =
      configGlobs.length > 0 ? picomatch([...configGlobs], { dot: true, basename: true }) : null;
    const exclude = git.gitignore ? readIgnoreFile(join(root, ".git", "info", "exclude")) : null;
    const layers = exclude ? [{ base: "", rules: ignore().add(exclude) }] : [];
    return new IgnoreRules(configMatch, layers, git.tracked, git.gitignore);
  }

  /**
   * The rules inside `dirRel` (relative to the root), adding its .gitignore if it has one and
   * .gitignore files apply there; `holds.git` (the directory has a `.git` entry) makes them apply.
   */
  enter(dirRel: string, absDir: string, holds: { readonly gitignore: boolean; readonly git: boolean }): IgnoreRules {
    const applies = this.gitignoreApplies || holds.git;
    const text = applies && holds.gitignore ? readIgnoreFile(join(absDir, ".gitignore")) : null;
    if (text === null || text.trim() === "") {
      return applies === this.gitignoreApplies ? this : new IgnoreRules(this.configMatch, this.layers, this.tracked, applies);
    }
    return new IgnoreRules(this.configMatch, [...this.layers, { base: dirRel, rules: ignore().add(text) }], this.tracked, applies);
  }

  /** `relPath` is relative to the root with `/` separators; `name` is its last segment. */
  isIgnored(relPath: string, name: string, isDir: boolean): boolean {
    if (isDir ? DEFAULT_IGNORED_DIRS.has(name) : isDefaultIgnoredFile(name)) return true;
    if (this.configMatch?.(relPath)) return true;
    if (this.tracked?.covers(relPath, isDir)) return false;
    let ignored = false;
    for (const layer of this.layers) {
      const rel = layer.base === "" ? relPath : relPath.slice(layer.base.length + 1);
      const verdict = layer.rules.test(isDir ? `${rel}/` : rel);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }
}
