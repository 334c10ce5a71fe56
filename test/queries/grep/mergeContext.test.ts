import { describe, expect, it } from "vitest";
import type { LineMatch } from "../../../src/queries/grep/matchLines.js";
import { mergeContext } from "../../../src/queries/grep/mergeContext.js";

/** A match on `line` of a file whose line n reads `L<n>`, with `context` lines either side (files of `length` lines). */
const at = (file: string, line: number, context: number, length = 100): LineMatch => {
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => `L${from + i}`);
  return { file, line, text: `L${line}`, before: range(Math.max(1, line - context), line - 1), after: range(line + 1, Math.min(length, line + context)) };
};

/** The lines each block shows, in order, as grep -C prints them (`:` a match, `-` context). */
const blocks = (matches: ReturnType<typeof mergeContext>): string[][] => {
  const out: string[][] = [];
  matches.forEach((m, i) => {
    if (i === 0 || m.block !== matches[i - 1]!.block) out.push([]);
    const b = out[out.length - 1]!;
    b.push(...m.before.map((l) => `-${l}`), `:${m.text}`, ...m.after.map((l) => `-${l}`));
  });
  return out;
};

describe("mergeContext", () => {
  it("keeps matches whose contexts do not touch as separate blocks, context untouched", () => {
    const merged = mergeContext([at("a.py", 10, 2), at("a.py", 20, 2)]);
    expect(merged.map((m) => m.block)).toEqual([0, 1]);
    expect(blocks(merged)).toEqual([
      ["-L8", "-L9", ":L10", "-L11", "-L12"],
      ["-L18", "-L19", ":L20", "-L21", "-L22"],
    ]);
  });

  it("merges overlapping contexts into one block that shows each line once", () => {
    const merged = mergeContext([at("a.py", 10, 3), at("a.py", 14, 3)]);
    expect(blocks(merged)).toEqual([["-L7", "-L8", "-L9", ":L10", "-L11", "-L12", "-L13", ":L14", "-L15", "-L16", "-L17"]]);
    // The lines between the two matches belong to the earlier one's `after`.
    expect(merged[0]!.after).toEqual(["L11", "L12", "L13"]);
    expect(merged[1]!.before).toEqual([]);
  });

  it("joins contexts that are adjacent without overlapping, as grep prints no separator between them", () => {
    const merged = mergeContext([at("a.py", 10, 2), at("a.py", 15, 2)]);
    expect(merged.map((m) => m.block)).toEqual([0, 0]);
    expect(blocks(merged)).toEqual([["-L8", "-L9", ":L10", "-L11", "-L12", "-L13", "-L14", ":L15", "-L16", "-L17"]]);
  });

  it("never repeats a matching line as context of its neighbours", () => {
    const merged = mergeContext([at("a.py", 5, 2), at("a.py", 6, 2), at("a.py", 7, 2)]);
    expect(blocks(merged)).toEqual([["-L3", "-L4", ":L5", ":L6", ":L7", "-L8", "-L9"]]);
  });

  it("starts a new block at another file, even where line numbers would touch", () => {
    const merged = mergeContext([at("a.py", 1, 2, 3), at("b.py", 2, 2, 3)]);
    expect(merged.map((m) => [m.file, m.block])).toEqual([["a.py", 0], ["b.py", 1]]);
    expect(merged[1]!.before).toEqual(["L1"]);
  });

  it("keeps the fields of each match and adds only the block", () => {
    const m = at("a.py", 3, 0);
    expect(mergeContext([m])).toEqual([{ ...m, block: 0 }]);
    expect(mergeContext([])).toEqual([]);
  });
});
