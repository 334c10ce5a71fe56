import { readFileSync } from "node:fs";
import Parser from "tree-sitter";
import JavaScript from "tree-sitter-javascript";
import Python from "tree-sitter-python";
import TS from "tree-sitter-typescript";
import { describe, expect, it } from "vitest";
import { chunkFile, type ChunkableNode } from "../../../src/parse/chunk/index.js";
import { syntaxChunkNode } from "../../../src/parse/chunk/syntaxChunkNode.js";
import { collectNodes, fastCollectionActive } from "../../../src/parse/collectNodes.js";

const parse = (language: unknown, text: string) => {
  const p = new Parser();
  p.setLanguage(language as Parser.Language);
  return p.parse(text, undefined, { bufferSize: text.length * 2 + 1024 });
};

/** Start, end and children of every node, as the chunker would read them. */
const shape = (n: ChunkableNode, depth = 0): unknown =>
  depth > 40 ? null : [n.startIndex, n.endIndex, n.children.map((c) => shape(c, depth + 1))];

const sources: Array<[string, unknown, string]> = [
  ["python", Python, "class A(B):\n    '''doc é😀'''\n    def m(self, x: int = 1) -> str:\n        return f'{x}' + g(x) and h()\n\nx = [1, 2, (3, {4: 5})]\n"],
  ["typescript", TS.typescript, readFileSync(new URL("../../../src/parse/chunk/splitNodes.ts", import.meta.url), "utf8")],
  ["javascript", JavaScript, "const 😀 = 1; function f(a) { return g(a) && h(`é${a}`) }\nclass C { m() { f() } }\n"],
];

describe("syntaxChunkNode", () => {
  it("reads the same starts, ends and children as the public API", () => {
    for (const [, language, text] of sources) {
      const tree = parse(language, text);
      // The fast path is switched on by the first collection.
      collectNodes(tree, tree.rootNode, ["identifier"]);
      expect(shape(syntaxChunkNode(tree.rootNode))).toEqual(shape(tree.rootNode));
    }
    expect(fastCollectionActive()).toBe(true);
  });

  it("gives the same chunks as the public API node", () => {
    for (const [lang, language, text] of sources) {
      const tree = parse(language, text);
      const caps = { maxNonWhitespace: 40, maxTokens: 30, minNonWhitespace: 8 };
      const viaPublic = chunkFile({ root: tree.rootNode, text, language: lang, symbols: [], caps });
      const viaFast = chunkFile({ root: syntaxChunkNode(tree.rootNode), text, language: lang, symbols: [], caps });
      expect(viaFast.length).toBeGreaterThan(1);
      expect(viaFast).toEqual(viaPublic);
    }
  });
});
