import { availableParallelism } from "node:os";
import type { CommitObserved } from "../../events/index.js";
import { GitFailure, runGit } from "./git.js";
import { LOG_ARGS, parseCommitLog } from "./parseCommitLog.js";

/** Below this many commits a second git process costs more than it saves. */
const SPLIT_FROM = 200;
const MAX_PROCESSES = 4;
/** Generous: counting lines reads every blob a commit touched, ~0.5 ms a commit on sympy. */
const timeoutFor = (commits: number) => 60_000 + 20 * commits;

/**
 * The commits `shas` name, read with their files and line counts, in the order given. Counting
 * lines is most of the cost (git reads both versions of every file), so the list is dealt out
 * to one `git log --no-walk --stdin` per core, interleaved so that each gets as many old and
 * recent commits as the others.
 */
export const readCommits = async (root: string, shas: ReadonlyArray<string>): Promise<CommitObserved[] | GitFailure> => {
  if (shas.length === 0) return [];
  const processes = shas.length < SPLIT_FROM ? 1 : Math.max(1, Math.min(MAX_PROCESSES, availableParallelism()));
  const shares = Array.from({ length: processes }, (_, p) => shas.filter((_, i) => i % processes === p));
  const outputs = await Promise.all(
    shares.map((share) =>
      runGit(root, [...LOG_ARGS, "--no-walk=unsorted", "--stdin"], { input: `${share.join("\n")}\n`, timeoutMs: timeoutFor(share.length) }),
    ),
  );
  const bySha = new Map<string, CommitObserved>();
  for (const out of outputs) {
    if (out instanceof GitFailure) return out;
    for (const c of parseCommitLog(out)) bySha.set(c.sha, c);
  }
  const commits: CommitObserved[] = [];
  for (const sha of shas) {
    const c = bySha.get(sha);
    // git printed every commit it was given or failed: a gap is our parser's bug, not an outcome.
    if (c === undefined) throw new Error(`git log printed no commit ${sha}: the history parser and git disagree`);
    commits.push(c);
  }
  return commits;
};
