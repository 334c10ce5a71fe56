import { appendToStreams, type CommitObserved, type LogHandle } from "../../../src/events/index.js";

type CommitFile = CommitObserved["files"][number];

/** A file of a commit: modified with a few lines, unless said otherwise. */
export const touched = (path: string, rest: Partial<CommitFile> = {}): CommitFile => ({ path, status: "M", added: 3, deleted: 1, ...rest });

let counter = 0;

/** A CommitObserved payload: one parent, a unique sha and a time an hour after the last, unless given. */
export const commit = (subject: string, files: ReadonlyArray<string | CommitFile>, rest: Partial<CommitObserved> = {}): CommitObserved => {
  counter++;
  return {
    sha: counter.toString(16).padStart(40, "0"),
    parents: ["p"],
    time: 1_700_000_000 + counter * 3600,
    author: "Ada",
    subject,
    body: "",
    files: files.map((f) => (typeof f === "string" ? touched(f) : f)),
    ...rest,
  };
};

/** Appends each commit on its own `commit:<sha>` stream, as the history source records it. */
export const appendCommits = (log: LogHandle, commits: ReadonlyArray<CommitObserved>): void => {
  appendToStreams(
    log,
    commits.map((data) => ({ stream: `commit:${data.sha}`, expectedVersion: "any" as const, events: [{ type: "CommitObserved", data, meta: { source: "test" as const } }] })),
  );
};
