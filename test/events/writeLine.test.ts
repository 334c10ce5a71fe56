import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startNode } from "../child.js";
import { CHILDREN } from "./support.js";

// The children of these tests print from synchronous loops (children/writeLine.mjs).
describe("a child printing lines from a synchronous loop", () => {
  it("waits for a parent that reads late instead of dying with EAGAIN, and loses no line", async () => {
    const child = startNode(join(CHILDREN, "printMany.mjs"), [], { paused: true });
    await child.waitFor("filled its stdout", (o) => o.stderr.includes("stdout full"));
    child.resume();
    const { code, stderr, lines } = await child.exit();
    expect(stderr).toBe("stdout full\n");
    expect(code).toBe(0);
    expect(lines.length).toBeGreaterThan(100);
    expect(lines).toEqual(lines.map((_, i) => String(i)));
  });
});
