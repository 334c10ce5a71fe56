import { describe, expect, it } from "vitest";
import { commitStream, isCommitObserved, recordCommits } from "../../src/commands/index.js";
import { readEvents, type CommitObserved, type LogHandle } from "../../src/events/index.js";
import { eachTestWithTempLog } from "../events/support.js";

let log: LogHandle;
eachTestWithTempLog((l) => (log = l));

const meta = { source: "test" as const };
const commit = (sha: string, parents: string[] = []): CommitObserved => ({
  sha,
  parents,
  time: 1_700_000_000,
  author: "Ada",
  subject: `commit ${sha}`,
  body: "",
  files: [{ path: "a.ts", status: "M", added: 1, deleted: 1 }],
});
const streams = () => readEvents(log, { types: ["CommitObserved"] }).map((e) => `${e.stream} v${e.version}`);

describe("recordCommits: given the log, when commits are recorded, then each is observed once", () => {
  it("appends one CommitObserved per commit on its own stream, in the order given", () => {
    const r = recordCommits(log, [commit("a1"), commit("b2", ["a1"])], { meta });
    expect(r).toMatchObject({ observed: 2, alreadyObserved: 0 });
    expect(streams()).toEqual(["commit:a1 v1", "commit:b2 v1"]);
    expect(isCommitObserved(log, "a1")).toBe(true);
    expect(isCommitObserved(log, "c3")).toBe(false);
    expect(commitStream("a1")).toBe("commit:a1");
  });

  it("skips a commit another writer recorded meanwhile, without an error, and keeps the rest of its batch", () => {
    recordCommits(log, [commit("b2")], { meta });
    const r = recordCommits(log, [commit("a1"), commit("b2", ["a1"]), commit("c3", ["b2"])], { meta, batchSize: 2 });
    expect(r).toMatchObject({ observed: 2, alreadyObserved: 1 });
    expect(streams()).toEqual(["commit:b2 v1", "commit:a1 v1", "commit:c3 v1"]);
  });

  it("records a commit named twice once", () => {
    expect(recordCommits(log, [commit("a1"), commit("a1")], { meta })).toMatchObject({ observed: 1, alreadyObserved: 0 });
    expect(recordCommits(log, [commit("a1")], { meta })).toMatchObject({ observed: 0, alreadyObserved: 1, lastPosition: 0 });
    expect(streams()).toEqual(["commit:a1 v1"]);
  });
});
