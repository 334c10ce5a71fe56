import type { FileParsed } from "../../src/events/types/parse.js";
import type { ParseResult } from "../../src/parse/index.js";

/**
 * Golden snapshot format: JSON, one symbol/reference/import per line, fields at their default
 * (null, false, [], 1 for complexity) left out so a reviewer sees what each entry says.
 */
const compact = (value: Record<string, unknown>, defaults: Record<string, unknown>): string => {
  const kept: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const d = defaults[key];
    if (d !== undefined && JSON.stringify(d) === JSON.stringify(v)) continue;
    kept[key] = v;
  }
  return JSON.stringify(kept);
};

const SYMBOL_DEFAULTS = {
  parent: null,
  doc: null,
  exported: false,
  visibility: null,
  async: false,
  params: [],
  returns: [],
  complexity: 1,
  members: [],
  signature: "",
};

const list = (items: string[]): string => (items.length === 0 ? "[]" : `[\n      ${items.join(",\n      ")}\n    ]`);

export const renderFile = (path: string, outcome: ParseResult): string => {
  if (!outcome.ok) return `  ${JSON.stringify(path)}: { "failure": ${JSON.stringify(outcome.reason)} }`;
  const r: FileParsed = outcome.result;
  const head = { language: r.language, lineCount: r.lineCount, hasErrors: r.hasErrors, packageName: r.packageName };
  const lines = [
    `    "file": ${JSON.stringify(head)}`,
    ...(r.manifest !== null ? [`    "manifest": ${JSON.stringify(r.manifest)}`] : []),
    ...(r.exportsWhole !== undefined ? [`    "exportsWhole": ${JSON.stringify(r.exportsWhole)}`] : []),
    `    "symbols": ${list(r.symbols.map((s) => compact(s as unknown as Record<string, unknown>, SYMBOL_DEFAULTS)))}`,
    `    "references": ${list(r.references.map((s) => compact(s as unknown as Record<string, unknown>, { qualifier: null, from: null })))}`,
    `    "imports": ${list(r.imports.map((s) => compact(s as unknown as Record<string, unknown>, { typeOnly: false })))}`,
  ];
  return `  ${JSON.stringify(path)}: {\n${lines.join(",\n")}\n  }`;
};

export const renderCase = (files: { path: string; outcome: ParseResult }[]): string =>
  `{\n${files.map((f) => renderFile(f.path, f.outcome)).join(",\n")}\n}\n`;
