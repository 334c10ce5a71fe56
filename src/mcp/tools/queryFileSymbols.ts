import { requireGraph } from "./graphArguments.js";
import { statSync } from "node:fs";
import { join } from "node:path";
import * as Schema from "effect/Schema";
import { fileSymbols, nodeIndex, resolveSymbol } from "../../queries/index.js";
import { projectPath } from "../projectPath.js";
import { unseenAdvice } from "../../engine/index.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";

import { Resolution, resolutionNote, toResolution } from "./graphText.js";

/** Most symbols listed; a generated file can declare thousands. */
const MAX_SYMBOLS = 500;

const Input = Schema.Struct({
  file_path: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(1000)).annotations({
    description: "File path relative to the project root (a unique tail like parser.go also works)",
  }),
});

const FileSymbol = Schema.Struct({
  kind: Schema.String,
  name: Schema.String,
  qualified_name: Schema.String,
  signature: Schema.NullOr(Schema.String),
  doc: Schema.NullOr(Schema.String),
  line: Schema.Number,
  end_line: Schema.Number,
  exported: Schema.Boolean,
});

const Output = Schema.Struct({
  resolution: Resolution,
  file: Schema.String,
  language: Schema.NullOr(Schema.String),
  lines: Schema.Number,
  symbols: Schema.Array(FileSymbol),
  total: Schema.Number,
});
type Output = typeof Output.Type;

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

export const queryFileSymbolsTool = defineTool({
  name: "query_file_symbols",
  title: "Symbols declared in a file",
  description:
    "A file's outline without reading it: the symbols it declares, grouped by kind, with line ranges, signatures and " +
    "whether exported. A symbol's relations: get_dependencies. " +
    'Example: {"file_path": "src/services/auth.ts"}',
  toolset: "core",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx): Promise<Output> => {
    const path = projectPath(ctx.root, input.file_path);
    const graph = await requireGraph(ctx);
    if (path === "") {
      const top = (await nodeIndex(graph)).files.filter((f) => !(f.path ?? "").includes("/")).slice(0, 10);
      throw toolError(`"${input.file_path}" is the project root. Pass one of its files, e.g.:\n${top.map((f) => `  ${f.path}`).join("\n")}`);
    }
    const found = await resolveSymbol(graph, path, { asPath: true });
    if (found._tag === "Unresolved") {
      const list = found.closest.map((n) => `  ${n.path}`).join("\n");
      if (found.reason === "directory") {
        throw toolError(`"${input.file_path}" is a directory. Pass one of its files, e.g.:\n${list}`);
      }
      if (isFile(join(ctx.root, path))) {
        throw toolError(
          `${path} is not in the index: ${unseenAdvice(await ctx.indexState(), "it is new since the last index, ignored, or in a language Nemesis does not parse. Run index_project, then ask again.")}`,
        );
      }
      throw toolError(`No indexed file at ${path}.${list === "" ? "" : ` Closest indexed files:\n${list}`}`);
    }
    const symbols = await fileSymbols(graph, found.node.path ?? path);
    if (symbols === null) throw toolError(`${found.node.path} left the index while it was being read: ask again.`);
    return {
      resolution: toResolution(found),
      file: symbols.path,
      language: symbols.language,
      lines: symbols.lines,
      symbols: symbols.symbols.slice(0, MAX_SYMBOLS).map((s) => ({
        kind: s.kind,
        name: s.name,
        qualified_name: s.qualifiedName,
        signature: s.signature,
        doc: s.doc,
        line: s.startLine,
        end_line: s.endLine,
        exported: s.exported,
      })),
      total: symbols.symbols.length,
    };
  },
  render: (out) => {
    const about = `${out.language ?? "unknown language"}, ${out.lines} line${out.lines === 1 ? "" : "s"}`;
    const note = resolutionNote(out.resolution, { id: `f:${out.file}`, kind: "File", name: out.file, qualified_name: out.file, file: out.file, line: 1, end_line: out.lines });
    if (out.total === 0) {
      return [...note, `No symbols found in ${out.file} (${about}): it is indexed but declares none.`].join("\n");
    }
    const lines = [...note, `Symbols in ${out.file} (${about})`];
    const kinds = [...new Set(out.symbols.map((s) => s.kind))];
    for (const kind of kinds) {
      lines.push("", kind);
      for (const s of out.symbols.filter((x) => x.kind === kind)) {
        const range = s.end_line > s.line ? `${s.line}-${s.end_line}` : `${s.line}`;
        const signature = s.signature === null ? "" : `  ${s.signature.replace(/\s+/g, " ").trim()}`;
        lines.push(`  ${s.qualified_name}${signature}  line ${range}${s.exported ? "  exported" : ""}${s.doc === null ? "" : `  — ${s.doc}`}`);
      }
    }
    lines.push("", out.total > out.symbols.length ? `${out.symbols.length} of ${out.total} symbols (capped)` : `${out.total} symbols`);
    return lines.join("\n");
  },
});

