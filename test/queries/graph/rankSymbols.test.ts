import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQueryable } from "../../../src/projections/graph/GraphReader.js";
import { ALL_FILES } from "../../../src/queries/analysis/PathScope.js";
import { rankSymbols } from "../../../src/queries/graph/rankSymbols.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";

let project: IndexedProject;
let graph: GraphQueryable;
beforeAll(async () => {
  project = await indexedFixture("graph/repo");
  graph = (await project.context().graph())!;
}, 60_000);
afterAll(() => project?.close());

describe("rankSymbols over fixtures/graph/repo", () => {
  it("PageRank: the user model that everything leans on comes first", async () => {
    const answer = await rankSymbols(graph, "pagerank", ALL_FILES, 3);
    // Identity is only implemented by User, but User passes it all of its (large) rank.
    expect(answer.ranked.map((s) => s.name)).toEqual(["Identity", "User", "Item"]);
    expect(answer.ranked[1]).toMatchObject({ file: "src/models/user.ts", line: 6, kind: "Class", in: 7, out: 1 });
    expect(answer.converged).toBe(true);
    expect(answer.candidates).toBe(22);
  });

  it("degree: links in + out over distinct neighbours", async () => {
    const answer = await rankSymbols(graph, "degree", ALL_FILES, 3);
    expect(answer.ranked.map((s) => `${s.name} ${s.score} ${s.in}/${s.out}`)).toEqual(["User 8 7/1", "login 6 1/5", "makeUser 5 3/2"]);
  });

  it("ranks the whole project, then lists the scope's symbols only", async () => {
    const answer = await rankSymbols(graph, "pagerank", { kind: "path", path: "src/services" }, 10);
    expect(answer.ranked.map((s) => s.file)).toEqual(expect.arrayContaining(["src/services/auth.ts", "src/services/store.ts"]));
    expect(answer.ranked.every((s) => s.file!.startsWith("src/services/"))).toBe(true);
    expect(answer.candidates).toBe(6);
    // login is called from index.ts's module code: a file counts as a caller.
    expect(answer.ranked.find((s) => s.name === "login")?.in).toBe(1);
  });
});
