import { describe, expect, it } from "vitest";
import { rankContextFiles, type FileEvidence } from "../../../src/queries/context/rankContextFiles.js";

const evidence = (e: Partial<FileEvidence>): FileEvidence => ({
  search: [],
  walk: new Map(),
  walkWhy: new Map(),
  similar: [],
  coChange: [],
  prior: (f) => (f.startsWith("test/") ? 0.5 : 1),
  indexed: () => true,
  ...e,
});

describe("rankContextFiles", () => {
  it("keeps the text's order when there is no history, saying what put each file there", () => {
    const ranked = rankContextFiles(
      evidence({ search: ["a.ts", "b.ts"], walk: new Map([["a.ts", 0.6], ["b.ts", 0.3], ["c.ts", 0.1]]), walkWhy: new Map([["c.ts", "called by run"]]) }),
    );
    expect(ranked.map((r) => [r.file, r.why])).toEqual([
      ["a.ts", "matches the task"],
      ["b.ts", "matches the task"],
      ["c.ts", "called by run"],
    ]);
  });

  it("lifts the files past commits like the task changed, most for commits touching few files", () => {
    const ranked = rankContextFiles(
      evidence({
        search: ["a.ts", "b.ts", "c.ts"],
        walk: new Map([["a.ts", 0.5], ["b.ts", 0.45], ["c.ts", 0.4]]),
        similar: [
          { sha: "1", subject: "fix rounding of totals", score: 9, files: ["c.ts"] },
          { sha: "2", subject: "rename everything", score: 8, files: ["a.ts", "b.ts", "d.ts", "e.ts", "f.ts", "g.ts", "h.ts", "i.ts", "j.ts"] },
        ],
      }),
    );
    expect(ranked.map((r) => r.file).slice(0, 3)).toEqual(["a.ts", "c.ts", "b.ts"]);
    expect(ranked[1]!.why).toBe('matches the task; changed by past commits like "fix rounding of totals"');
    expect(ranked.map((r) => r.file).indexOf("d.ts")).toBeGreaterThan(2);
  });

  it("adds the files that change with the best ones, and drops files no longer indexed", () => {
    const ranked = rankContextFiles(
      evidence({
        search: ["src/a.ts"],
        walk: new Map([["src/a.ts", 1]]),
        coChange: [
          { path: "src/a.ts", with: "deno/a.ts", together: 9, commitsOfPath: 10 },
          { path: "src/a.ts", with: "gone.ts", together: 10, commitsOfPath: 10 },
        ],
        indexed: (f) => f !== "gone.ts",
      }),
    );
    expect(ranked.map((r) => r.file)).toEqual(["src/a.ts", "deno/a.ts"]);
    expect(ranked[1]!.why).toBe("changes with src/a.ts (9 of 10 commits)");
    expect(ranked[0]!.why).toBe("matches the task");
  });

  it("counts the co-changes of search's best file only: the next files' partners are mostly noise", () => {
    const ranked = rankContextFiles(
      evidence({
        search: ["a.ts", "b.ts"],
        walk: new Map([["a.ts", 1], ["b.ts", 0.9]]),
        coChange: [
          { path: "a.ts", with: "a.test.ts", together: 4, commitsOfPath: 5 },
          { path: "b.ts", with: "CHANGELOG.md", together: 5, commitsOfPath: 5 },
        ],
      }),
    );
    expect(ranked.map((r) => r.file)).toEqual(["a.ts", "b.ts", "a.test.ts"]);
  });
});
