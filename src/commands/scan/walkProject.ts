import { existsSync, type Dirent } from "node:fs";
import { readdir, realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { detectLanguage } from "../../parse/languages.js";
import { readTrackedFiles } from "./gitTrackedFiles.js";
import { IgnoreRules, type GitView } from "./IgnoreRules.js";
import { insideGitRepo } from "./insideGitRepo.js";
import { unreadableReason } from "../../parse/reactor/readSourceFile.js";

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
}

/** A file the walk found worth reading: a supported language, not ignored, a regular file. */
export interface Candidate {
  readonly path: string;
  readonly abs: string;
  readonly language: string;
}

export interface Skip {
  readonly path: string;
  readonly reason: string;
}

export interface WalkResult {
  readonly candidates: Candidate[];
  readonly skipped: Skip[];
  /** Entries dropped by .gitignore, config globs or the defaults (not reported one by one). */
  readonly ignored: number;
  /** Files in no supported language. */
  readonly unsupported: number;
}

const isInside = (parent: string, child: string): boolean =>
  child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);

const errorCode = (e: unknown): string | undefined => (e as NodeJS.ErrnoException)?.code;

interface PendingDir {
  readonly rel: string;
  readonly abs: string;
  readonly rules: IgnoreRules;
}

/**
 * What git can tell the walk: whether .gitignore files apply from the root down and which files it
 * tracks. git is asked only inside a repository; outside one it has nothing to say.
 */
const gitView = async (realRoot: string, requireGit: boolean): Promise<GitView> => {
  const inRepo = insideGitRepo(realRoot);
  return { tracked: inRepo ? await readTrackedFiles(realRoot) : null, gitignore: inRepo || !requireGit };
};

/**
 * Where the walk starts: the root, or the scope directory with every .gitignore from the root
 * down to it. Null when the whole walk would drop the scope (a default, a config glob or a
 * .gitignore ignores one of its directories): a scoped scan finds what a full one finds there.
 */
const scopeStart = (root: string, options: WalkOptions, git: GitView): PendingDir | null => {
  let rules = IgnoreRules.forRoot(root, options.ignore, git);
  const segments = (options.scope ?? "").split("/").filter((s) => s !== "" && s !== ".");
  let rel = "";
  for (const segment of segments) {
    const abs = rel === "" ? root : join(root, rel);
    rules = rules.enter(rel, abs, { gitignore: existsSync(join(abs, ".gitignore")), git: rel !== "" && existsSync(join(abs, ".git")) });
    rel = rel === "" ? segment : `${rel}/${segment}`;
    if (rules.isIgnored(rel, segment, true)) return null;
  }
  return { rel, abs: rel === "" ? root : join(root, rel), rules };
};

/**
 * Lists the project's indexable files, iteratively (no recursion depth limit). Symlinks are
 * never followed: one leaving the root is skipped as "outside root", one pointing at an
 * ancestor as "symlink loop", any other as "symlink inside root" (its target is indexed at
 * its own path, so nothing is indexed twice). Special files are skipped without being opened.
 * .gitignore files apply only inside a git repository (see `WalkOptions.requireGit`); there,
 * files git tracks are kept even where a .gitignore matches them.
 */
export const walkProject = async (root: string, options: WalkOptions): Promise<WalkResult> => {
  const realRoot = await realpath(root);
  const languages = new Set(options.languages);
  const languageOf = (rel: string): string | null => {
    const lang = detectLanguage(rel);
    if (lang === null) return null;
    return languages.size === 0 || lang === "manifest" || languages.has(lang) ? lang : null;
  };
  const candidates: Candidate[] = [];
  const skipped: Skip[] = [];
  let ignored = 0;
  let unsupported = 0;

  const symlink = async (rel: string, abs: string, name: string, dir: PendingDir, rules: IgnoreRules) => {
    let real: string;
    let isDir: boolean;
    try {
      real = await realpath(abs);
      isDir = (await stat(abs)).isDirectory();
    } catch (e) {
      const code = errorCode(e);
      if (rules.isIgnored(rel, name, false)) ignored++;
      else if (code === "ELOOP") skipped.push({ path: rel, reason: "symlink loop" });
      else if (languageOf(rel) === null) unsupported++;
      else skipped.push({ path: rel, reason: code === "ENOENT" ? "broken symlink" : unreadableReason(e) });
      return;
    }
    if (rules.isIgnored(rel, name, isDir)) ignored++;
    else if (!isDir && languageOf(rel) === null) unsupported++;
    else if (!isInside(realRoot, real)) skipped.push({ path: rel, reason: "outside root" });
    else if (isDir && isInside(real, dir.rel === "" ? realRoot : join(realRoot, dir.rel))) skipped.push({ path: rel, reason: "symlink loop" });
    else skipped.push({ path: rel, reason: "symlink inside root" });
  };

  const start = scopeStart(root, options, await gitView(realRoot, options.requireGit ?? true));
  if (start === null) return { candidates, skipped, ignored: 1, unsupported };
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
      if (entry.isDirectory()) {
        if (rules.isIgnored(rel, entry.name, true)) ignored++;
        else stack.push({ rel, abs, rules });
      } else if (entry.isSymbolicLink()) {
        await symlink(rel, abs, entry.name, dir, rules);
      } else if (rules.isIgnored(rel, entry.name, false)) {
        ignored++;
      } else {
        const language = languageOf(rel);
        if (language === null) unsupported++;
        else if (!entry.isFile()) skipped.push({ path: rel, reason: "not a regular file" });
        else candidates.push({ path: rel, abs, language });
      }
    }
  }
  candidates.reverse();
  return { candidates, skipped, ignored, unsupported };
};
