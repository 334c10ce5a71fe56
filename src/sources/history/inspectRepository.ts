import { insideGitRepo } from "../scan/insideGitRepo.js";
import { GitFailure, runGit } from "./git.js";

/** What git says about the repository holding a project root, from one `git rev-parse`. */
export type Repository =
  | { readonly state: "ready"; readonly head: string; readonly gitDir: string }
  /** A repository with nothing committed yet: nothing to record, and nothing to complain about. */
  | { readonly state: "empty"; readonly gitDir: string }
  /** No history can be recorded here; `why` says so in words a person can act on. */
  | { readonly state: "unavailable"; readonly why: string };

const INSPECT_TIMEOUT_MS = 10_000;
const NOT_A_REPOSITORY = "not in a git repository, so no commits are recorded (files are indexed as usual)";

const unavailable = (why: string): Repository => ({ state: "unavailable", why });

/**
 * One `git rev-parse` for everything the fast path needs: whether the clone is shallow, where
 * its git directory is (for the watcher) and HEAD's commit. `--verify -q` exits 1 without a
 * word when HEAD names no commit yet, after printing the other two answers.
 */
export const inspectRepository = async (root: string): Promise<Repository> => {
  // No `.git` above the root (as the scan decides it): no git process for a project outside a repository.
  if (!insideGitRepo(root)) return unavailable(NOT_A_REPOSITORY);
  const out = await runGit(root, ["rev-parse", "--is-shallow-repository", "--absolute-git-dir", "--verify", "-q", "HEAD"], {
    timeoutMs: INSPECT_TIMEOUT_MS,
    answers: [0, 1],
  });
  if (out instanceof GitFailure) {
    if (out.reason === "missing") return unavailable("git is not installed, so no commits are recorded (files are indexed as usual)");
    if (/not a git repository/i.test(out.stderr)) return unavailable(NOT_A_REPOSITORY);
    return unavailable(`git cannot read this repository (${out.message}), so no commits are recorded (files are indexed as usual)`);
  }
  const [shallow, gitDir, head] = out.toString("utf8").split("\n");
  if (gitDir === undefined || gitDir === "") return unavailable("git named no repository for this directory, so no commits are recorded");
  // In a shallow clone the oldest commits there look as if they added every file, and any commit
  // recorded now would stand for its ancestors too (a later look never goes past what is
  // recorded), so the full history fetched later would never be read. Nothing is recorded
  // until then.
  if (shallow === "true") {
    return unavailable("a shallow clone, so no commits are recorded until its full history is fetched (git fetch --unshallow); files are indexed as usual");
  }
  if (head === undefined || !/^[0-9a-f]{40,64}$/.test(head)) return { state: "empty", gitDir };
  return { state: "ready", head, gitDir };
};
