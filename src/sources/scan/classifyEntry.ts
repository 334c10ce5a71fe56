import { realpathSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { detectLanguage, unreadableReason } from "../../shared/index.js";
import type { IgnoreRules } from "./IgnoreRules.js";

/** What the walk does with one directory entry. */
export type EntryVerdict =
  | { readonly kind: "descend" }
  /** Dropped by .gitignore, a config glob or the defaults (counted, not reported). */
  | { readonly kind: "ignored" }
  /** A file in no supported language. */
  | { readonly kind: "unsupported" }
  | { readonly kind: "skip"; readonly reason: string }
  | { readonly kind: "candidate"; readonly language: string };

/** The type of an entry as readdir's Dirent or lstat's Stats tell it (symlinks not followed). */
export interface EntryType {
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isFile(): boolean;
}

export interface EntryContext {
  /** The project root after realpath. */
  readonly realRoot: string;
  /** The language indexed for `rel`, or null when it is not indexed (unsupported, or not in the config's languages). */
  readonly languageOf: (rel: string) => string | null;
}

/** The languages the config asks for (empty: every supported one); manifests always count. */
export const languageFilter = (languages: ReadonlyArray<string>): ((rel: string) => string | null) => {
  const wanted = new Set(languages);
  return (rel) => {
    const lang = detectLanguage(rel);
    if (lang === null) return null;
    return wanted.size === 0 || lang === "manifest" || wanted.has(lang) ? lang : null;
  };
};

const isInside = (parent: string, child: string): boolean =>
  child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);

const errorCode = (e: unknown): string | undefined => (e as NodeJS.ErrnoException)?.code;

/**
 * A symlink is never followed: one leaving the root is skipped as "outside root", one pointing at
 * an ancestor of its directory as "symlink loop", any other as "symlink inside root" (its target
 * is indexed at its own path, so nothing is indexed twice).
 */
const classifySymlink = (ctx: EntryContext, rel: string, abs: string, name: string, dirRel: string, rules: IgnoreRules): EntryVerdict => {
  let real: string;
  let isDir: boolean;
  try {
    real = realpathSync.native(abs);
    isDir = statSync(abs).isDirectory();
  } catch (e) {
    const code = errorCode(e);
    if (rules.isIgnored(rel, name, false)) return { kind: "ignored" };
    if (code === "ELOOP") return { kind: "skip", reason: "symlink loop" };
    if (ctx.languageOf(rel) === null) return { kind: "unsupported" };
    return { kind: "skip", reason: code === "ENOENT" ? "broken symlink" : unreadableReason(e) };
  }
  if (rules.isIgnored(rel, name, isDir)) return { kind: "ignored" };
  if (!isDir && ctx.languageOf(rel) === null) return { kind: "unsupported" };
  if (!isInside(ctx.realRoot, real)) return { kind: "skip", reason: "outside root" };
  if (isDir && isInside(real, dirRel === "" ? ctx.realRoot : join(ctx.realRoot, dirRel))) return { kind: "skip", reason: "symlink loop" };
  return { kind: "skip", reason: "symlink inside root" };
};

/**
 * The walk's decision for the entry `name` of the directory `dirRel`, judged by that directory's
 * rules: one place, so that the scan and the watcher (which looks at single paths) agree on
 * every entry. Special files are skipped without being opened. Synchronous, like the reads that
 * follow it: a writer looks at a path again under the log's write lock (recordFileChanges).
 */
export const classifyEntry = (
  ctx: EntryContext,
  entry: { readonly dirRel: string; readonly name: string; readonly abs: string; readonly type: EntryType },
  rules: IgnoreRules,
): EntryVerdict => {
  const { dirRel, name, abs, type } = entry;
  const rel = dirRel === "" ? name : `${dirRel}/${name}`;
  if (type.isDirectory()) return rules.isIgnored(rel, name, true) ? { kind: "ignored" } : { kind: "descend" };
  if (type.isSymbolicLink()) return classifySymlink(ctx, rel, abs, name, dirRel, rules);
  if (rules.isIgnored(rel, name, false)) return { kind: "ignored" };
  const language = ctx.languageOf(rel);
  if (language === null) return { kind: "unsupported" };
  if (!type.isFile()) return { kind: "skip", reason: "not a regular file" };
  return { kind: "candidate", language };
};
