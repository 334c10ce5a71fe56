import { lstatSync } from "node:fs";
import { join } from "node:path";
import { classifyEntry, languageFilter } from "./classifyEntry.js";
import { DirectoryRules } from "./DirectoryRules.js";
import { inspectFile } from "./inspectFile.js";
import type { ScanOptions, ScanResult } from "./scanProject.js";

const parentOf = (rel: string): string => {
  const slash = rel.lastIndexOf("/");
  return slash < 0 ? "" : rel.slice(0, slash);
};

/**
 * What a full scan would find at one file (relative to the root, `/`-separated), in the shape
 * of `scanProject`'s result: the same ignore rules (the .gitignore files from the root down to
 * its folder), symlink and special-file decisions and hashing. An ignored file or one in no
 * indexed language counts as `ignored` or `unsupported`, as the walk counts it.
 */
export const scanFile = async (root: string, rel: string, options: ScanOptions): Promise<ScanResult> => {
  const t0 = performance.now();
  const result = (found: Partial<Pick<ScanResult, "files" | "skipped" | "ignored" | "unsupported">>): ScanResult => {
    const files = found.files ?? [];
    return {
      files,
      skipped: found.skipped ?? [],
      ignored: found.ignored ?? 0,
      unsupported: found.unsupported ?? 0,
      bytes: files.reduce((sum, f) => sum + f.size, 0),
      durationMs: performance.now() - t0,
    };
  };
  const rules = options.rules ?? (await DirectoryRules.forRoot(root, options));
  const dirRel = parentOf(rel);
  const within = rules.within(dirRel);
  if (within === null) return result({ ignored: 1 });
  const abs = join(root, rel);
  let type;
  try {
    type = lstatSync(abs);
  } catch {
    return result({});
  }
  const name = rel.slice(dirRel === "" ? 0 : dirRel.length + 1);
  const verdict = await classifyEntry({ realRoot: rules.realRoot, languageOf: languageFilter(options.languages) }, { dirRel, name, abs, type }, within);
  switch (verdict.kind) {
    case "ignored":
    case "descend":
      return result({ ignored: verdict.kind === "ignored" ? 1 : 0 });
    case "unsupported":
      return result({ unsupported: 1 });
    case "skip":
      return result({ skipped: [{ path: rel, reason: verdict.reason }] });
    case "candidate": {
      const r = inspectFile(abs, options);
      if (r.kind === "file") return result({ files: [{ path: rel, contentHash: r.contentHash, size: r.size, mtime: r.mtime, ctime: r.ctime, language: verdict.language }] });
      return result(r.kind === "skip" ? { skipped: [{ path: rel, reason: r.reason }] } : {});
    }
  }
};
