import type { FileParsed } from "../../src/events/types/parse.js";
import { parseSource } from "../../src/parse/index.js";

/** Parses one in-memory file and fails the test with the reason if parsing failed. */
export const parsed = (path: string, text: string): FileParsed => {
  const outcome = parseSource({ path, text, contentHash: "test" });
  if (!outcome.ok) throw new Error(`parse failed: ${outcome.reason}`);
  return outcome.result;
};

export const symbol = (file: FileParsed, id: string) => {
  const found = file.symbols.find((s) => s.id === id);
  if (found === undefined) throw new Error(`no symbol ${id}; have ${file.symbols.map((s) => s.id).join(", ")}`);
  return found;
};

export const refs = (file: FileParsed, kind?: string) =>
  file.references.filter((r) => kind === undefined || r.kind === kind).map((r) => `${r.from ?? "-"} ${r.kind} ${r.qualifier !== null ? `${r.qualifier}.` : ""}${r.name}`);
