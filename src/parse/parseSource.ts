import type { SyntaxNode } from "tree-sitter";
import type { Chunk, ExtractedSymbol, FileParsed, TypedName } from "../events/index.js";
import { chunkFile } from "./chunk/index.js";
import { blankExportMacros } from "./extract/cfamily/exportMacros.js";
import { syntaxChunkNode } from "./chunk/syntaxChunkNode.js";
import { Extraction, oneLine, type SymbolDraft } from "./extract/Extraction.js";
import { extractorFor } from "./extract/extractorFor.js";
import { runExtractor } from "./extract/runExtractor.js";
import { detectLanguage, isSourceLanguage, manifestKind } from "./languages.js";
import { LineIndex } from "./LineIndex.js";
import { readManifest } from "./readManifest.js";
import { runParser } from "./runParser.js";
import { PARSER_VERSION } from "./version.js";

export interface ParseInput {
  readonly path: string;
  readonly text: string;
  readonly contentHash: string;
  /** Wall-clock budget for parsing and extraction together. */
  readonly budgetMs?: number;
}

export type ParseResult = { readonly ok: true; readonly result: FileParsed } | { readonly ok: false; readonly reason: string };

export const DEFAULT_BUDGET_MS = 5_000;

/** The bindings of `s` with one known type, as the event carries them (absent when none). */
const typedOf = (s: SymbolDraft): { typed?: TypedName[] } => {
  if (s.types === null) return {};
  const typed: TypedName[] = [];
  for (const [name, { type }] of s.types) if (type !== null) typed.push({ name, type });
  return typed.length > 0 ? { typed } : {};
};

/**
 * The declared return type as written, without its `:` / `->`; else a JSDoc `@returns {T}`;
 * else what the returns agree on (absent when none of these).
 */
const returnTypeOf = (s: SymbolDraft, text: string): Pick<ExtractedSymbol, "returnType" | "returnValue"> => {
  if (s.returnsFrom < 0 && s.docReturnType !== null) return { returnType: s.docReturnType };
  if (s.returnsFrom < 0) return s.returned !== null && s.returned !== undefined ? { returnValue: s.returned } : {};
  const written = text.slice(s.returnsFrom, Math.min(s.returnsTo, s.returnsFrom + 400)).replace(/^\s*(?:->|:)\s*/, "");
  return written.length > 0 ? { returnType: oneLine(written, 200) } : {};
};

const finishSymbol = (s: SymbolDraft, text: string): ExtractedSymbol => ({
  id: s.id,
  kind: s.kind,
  name: s.name,
  qualifiedName: s.qualifiedName,
  parent: s.parent,
  signature: s.signature,
  doc: s.doc,
  startLine: s.startLine,
  startCol: s.startCol,
  endLine: s.endLine,
  endCol: s.endCol,
  exported: s.exported,
  visibility: s.visibility,
  async: s.async,
  params: s.params,
  returns: s.returns,
  complexity: s.complexity,
  members: s.members,
  ...(s.locals.length > 0 ? { locals: s.locals } : {}),
  ...(s.typeParams !== null && s.typeParams.size > 0 ? { typeParams: [...s.typeParams] } : {}),
  ...typedOf(s),
  ...returnTypeOf(s, text),
});

/** Past this bracket nesting a file is machine-made or hostile; its chunks are cut by lines. */
const MAX_CHUNKABLE_NESTING = 256;

/**
 * AST-aware chunks. Deeply nested trees are chunked by lines: walking them costs seconds. If the
 * tree walk fails on a strange tree, chunks by lines too.
 */
const chunkSource = (root: SyntaxNode, text: string, language: string, symbols: ExtractedSymbol[]): Chunk[] => {
  try {
    return chunkFile({ root: syntaxChunkNode(root), text, language, symbols, maxNesting: MAX_CHUNKABLE_NESTING });
  } catch {
    return chunkFile({ text, language, symbols });
  }
};

/** The fields every parse result starts with: which file, which content, which parser. */
const identity = (input: ParseInput, language: string): Pick<FileParsed, "path" | "contentHash" | "language" | "parserVersion"> => ({
  path: input.path,
  contentHash: input.contentHash,
  language,
  parserVersion: PARSER_VERSION,
});

/**
 * One file's text to its `FileParsed` payload: symbols, references, imports (and the manifest
 * fields for build files). Pure and synchronous; failures come back as a reason, never thrown.
 */
export const parseSource = (input: ParseInput): ParseResult => {
  const { path, text } = input;
  const budgetMs = input.budgetMs ?? DEFAULT_BUDGET_MS;
  const deadline = performance.now() + budgetMs;
  const language = detectLanguage(path);
  if (language === null) return { ok: false, reason: `no parser for ${path}: unknown file type` };
  try {
    if (language === "manifest") {
      const kind = manifestKind(path)!;
      const manifest = readManifest(kind, path, text);
      if (!manifest.ok) return manifest;
      return {
        ok: true,
        result: {
          ...identity(input, language),
          packageName: null,
          lineCount: new LineIndex(text).lineCount,
          hasErrors: false,
          symbols: [],
          references: [],
          imports: [],
          chunks: [],
          manifest: manifest.manifest,
        },
      };
    }
    if (!isSourceLanguage(language)) return { ok: false, reason: `no parser for language ${language}` };
    const parsed = runParser(language, language === "c" || language === "cpp" ? blankExportMacros(text) : text, deadline, budgetMs);
    if (!parsed.ok) return parsed;
    const root = parsed.tree.rootNode;
    const x = new Extraction(text, path);
    const extracted = runExtractor(parsed.tree, root, extractorFor(language, path), x, deadline, budgetMs);
    if (!extracted.ok) return extracted;
    for (const s of x.symbols) x.settleReturns(s);
    const symbols = x.symbols.map((s) => finishSymbol(s, text));
    if (performance.now() > deadline) return { ok: false, reason: `parse timed out after ${budgetMs} ms` };
    const chunks = chunkSource(root, text, language, symbols);
    if (performance.now() > deadline) return { ok: false, reason: `parse timed out after ${budgetMs} ms` };
    return {
      ok: true,
      result: {
        ...identity(input, language),
        packageName: x.packageName,
        lineCount: x.lines.lineCount,
        hasErrors: root.hasError,
        symbols,
        references: x.references,
        imports: x.imports,
        chunks,
        manifest: null,
        ...(x.defaultExport !== null ? { defaultExport: x.defaultExport } : {}),
        ...(x.exportAliases.length > 0 ? { exportAliases: x.exportAliases } : {}),
        ...(x.exportsWhole !== null ? { exportsWhole: x.exportsWhole } : {}),
      },
    };
  } catch (error) {
    // A bug in an extractor must cost one file, not the whole index run.
    return { ok: false, reason: `extraction failed for ${path}: ${error instanceof Error ? error.message : String(error)}` };
  }
};
