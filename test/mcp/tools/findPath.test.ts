import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPathTool } from "../../../src/mcp/tools/findPath.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool, toolFailure } from "./callTool.js";
import { unindexed } from "./unindexed.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("graph/repo");
}, 60_000);
afterAll(() => project?.close());

const call = (args: unknown) => callTool(findPathTool, args, project.context());

describe("find_path", () => {
  it("the shortest directed path, every hop with its edge type, file and line", async () => {
    const { output: out, text } = await call({ source: "logout", target: "User.id" });
    expect(out.path?.map((h) => `${h.from.qualified_name} ${h.edge_type} ${h.to.qualified_name} ${h.file}:${h.line}`)).toEqual([
      "logout CALLS helper src/services/auth.ts:12",
      "helper CALLS User.id src/services/auth.ts:16",
    ]);
    expect(out.reverse_path).toBeNull();
    expect(text).toBe(
      [
        "logout (Function, src/services/auth.ts:11) reaches User.id (Method, src/models/user.ts:8) in 2 hops over CALLS, IMPORTS, INHERITS, IMPLEMENTS, HAS_METHOD, CONTAINS:",
        "  1. logout -CALLS-> helper (Function, src/services/auth.ts:15) at src/services/auth.ts:12",
        "  2. helper -CALLS-> User.id (Method, src/models/user.ts:8) at src/services/auth.ts:16",
      ].join("\n"),
    );
  });

  it("crosses files, classes and inheritance by default", async () => {
    const { output: out } = await call({ source: "src/index.ts", target: "User.constructor" });
    expect(out.path?.map((h) => `${h.edge_type} ${h.to.qualified_name}`)).toEqual(["CALLS makeUser", "CALLS User.constructor"]);
    const inherited = await call({ source: "Admin", target: "User.id" });
    expect(inherited.output.path?.map((h) => `${h.edge_type} ${h.to.qualified_name}`)).toEqual(["INHERITS User", "HAS_METHOD User.id"]);
  });

  it("follows only the edge types asked for", async () => {
    const { output: out, text } = await call({ source: "src/index.ts", target: "src/models/user.ts", edge_types: ["imports"] });
    expect(out.edge_types).toEqual(["IMPORTS"]);
    expect(out.path?.map((h) => `${h.from.qualified_name} -> ${h.to.qualified_name} @${h.line}`)).toEqual(["src/index.ts -> src/models/user.ts @2"]);
    expect(text).toContain("in 1 hop over IMPORTS:");
    const none = await call({ source: "Admin", target: "User.id", edge_types: ["CALLS"] });
    expect(none.output.path).toBeNull();
  });

  it("no path: says so, and whether the target reaches the source", async () => {
    const { output: out, text } = await call({ source: "User.id", target: "logout" });
    expect(out.path).toBeNull();
    expect(out.reverse_path?.map((h) => h.to.qualified_name)).toEqual(["helper", "User.id"]);
    expect(text).toContain("No path from User.id (Method, src/models/user.ts:8) to logout (Function, src/services/auth.ts:11) within 10 hops");
    expect(text).toContain("The other way, logout reaches User.id in 2 hops:");
    const neither = await call({ source: "price_of", target: "makeUser" });
    expect(neither.text).toContain("Nor from makeUser to price_of.");
  });

  it("names what a loose argument resolved to", async () => {
    const { output: out, text } = await call({ source: "cart.Cart", target: "price_of" });
    expect(out.source_resolution.match).toBe("suffix");
    expect(out.path?.map((h) => `${h.edge_type} ${h.to.qualified_name}`)).toEqual(["HAS_METHOD Cart.total", "CALLS price_of"]);
    expect(text).toContain('"cart.Cart" → Cart (matched by qualified suffix)');
  });

  it("errors say what to do next", async () => {
    expect(await toolFailure(findPathTool, { source: "nosuchthing", target: "login" }, project.context())).toContain(
      'No symbol or file matches "nosuchthing"',
    );
    expect(await toolFailure(findPathTool, { source: "login", target: "x", edge_types: ["USES"] }, project.context())).toContain(
      'Unknown edge type "USES"',
    );
    expect(await toolFailure(findPathTool, { source: "../../x.ts", target: "login" }, project.context())).toContain("outside the project");
    expect(await toolFailure(findPathTool, { source: "login", target: "logout" }, unindexed(project.context()))).toContain("run index_project");
  });
});
