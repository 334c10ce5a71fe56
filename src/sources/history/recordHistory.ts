import { isCommitObserved, recordCommits } from "../../commands/index.js";
import type { NemesisConfig } from "../../config/index.js";
import type { CommitObserved, EventMeta, LogHandle } from "../../events/index.js";
import { isDiskFullError, trace } from "../../shared/index.js";
import { findNewCommits, type HistoryBounds } from "./findNewCommits.js";
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
 * lookup. Nothing here but a full disk can fail an index: when git cannot answer, the report says why (once).
 */
export const recordHistory = async (ctx: HistoryContext): Promise<HistoryReport> => {
  const t0 = performance.now();
  const report = (r: Omit<HistoryReport, "durationMs">): HistoryReport => ({ ...r, durationMs: performance.now() - t0 });
  const unavailable = (why: string, gitDir: string | null = null) =>
    report({ available: false, observed: 0, note: sayOnce(ctx.nemesisDir, why), gitDir });
  if (!ctx.settings.enabled) return report({ available: false, observed: 0, note: null, gitDir: null });
  try {
    const repo = await inspectRepository(ctx.root);
    trace("History.inspected", () => repo.state);
    if (repo.state === "unavailable") return unavailable(repo.why);
    forgetNote(ctx.nemesisDir);
    if (repo.state === "empty" || isCommitObserved(ctx.log, repo.head)) return report({ available: true, observed: 0, note: null, gitDir: repo.gitDir });
    const commits = await newCommits(ctx, repo.head, ctx.settings);
    if (commits instanceof GitFailure) return unavailable(cannotRead(commits), repo.gitDir);
    const recorded = recordCommits(ctx.log, commits, { meta: ctx.meta });
    trace("History.recorded", () => `${recorded.observed} commits (${recorded.alreadyObserved} recorded by another writer)`);
    return report({ available: true, observed: recorded.observed, note: null, gitDir: repo.gitDir });
  } catch (e) {
    // A full disk is not git's failure: the index stops on it as on any other store's.
    if (isDiskFullError(e)) throw e;
    return unavailable(`reading the git history failed (${e instanceof Error ? e.message : String(e)}); files are indexed as usual`);
  }
};

/**
 * The commits to record, parents first. HEAD is read first: most often it is the one new commit
 * (its parents are recorded), and then no walk is needed, only one `git log` of it.
 */
const newCommits = async (ctx: HistoryContext, head: string, settings: NemesisConfig["history"]): Promise<CommitObserved[] | GitFailure> => {
  const isObserved = (sha: string) => isCommitObserved(ctx.log, sha);
  const read = await readCommits(ctx.root, [head]);
  if (read instanceof GitFailure) return read;
  const [commit] = read;
  if (commit === undefined) return [];
  // The window ends at HEAD's commit, not today: a checkout of an old release still gets the
  // two years of history that led to it.
  const bounds: HistoryBounds = { maxCommits: settings.max_commits, notBefore: commit.time - settings.since_days * DAY_SECONDS };
  if (commit.parents.every(isObserved)) return [commit];
  const shas = await findNewCommits(ctx.root, head, isObserved, bounds);
  trace("History.walked", () => (shas instanceof GitFailure ? shas.message : `${shas.length} new`));
  if (shas instanceof GitFailure) return shas;
  const older = await readCommits(ctx.root, shas.filter((sha) => sha !== head));
  if (older instanceof GitFailure) return older;
  const bySha = new Map([...older, commit].map((c) => [c.sha, c]));
  return shas.map((sha) => bySha.get(sha)!);
};

const cannotRead = (f: GitFailure) => `git could not read the history (${f.message}), so no new commits are recorded this time; files are indexed as usual`;
