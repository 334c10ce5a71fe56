import Parser from "tree-sitter";
import TS from "tree-sitter-typescript";
import Python from "tree-sitter-python";
import { describe, expect, it } from "vitest";
import type { Chunk, ExtractedSymbol } from "../../../src/events/types/parse.js";
import {
  chunkFile,
  countTokens,
  MAX_CHUNK_NON_WHITESPACE,
  MAX_CHUNK_TOKENS,
} from "../../../src/parse/chunk/index.js";

const parse = (language: unknown, text: string) => {
  const p = new Parser();
  p.setLanguage(language as Parser.Language);
  return p.parse(text, undefined, { bufferSize: text.length * 2 + 1024 }).rootNode;
};

const sym = (id: string, kind: ExtractedSymbol["kind"], startLine: number, endLine: number, parent: string | null = null): ExtractedSymbol => ({
  id,
  kind,
  name: id.split(".").pop()!,
  qualifiedName: id,
  parent,
  signature: id,
  doc: null,
  startLine,
  startCol: 0,
  endLine,
  endCol: 0,
  exported: false,
  visibility: null,
  async: false,
  params: [],
  returns: [],
  complexity: 1,
  members: [],
});

const nonWs = (s: string) => s.replace(/\s/g, "").length;

/** Every chunk is an exact slice of the file at its lines, within the caps, in order, and together they keep all non-whitespace text. */
const expectWellFormed = (text: string, chunks: Chunk[]) => {
  const lines = text.split("\n");
  let cursor = 0;
  let covered = 0;
  for (const c of chunks) {
    expect(nonWs(c.text)).toBeLessThanOrEqual(MAX_CHUNK_NON_WHITESPACE);
    expect(c.tokens).toBeLessThanOrEqual(MAX_CHUNK_TOKENS);
    expect(c.startLine).toBeGreaterThanOrEqual(1);
    expect(c.endLine).toBeGreaterThanOrEqual(c.startLine);
    const at = text.indexOf(c.text, cursor);
    expect(at).toBeGreaterThanOrEqual(cursor);
    expect(text.slice(0, at).split("\n").length).toBe(c.startLine);
    expect(lines.slice(c.startLine - 1, c.endLine).join("\n")).toContain(c.text.trim());
    // A chunk's first line is whole (indentation included) unless the chunk before ends on it.
    const lineStart = text.lastIndexOf("\n", at - 1) + 1;
    if (at !== lineStart) expect(cursor).toBeGreaterThan(lineStart);
    cursor = at + c.text.length;
    covered += nonWs(c.text);
  }
  expect(covered).toBe(nonWs(text));
};

const method = (name: string, statements: number) =>
  `  ${name}(input: string): number {\n` +
  Array.from({ length: statements }, (_, i) => `    const value${i} = computeSomething(input, ${i}) + otherHelper(value${i > 0 ? i - 1 : 0});\n`).join("") +
  `    return 0;\n  }\n`;

describe("chunkFile", () => {
  it("keeps a small file as one chunk owned by nobody", () => {
    const text = `import { a } from "./a.js";\n\nexport const b = a + 1;\n`;
    const chunks = chunkFile({ root: parse(TS.typescript, text), text, language: "typescript", symbols: [] });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ symbol: null, kind: "Module", startLine: 1, endLine: 3, text: text.trimEnd() });
    expect(chunks[0]!.tokens).toBe(countTokens(chunks[0]!.text));
  });

  it("splits an oversized class at method boundaries and names each method's chunk after it", () => {
    const methods = [method("small", 2), method("big", 60), method("tail", 3)];
    const text = `export class UserService extends Base {\n${methods.join("\n")}}\n`;
    const starts: number[] = [];
    let line = 2;
    for (const m of methods) {
      starts.push(line);
      line += m.split("\n").length;
    }
    const symbols = [
      sym("UserService", "Class", 1, line),
      sym("UserService.small", "Method", starts[0]!, starts[0]! + 2 + 2, "UserService"),
      sym("UserService.big", "Method", starts[1]!, starts[1]! + 60 + 2, "UserService"),
      sym("UserService.tail", "Method", starts[2]!, starts[2]! + 3 + 2, "UserService"),
    ];
    const chunks = chunkFile({ root: parse(TS.typescript, text), text, language: "typescript", symbols });
    expectWellFormed(text, chunks);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    // The class header travels with the first method instead of standing alone.
    expect(chunks[0]!.text.startsWith("export class UserService extends Base {\n  small(")).toBe(true);
    // A chunk inside the big method belongs to it, and the method is cut between statements.
    const big = chunks.filter((c) => c.startLine > starts[1]! && c.endLine < starts[2]! - 1);
    expect(big.length).toBeGreaterThanOrEqual(1);
    expect(big.every((c) => c.symbol === "UserService.big" && c.kind === "Method")).toBe(true);
    // A method's signature opens its body's first chunk.
    expect(chunks.some((c) => c.text.startsWith("  big(input: string): number {\n    const value0"))).toBe(true);
    for (const c of chunks.slice(1)) expect(c.text).toMatch(/^ *(big\(|tail\(|const value|return|})/);
    expect(chunks.every((c) => c.symbol?.startsWith("UserService"))).toBe(true);
  });

  it("keeps the indentation of a chunk's first line, and sizes the chunk from its first visible character", () => {
    const body = Array.from({ length: 40 }, (_, i) => `        value_${i} = await self._send_helper(request, ${i}, extra_argument_${i})`).join("\n");
    const close = Array.from({ length: 6 }, (_, i) => `        self._transport_${i}.close_connection(reason="client closed")`).join("\n");
    const text = `class Client:\n    def close(self):\n${close}\n\n    async def send(self, request):\n${body}\n        return value_0\n`;
    const symbols = [sym("Client", "Class", 1, 51), sym("Client.close", "Method", 2, 8, "Client"), sym("Client.send", "Method", 10, 51, "Client")];
    const chunks = chunkFile({ root: parse(Python, text), text, language: "python", symbols });
    expectWellFormed(text, chunks);
    const send = chunks.find((c) => c.text.includes("def send"))!;
    expect(send.startLine).toBe(10);
    expect(send.text.startsWith("    async def send(self, request):\n        value_0")).toBe(true);
    expect(send.tokens).toBe(Math.ceil(countTokens(send.text.trimStart())));
    expect(chunks.filter((c) => c.startLine > 10).every((c) => c.text.startsWith("        "))).toBe(true);
  });

  it("packs small neighbouring functions together up to the cap", () => {
    const fns = Array.from({ length: 60 }, (_, i) => `def helper_${i}(x):\n    return x * ${i} + offset_${i}\n`);
    const text = fns.join("\n");
    const symbols = fns.map((_, i) => sym(`helper_${i}`, "Function", 1 + i * 3, 2 + i * 3));
    const chunks = chunkFile({ root: parse(Python, text), text, language: "python", symbols });
    expectWellFormed(text, chunks);
    expect(chunks.length).toBeLessThan(8);
    expect(chunks.every((c) => c.symbol === null && c.kind === "Module")).toBe(true);
  });

  it("names a chunk after the function most of it holds, not after the constant packed with it", () => {
    const body = Array.from({ length: 8 }, (_, i) => `  total += item${i};`).join("\n");
    const text = `function storedPositions() {\n${body}\n}\n\n// columns per row\nconst ROW_PARAMS = 7;\n`;
    const symbols = [sym("storedPositions", "Function", 1, 10), sym("ROW_PARAMS", "Variable", 13, 13)];
    const chunks = chunkFile({ root: parse(TS.typescript, text), text, language: "typescript", symbols });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ symbol: "storedPositions", kind: "Function", startLine: 1, endLine: 13 });
  });

  it("survives 100k nested brackets without deep recursion", () => {
    const text = `const x = ${"[".repeat(100_000)}${"]".repeat(100_000)};\n`;
    const chunks = chunkFile({ root: parse(TS.typescript, text), text, language: "typescript", symbols: [] });
    expectWellFormed(text, chunks);
  });

  it("cuts a minified line and a huge string literal within the caps", () => {
    const minified = Array.from({ length: 3000 }, (_, i) => `a${i}=b(${i});`).join("");
    const literal = `const s = "${"héllo wörld ".repeat(500)}";`;
    const text = `${minified}\n${literal}\n`;
    const chunks = chunkFile({ root: parse(TS.typescript, text), text, language: "typescript", symbols: [] });
    expectWellFormed(text, chunks);
    expect(chunks.length).toBeGreaterThan(15);
  });

  it("chunks by lines when there is no syntax tree", () => {
    const text = Array.from({ length: 400 }, (_, i) => `line ${i} of some plain text that has no parser`).join("\n");
    const chunks = chunkFile({ text, language: "text", symbols: [] });
    expectWellFormed(text, chunks);
    expect(chunks.every((c) => c.text.endsWith("parser") || c.text.endsWith("\n"))).toBe(true);
  });

  it("gives a function its chunk when it covers most of it, leading comment included", () => {
    const body = Array.from({ length: 8 }, (_, i) => `  total += item${i};`).join("\n");
    const text = `// adds things\n// more words\nfunction add() {\n${body}\n}\n`;
    const chunks = chunkFile({ root: parse(TS.typescript, text), text, language: "typescript", symbols: [sym("add", "Function", 3, 12)] });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ symbol: "add", kind: "Function", startLine: 1, endLine: 12 });
  });
});
