import { gitFailed, gitMissing, spawnGit, type GitFailure } from "./git.js";
import { parentsFirst } from "./parentsFirst.js";

/** How far back one look at the history may go (`[history]` in the config). */
export interface HistoryBounds {
  readonly maxCommits: number;
  /** Commits older than this (committer time, Unix seconds) are not read. */
  readonly notBefore: number;
}

const WALK_TIMEOUT_MS = 60_000;

/**
 * The commits reachable from `head` by a path that meets no observed commit, within `bounds`,
 * parents before children: the order they must be recorded in, so that a run stopped half-way
 * leaves nothing the next run would not find.
 *
 * An observed commit stands for its ancestors: the walk does not go past it. That keeps the
 * first run's bounds for good (the history behind the commits it recorded is not read again;
 * only a branch merged later can lead to older commits, within the same bounds), and keeps a
 * look at a few new commits cheap: git lists commits newest first as it walks, and the walk is
 * stopped as soon as every path from HEAD has met an observed commit. Commits come by date,
 * and a branch whose clock was behind can be listed after commits it leads to, so every commit
 * listed is remembered until it is known whether a new one needs it.
 * `git rev-list HEAD --not <observed…>` would not print anything before reading every excluded
 * commit (a tenth of a second for 10,000).
 */
export const findNewCommits = (
  root: string,
  head: string,
  isObserved: (sha: string) => boolean,
  bounds: HistoryBounds,
): Promise<ReadonlyArray<string> | GitFailure> =>
  new Promise((resolve) => {
    // git reads a negative age as a date in the future: a bound reaching before 1970 is none.
    const age = bounds.notBefore > 0 ? [`--max-age=${Math.floor(bounds.notBefore)}`] : [];
    const args = ["rev-list", "--parents", `--max-count=${bounds.maxCommits}`, ...age, head];
    let child: ReturnType<typeof spawnGit>;
    try {
      child = spawnGit(root, args);
    } catch (e) {
      resolve(gitFailed(null, e instanceof Error ? e.message : String(e)));
      return;
    }
    child.stdin.on("error", () => {});
    child.stdin.end();
    const wanted = new Set<string>([head]);
    const listed = new Map<string, ReadonlyArray<string>>();
    const found = new Map<string, ReadonlyArray<string>>();
    let settled = false;
    let partial = "";
    const err: Buffer[] = [];

    const finish = (result: ReadonlyArray<string> | GitFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const stopEarly = () => {
      finish(parentsFirst(found));
      child.stdout.destroy();
      child.kill();
    };
    const timer = setTimeout(() => {
      finish(gitFailed(null, `git rev-list took longer than ${WALK_TIMEOUT_MS / 1000} s`));
      child.kill();
    }, WALK_TIMEOUT_MS);

    /** `sha` is new: keep it, and want each parent not observed (one listed already is taken at once). */
    const take = (sha: string, parents: ReadonlyArray<string>) => {
      const stack: Array<[string, ReadonlyArray<string>]> = [[sha, parents]];
      for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
        const [s, ps] = next;
        found.set(s, ps);
        for (const p of ps) {
          if (found.has(p) || wanted.has(p) || isObserved(p)) continue;
          const early = listed.get(p);
          if (early === undefined) wanted.add(p);
          else {
            listed.delete(p);
            stack.push([p, early]);
          }
        }
      }
    };
    const line = (text: string) => {
      if (text === "") return;
      const [sha, ...parents] = text.split(" ");
      if (sha === undefined) return;
      if (wanted.delete(sha)) take(sha, parents);
      else listed.set(sha, parents);
    };

    child.stdout.on("data", (chunk: Buffer) => {
      if (settled) return;
      const lines = (partial + chunk.toString("latin1")).split("\n");
      partial = lines.pop() ?? "";
      for (const l of lines) line(l);
      if (wanted.size === 0) stopEarly();
    });
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", (e: NodeJS.ErrnoException) => finish(e.code === "ENOENT" ? gitMissing() : gitFailed(null, e.message)));
    child.on("close", (code) => {
      if (settled) return;
      line(partial);
      // The walk ended at its bounds (or the root commits): what is still wanted is older than them.
      if (code === 0) finish(parentsFirst(found));
      else finish(gitFailed(code, Buffer.concat(err).toString("utf8")));
    });
  });
