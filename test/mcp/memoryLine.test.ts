import { describe, expect, it } from "vitest";
import { memoryLine, parseMemoryLine } from "../../src/mcp/memoryLine.js";

describe("the memory line serve logs on SIGUSR2", () => {
  it("says RSS and heap in MB, and reads back as written", () => {
    const mb = 1024 * 1024;
    const line = memoryLine({ rss: 812.4 * mb, heapUsed: 301 * mb, heapTotal: 350.26 * mb, external: 20 * mb, arrayBuffers: 4 * mb });
    expect(line).toBe("memory: rss 812.4 MB, heap used 301.0 MB of 350.3 MB, external 20.0 MB, array buffers 4.0 MB");
    expect(parseMemoryLine(`2026-12-06T03:00:00.000Z info [42] ${line}`)).toEqual({ rss: 812.4, heapUsed: 301, heapTotal: 350.3, external: 20 });
    expect(parseMemoryLine("caught up: 0 changed")).toBeNull();
  });
});
