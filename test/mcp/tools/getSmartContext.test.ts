import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSmartContextTool } from "../../../src/mcp/tools/getSmartContext.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool } from "./callTool.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
}, 60_000);
afterAll(() => project?.close());

const call = (args: unknown) => callTool(getSmartContextTool, args, project.context());

describe("get_smart_context", () => {
  it("smoke", async () => {
    const { output, text } = await call({ task: "trim the text in format" });
    console.log(text);
    console.log(JSON.stringify(output.code_context.map((c) => `${c.file}:${c.start_line} ${c.symbol} ${c.why}`), null, 1));
  });
});
