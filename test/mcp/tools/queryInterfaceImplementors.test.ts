import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryInterfaceImplementorsTool } from "../../../src/mcp/tools/queryInterfaceImplementors.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool, toolFailure } from "./callTool.js";

let repo: IndexedProject;
let go: IndexedProject;
beforeAll(async () => {
  repo = await indexedFixture("graph/repo");
  go = await indexedFixture("resolve/go-basic");
}, 120_000);
afterAll(async () => {
  await repo?.close();
  await go?.close();
});

describe("query_interface_implementors", () => {
  it("TS: the declared implementor and its subclass", async () => {
    const { output, text } = await callTool(queryInterfaceImplementorsTool, { name_pattern: "Ident*" }, repo.context());
    expect(text).toBe(
      [
        "Identity [Interface] src/models/user.ts:2: interface Identity — A person who can log in.",
        "  methods: id",
        "  User [Class] src/models/user.ts:6 declared",
        "  Admin [Class] src/models/admin.ts:3 inherited from User",
      ].join("\n"),
    );
    expect(output.interfaces[0]!.implementors.map((i) => i.how)).toEqual(["declared", "inherited"]);
  });

  it("Go: an implementation declared by `var _ Store = (*Memory)(nil)`, and an interface nobody implements", async () => {
    const { text } = await callTool(queryInterfaceImplementorsTool, { name_pattern: "S?*" }, go.context());
    expect(text).toBe(
      [
        "Store [Interface] store/store.go:4: type Store interface — Store keeps values by key.",
        "  methods: Get, Put",
        // The assertion is in memory_test.go: the edge is Memory's, marked declared.
        "  Memory [Class] store/memory.go:3 declared",
        "Sized [Interface] store/store.go:10: type Sized interface — Sized reports a size.",
        "  methods: Len",
        "  no implementors in the graph",
      ].join("\n"),
    );
  });

  it("no match lists the closest interfaces", async () => {
    expect(await toolFailure(queryInterfaceImplementorsTool, { name_pattern: "Stor" }, go.context())).toBe(
      'no interface matches "Stor" (globs: * ? [abc]). Closest interfaces:\n  Store [Interface] store/store.go:4\n  Sized [Interface] store/store.go:10',
    );
  });
});
