import { isCommitObserved, recordCommits } from "../../commands/index.js";
import type { NemesisConfig } from "../../config/index.js";
import type { EventMeta, LogHandle } from "../../events/index.js";
import { trace } from "../../shared/trace.js";
import { findNewCommits } from "./findNewCommits.js";
import { GitFailure } from "./git.js";
import { forgetNote, sayOnce } from "./historyNote.js";
import { inspectRepository } from "./inspectRepository.js";
import { readCommits } from "./readCommits.js";

export interface HistoryContext {
  readonly root: string;
  /** The project's `.nemesis/`, where what was said about history is remembered. */
  readonly nemesisDir: string;
  readonly log: LogHandle;
  readonly settings: NemesisConfig["history"];
  readonly meta: EventMeta;
}

export interface HistoryReport {
  /** False when history is not read here: turned off, no git, a shallow clone, git failing. */
  readonly available: boolean;
  /** Commits this look recorded. */
  readonly observed: number;
  /** Why history is not recorded, the first time it is so (null when already said, or when all is well). */
  readonly note: string | null;
  /** The repository's git directory (the watcher watches its HEAD); null outside one. */
  readonly gitDir: string | null;
  readonly durationMs: number;
}

const DAY_SECONDS = 86_400;

/**
 * Records the commits reachable from HEAD that the log does not hold, within `[history]`'s
 * bounds. When HEAD's commit is in the log already, that is one `git rev-parse` and one index
 * lookup. Nothing here can fail an index: when git cannot answer, the report says why (once).
 */
export const recordHistory = async (ctx: HistoryContext): Promise<HistoryReport> => {
  const t0 = performance.now();
  const report = (r: Omit<HistoryReport, "durationMs">): HistoryReport => ({ ...r, durationMs: performance.now() - t0 });
  const unavailable = (why: string, gitDir: string | null = null) =>
    report({ available: false, observed: 0, note: sayOnce(ctx.nemesisDir, why), gitDir });
  if (!ctx.settings.enabled) return report({ available: false, observed: 0, note: null, gitDir: null });
  try {
    const repo = await inspectRepository(ctx.root);
    if (repo.state === "unavailable") return unavailable(repo.why);
    forgetNote(ctx.nemesisDir);
    if (repo.state === "empty" || isCommitObserved(ctx.log, repo.head)) return report({ available: true, observed: 0, note: null, gitDir: repo.gitDir });
    const bounds = { maxCommits: ctx.settings.max_commits, notBefore: Date.now() / 1000 - ctx.settings.since_days * DAY_SECONDS };
    const shas = await findNewCommits(ctx.root, repo.head, (sha) => isCommitObserved(ctx.log, sha), bounds);
    if (shas instanceof GitFailure) return unavailable(cannotRead(shas), repo.gitDir);
    const commits = await readCommits(ctx.root, shas);
    if (commits instanceof GitFailure) return unavailable(cannotRead(commits), repo.gitDir);
    const recorded = recordCommits(ctx.log, commits, { meta: ctx.meta });
    trace("History.recorded", () => `${recorded.observed} commits (${recorded.alreadyObserved} recorded by another writer)`);
    return report({ available: true, observed: recorded.observed, note: null, gitDir: repo.gitDir });
  } catch (e) {
    return unavailable(`reading the git history failed (${e instanceof Error ? e.message : String(e)}); files are indexed as usual`);
  }
};

const cannotRead = (f: GitFailure) => `git could not read the history (${f.message}), so no new commits are recorded this time; files are indexed as usual`;
