import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { ALL_TOOLS, callTool } from "../../src/mcp/registry.js";
import type { ToolContext } from "../../src/mcp/ToolContext.js";

const sqliteError = (message: string, code: string): Error => new Database.SqliteError(message, code);

describe("a full disk through the MCP tools", () => {
  /** The engine's index, failing as the log does when the disk fills under an append. */
  const fullDiskContext = { root: "/work/project", index: () => Promise.reject(sqliteError("database or disk is full", "SQLITE_FULL")) } as unknown as ToolContext;

  it("index_project answers with the message and the next step, not as a bug", async () => {
    const bugs: unknown[] = [];
    const answer = await callTool(ALL_TOOLS, "index_project", {}, fullDiskContext, (e) => bugs.push(e));
    expect(answer.isError).toBe(true);
    const text = answer.content[0]!.text;
    expect(text).toMatch(/^the disk is full: no room to write in \/work\/project\/\.nemesis/);
    expect(text).toContain("then call index_project again");
    expect(text).not.toContain("bug");
    expect(bugs).toEqual([]);
  });
});
