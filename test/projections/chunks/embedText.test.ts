import { describe, expect, it } from "vitest";
import type { ChunkRow } from "../../../src/projections/chunks/ChunkRow.js";
import { embedText } from "../../../src/projections/chunks/embedText.js";

const row = (text: string): ChunkRow => ({ id: "x", path: "httpx/_client.py", symbol: "Client.send", kind: "Method", language: "python", startLine: 10, endLine: 12, text });

describe("embedText", () => {
  it("embeds a chunk from its first visible character: the first line's indentation does not change the vector", () => {
    const body = "async def send(self, request):\n        return await self._send(request)";
    expect(embedText(row(`    ${body}`))).toBe(embedText(row(body)));
    expect(embedText(row(`\t${body}`))).toBe(`httpx/_client.py Client.send\n${body}`);
  });
});
