import { join } from "node:path";
// Each module by its own path: this runs in `nemesis hook file-changed`, whose whole budget is
// a few tens of milliseconds above Node's start-up; the folders' index files load far more.
import { inspectFile, type FileLimits } from "../scan/inspectFile.js";
import { readKnownFile, type KnownFile, recordFileChanges, type RecordFileChangesInput, type ScannedFile, type Skip } from "../../commands/index.js";
import { confinePath, type HookConfig } from "../../config/index.js";
import type { EventMeta, LogHandle } from "../../events/log.js";
import { detectLanguage } from "../../shared/index.js";

/** What became of one file an agent's tool wrote. */
export type HookedFile =
  /** Appended: FileChanged for new content, FileSkipped for a file the index skips (too large, binary), FileDeleted for one gone. */
  | { readonly kind: "recorded"; readonly path: string; readonly event: "FileChanged" | "FileSkipped" | "FileDeleted"; readonly position: number }
  /** The log already holds this content: nothing to append. */
  | { readonly kind: "unchanged"; readonly path: string }
  /** Not something the index holds (another language, ignored): nothing to append, nothing wrong. */
  | { readonly kind: "not indexed"; readonly path: string; readonly why: string }
  /** A path the hook must not touch (outside the project, the root itself). */
  | { readonly kind: "refused"; readonly reason: string }
  /** Not on disk: a FileDeleted was appended if the index held it (`recorded`). */
  | { readonly kind: "missing"; readonly path: string; readonly recorded: boolean };

export interface HookedFileInput {
  /** The project root as a real path (realpathSync). */
  readonly root: string;
  /** What the tool named: absolute (Claude Code's tools use absolute paths) or relative to the root. */
  readonly filePath: string;
  readonly config: HookConfig;
  readonly meta: EventMeta;
}

const languageOf = (rel: string, languages: ReadonlyArray<string>): string | null => {
  const language = detectLanguage(rel);
  if (language === null) return null;
  return languages.length === 0 || language === "manifest" || languages.includes(language) ? language : null;
};

/**
 * How the hook looks at the file it was told about: read once and hashed, in the language its
 * name gives (the ignore rules were applied before). Null when nothing is there.
 */
export const hookedFileLook =
  (root: string, limits: FileLimits, language: string) =>
  (path: string): ScannedFile | Skip | null => {
    const r = inspectFile(join(root, path), limits);
    if (r.kind === "file") return { path, language, contentHash: r.contentHash, size: r.size, mtime: r.mtime, ctime: r.ctime };
    return r.kind === "skip" ? { path, reason: r.reason } : null;
  };

/**
 * Records what an agent's edit did to one file, as the scan would for that file alone: the
 * path confined to the project, the content read once and hashed, then one event through
 * `recordFileChanges` (which appends nothing when the log already holds that hash). No
 * parsing, no read model: the engine's follow loop, or the next query's catch-up, does the rest.
 */
export const recordHookedFile = async (log: LogHandle, input: HookedFileInput): Promise<HookedFile> => {
  const confined = confinePath(input.root, input.filePath);
  if (!confined.ok) return { kind: "refused", reason: confined.reason };
  const path = confined.path;
  if (path === "") return { kind: "refused", reason: `"${input.filePath}" is the project root, not a file` };
  const language = languageOf(path, input.config.languages);
  if (language === null) return { kind: "not indexed", path, why: "not in a language the index holds" };
  const known = readKnownFile(log, path);
  // A file the index holds was already judged worth indexing by a scan (which also knows which
  // files git tracks); only a new file needs the ignore rules, and only then are they loaded
  // (the .gitignore and glob matchers are most of what a hook would load besides SQLite).
  if (known?.state !== "changed") {
    const { ignoredPath } = await import("../scan/ignoredPath.js");
    if (ignoredPath(input.root, path, input.config)) return { kind: "not indexed", path, why: "ignored" };
  }

  // The same look again if the file moves before the append (a second edit, its own hook's record).
  const lookAt = hookedFileLook(input.root, input.config, language);
  const seen = lookAt(path);
  // Decided against this one file only: gone, a known file becomes FileDeleted.
  const change: RecordFileChangesInput =
    seen === null ? { files: [], skipped: [], scope: path } : "reason" in seen ? { files: [], skipped: [seen], scope: path } : { files: [seen], skipped: [], scope: path };
  const knownMap = new Map<string, KnownFile>(known ? [[path, known]] : []);
  const recorded = recordFileChanges(log, change, { meta: input.meta, known: knownMap, lookAgain: { root: input.root, look: lookAt } });

  if (seen === null) return { kind: "missing", path, recorded: recorded.deleted > 0 };
  if (recorded.lastPosition === 0) return { kind: "unchanged", path };
  const event = recorded.changed > 0 ? "FileChanged" : recorded.newlySkipped > 0 ? "FileSkipped" : "FileDeleted";
  return { kind: "recorded", path, event, position: recorded.lastPosition };
};
