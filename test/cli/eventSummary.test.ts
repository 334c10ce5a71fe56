import { describe, expect, it } from "vitest";
import { summarizeEvent } from "../../src/cli/eventSummary.js";

describe("nemesis log's one line per event", () => {
  it("names a commit by its short sha, subject and file count", () => {
    const commit = { sha: "e950d313a932bc6cccbc95376b3821cd2f8b5af4", parents: ["a"], subject: "fix the printer", files: [{ path: "a.py" }] };
    expect(summarizeEvent("CommitObserved", commit)).toBe("e950d313a9 fix the printer (1 file)");
    expect(summarizeEvent("CommitObserved", { ...commit, parents: ["a", "b"], files: [], subject: "merge" })).toBe("e950d313a9 merge (0 files, a merge)");
    expect(summarizeEvent("CommitObserved", { ...commit, filesTotal: 1_200 })).toBe("e950d313a9 fix the printer (1200 files)");
  });
});
