import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { unreadableReason } from "../../shared/index.js";
import type { Skip } from "../../commands/index.js";
import { classifyEntry, languageFilter } from "./classifyEntry.js";
import { DirectoryRules } from "./DirectoryRules.js";
import type { IgnoreRules } from "./IgnoreRules.js";

export interface WalkOptions {
  /** Globs from config `[index] ignore`, on top of .gitignore and the defaults. */
  readonly ignore: ReadonlyArray<string>;
  /** Languages to index; empty means every supported one. Manifests always count. */
  readonly languages: ReadonlyArray<string>;
  /** Walk only this directory (relative to the root, `/`-separated); .gitignore files above it still apply. */
  readonly scope?: string;
  /**
   * Config `[index] require_git` (default true): apply .gitignore files only inside a git
   * repository (a `.git` at the root, above it, or in the directory itself for a nested clone);
   * false applies them everywhere.
   */
  readonly requireGit?: boolean;
  /** The rules, when the caller has them already (built from these options); read from the root otherwise. */
  readonly rules?: DirectoryRules;
}

/** A file the walk found worth reading: a supported language, not ignored, a regular file. */
export interface Candidate {
  readonly path: string;
  readonly abs: string;
  readonly language: string;
}

export type { Skip };

export interface WalkResult {
  readonly candidates: Candidate[];
  readonly skipped: Skip[];
  /** Entries dropped by .gitignore, config globs or the defaults (not reported one by one). */
  readonly ignored: number;
  /** Files in no supported language. */
  readonly unsupported: number;
}

interface PendingDir {
  readonly rel: string;
  readonly abs: string;
  /** The rules before entering this directory (its own .gitignore is added once it is read). */
  readonly rules: IgnoreRules;
}

/**
 * Lists the project's indexable files, iteratively (no recursion depth limit). Symlinks are
 * never followed: one leaving the root is skipped as "outside root", one pointing at an
 * ancestor as "symlink loop", any other as "symlink inside root" (its target is indexed at
 * its own path, so nothing is indexed twice). Special files are skipped without being opened.
 * .gitignore files apply only inside a git repository (see `WalkOptions.requireGit`); there,
 * files git tracks are kept even where a .gitignore matches them.
 */
export const walkProject = async (root: string, options: WalkOptions): Promise<WalkResult> => {
  const dirRules = options.rules ?? (await DirectoryRules.forRoot(root, options));
  const ctx = { realRoot: dirRules.realRoot, languageOf: languageFilter(options.languages) };
  const candidates: Candidate[] = [];
  const skipped: Skip[] = [];
  let ignored = 0;
  let unsupported = 0;

  // A scoped scan starts in its directory with every rule from the root down to it, and finds
  // nothing where a full walk would drop the directory: it never adds what a full one drops.
  const scope = (options.scope ?? "").split("/").filter((s) => s !== "" && s !== ".").join("/");
  const above = dirRules.above(scope);
  if (above === null || (scope !== "" && dirRules.ignores(scope, true))) return { candidates, skipped, ignored: 1, unsupported };
  const start: PendingDir = { rel: scope, abs: scope === "" ? root : join(root, scope), rules: above };
  const stack: PendingDir[] = [start];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = await readdir(dir.abs, { withFileTypes: true });
    } catch (e) {
      if (dir.rel === "") throw e;
      skipped.push({ path: dir.rel, reason: unreadableReason(e) });
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
    const rules = dir.rules.enter(dir.rel, dir.abs, {
      gitignore: entries.some((e) => e.name === ".gitignore" && e.isFile()),
      // The root's own .git was looked for already; below it a .git marks a nested clone or submodule.
      git: dir.rel !== "" && entries.some((e) => e.name === ".git"),
    });
    for (const entry of entries) {
      const rel = dir.rel === "" ? entry.name : `${dir.rel}/${entry.name}`;
      const abs = join(dir.abs, entry.name);
      const verdict = classifyEntry(ctx, { dirRel: dir.rel, name: entry.name, abs, type: entry }, rules);
      if (verdict.kind === "descend") stack.push({ rel, abs, rules });
      else if (verdict.kind === "ignored") ignored++;
      else if (verdict.kind === "unsupported") unsupported++;
      else if (verdict.kind === "skip") skipped.push({ path: rel, reason: verdict.reason });
      else candidates.push({ path: rel, abs, language: verdict.language });
    }
  }
  candidates.reverse();
  return { candidates, skipped, ignored, unsupported };
};
