import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getFileHistoryTool, NO_HISTORY } from "../../../src/mcp/tools/getFileHistory.js";
import { getImpactTool } from "../../../src/mcp/tools/getImpact.js";
import { appendCommits, commit, touched } from "../../projections/history/commits.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool, toolFailure } from "./callTool.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
}, 120_000);
afterAll(async () => {
  await project?.close();
});

const day = (time: number) => new Date(time * 1000).toISOString().slice(0, 10);

// The fixture's repository has no commit: these are the only history, appended as the source records it.
const added = commit("Add the math helpers", [touched("src/lib/math.ts", { status: "A" }), "src/shapes/square.ts", "package.json"], { author: "Grace" });
const used = commit("Square: size adds the base size", ["src/shapes/square.ts", "src/lib/math.ts", "test/render.test.ts"]);
const rendered = commit("Render squares", ["src/render.ts", "src/shapes/square.ts"]);
const merged = commit("Merge branch 'math'", ["src/lib/math.ts", "src/render.ts"], { parents: ["a", "b"] });
const dropped = commit("Drop the old helper", [touched("old/helper.ts", { status: "D" }), "src/lib/math.ts"]);

describe("get_file_history and get_impact's co-change, from the history read model", () => {
  it("without history, says how to get it, and get_impact has no co-change section", async () => {
    expect(await toolFailure(getFileHistoryTool, { target: "src/lib/math.ts" }, project.context())).toBe(NO_HISTORY);
    const { output, text } = await callTool(getImpactTool, { file: "src/lib/math.ts" }, project.context());
    expect(output.changesWith).toEqual([]);
    expect(text).not.toContain("usually changes with");
  });

  it("a file's commits, newest first, with the files changed with each; merges left out", async () => {
    appendCommits(project.models.engine.ctx.log, [added, used, rendered, merged, dropped]);
    const { output, text } = await callTool(getFileHistoryTool, { target: "src/lib/math.ts" }, project.context());
    expect(output.total).toBe(3);
    expect(text).toBe(
      [
        "src/lib/math.ts: 3 commits, newest first",
        `${day(dropped.time)} ${dropped.sha.slice(0, 10)} Ada: Drop the old helper`,
        "  with: old/helper.ts",
        `${day(used.time)} ${used.sha.slice(0, 10)} Ada: Square: size adds the base size`,
        "  with: src/shapes/square.ts, test/render.test.ts",
        `${day(added.time)} ${added.sha.slice(0, 10)} Grace: Add the math helpers`,
        "  with: package.json, src/shapes/square.ts",
      ].join("\n"),
    );
    const limited = await callTool(getFileHistoryTool, { target: "src/lib/math.ts", limit: 1 }, project.context());
    expect(limited.output.commits.map((c) => c.sha)).toEqual([dropped.sha]);
    expect(limited.text.split("\n").at(-1)).toBe("… 2 older (raise limit, up to 50)");
  });

  it("a symbol's history is its file's, said to be by file", async () => {
    const { output, text } = await callTool(getFileHistoryTool, { target: "Square.area" }, project.context());
    expect(output.file).toBe("src/shapes/square.ts");
    expect(output.symbol).toEqual({ name: "Square.area", kind: "Method", line: 9, end_line: 11 });
    expect(output.commits.map((c) => c.subject)).toEqual(["Render squares", "Square: size adds the base size", "Add the math helpers"]);
    expect(text.split("\n")[0]).toBe("src/shapes/square.ts: 3 commits, newest first (by file: Square.area [Method] is lines 9–11)");
    const byPath = await callTool(getFileHistoryTool, { target: "src/shapes/square.ts:Square.area" }, project.context());
    expect(byPath.output.commits).toEqual(output.commits);
  });

  it("a deleted file has history; an indexed file without commits says why there are none; an unknown one is refused", async () => {
    const deleted = await callTool(getFileHistoryTool, { target: "./old/helper.ts" }, project.context());
    expect(deleted.output.commits.map((c) => [c.subject, c.status])).toEqual([["Drop the old helper", "D"]]);
    const quiet = await callTool(getFileHistoryTool, { target: "src/shapes/base.ts" }, project.context());
    expect(quiet.output.commits).toEqual([]);
    expect(quiet.text).toMatch(/^No recorded commit touches src\/shapes\/base.ts: it is new or uncommitted/);
    expect(await toolFailure(getFileHistoryTool, { target: "src/shapes/sqare.ts" }, project.context())).toMatch(
      /^No recorded commit touches "src\/shapes\/sqare.ts"\. No symbol or file matches "src\/shapes\/sqare.ts"\. Closest:\n.*src\/shapes\/square.ts/,
    );
    expect(await toolFailure(getFileHistoryTool, { target: "../../etc/passwd" }, project.context())).toMatch(/is outside the project/);
    await expect(callTool(getFileHistoryTool, { target: "src/lib/math.ts", limit: 51 }, project.context())).rejects.toThrow(/limit/);
  });

  it("get_impact lists the files that usually change with the target: twice or more, out of the target's commits", async () => {
    const { output, text } = await callTool(getImpactTool, { file: "src/lib/math.ts" }, project.context());
    // math.ts's commits that carry weight: added, used, dropped (the merge does not count).
    expect(output.changesWith).toEqual([{ file: "src/shapes/square.ts", together: 2, of: 3 }]);
    expect(text.split("\n").slice(-2)).toEqual(["usually changes with (git history):", "  src/shapes/square.ts (changed together in 2 of 3 commits)"]);
    const method = await callTool(getImpactTool, { file: "src/shapes/square.ts", function: "Square.area" }, project.context());
    expect(method.output.changesWith).toEqual([{ file: "src/lib/math.ts", together: 2, of: 3 }]);
    expect(method.text).toContain("usually changes with (git history, by file):\n  src/lib/math.ts (changed together in 2 of 3 commits)");
  });
});
