import { join } from "node:path";
import { appendToStreams, openEventLog, type LogHandle } from "../../../src/events/index.js";
import type { Chunk, FileParsed } from "../../../src/events/types/parse.js";
import type { Embedder } from "../../../src/projections/embed/Embedder.js";
import { createHashEmbedder } from "../../../src/projections/embed/localDefaultEmbedder.js";

/**
 * FileParsed payloads for tests without the parser: each blank-line-separated block of the
 * text is one chunk, owned by the first `class`/`function`/`def` name it declares.
 */
export const parsedFile = (path: string, text: string, language = "typescript"): FileParsed => {
  const lines = text.split("\n");
  const chunks: Chunk[] = [];
  let start = -1;
  const flush = (end: number) => {
    if (start < 0) return;
    const body = lines.slice(start, end).join("\n");
    const m = /(?:class|function|def|func)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(body);
    const kind = m ? (/class/.test(m[0]) ? "Class" : "Function") : "Module";
    chunks.push({ symbol: m ? m[1]! : null, kind, startLine: start + 1, endLine: end, text: body, tokens: Math.ceil(body.length / 4) });
    start = -1;
  };
  lines.forEach((l, i) => {
    if (l.trim() === "") flush(i);
    else if (start < 0) start = i;
  });
  flush(lines.length);
  return {
    path,
    contentHash: `h${text.length}`,
    language,
    parserVersion: "test",
    packageName: null,
    lineCount: lines.length,
    hasErrors: false,
    symbols: [],
    references: [],
    imports: [],
    chunks,
    manifest: null,
  };
};

export const openLog = (dir: string): LogHandle => openEventLog(join(dir, "events.db"));

export const appendParsed = (log: LogHandle, files: ReadonlyArray<FileParsed>): void => {
  const r = appendToStreams(
    log,
    files.map((f) => ({ stream: `file:${f.path}`, expectedVersion: "any" as const, events: [{ type: "FileParsed", data: f, meta: { source: "test" as const } }] })),
  );
  if (!("appended" in r)) throw r;
};

export const appendDeleted = (log: LogHandle, path: string): void => {
  const r = appendToStreams(log, [
    { stream: `file:${path}`, expectedVersion: "any", events: [{ type: "FileDeleted", data: { path }, meta: { source: "test" } }] },
  ]);
  if (!("appended" in r)) throw r;
};

/** The embedded default, counting how many texts reach it (a stand-in for provider calls). */
export const countingEmbedder = (inner: Embedder = createHashEmbedder()) => {
  const counter = { documents: 0, calls: 0, failing: false };
  const embedder: Embedder = {
    id: inner.id,
    dimensions: inner.dimensions,
    embedDocuments: async (texts) => {
      counter.calls++;
      if (counter.failing) throw new Error("provider down");
      counter.documents += texts.length;
      return inner.embedDocuments(texts);
    },
    embedQuery: (text) => inner.embedQuery(text),
  };
  return { embedder, counter };
};

export const SAMPLE = {
  "src/auth/userService.ts": `import { hash } from "./hashing";

export class UserService {
  login(name: string, password: string) {
    return checkPassword(name, hash(password));
  }
}

function checkPassword(name: string, digest: string) {
  return name.length > 0 && digest.length > 0;
}`,
  "src/auth/hashing.ts": `export function hash(text: string): string {
  return sha256Digest(text);
}

function sha256Digest(text: string) {
  return text.split("").reverse().join("");
}`,
  "src/http/router.ts": `export class Router {
  route(path: string, handler: () => void) {
    this.routes.set(path, handler);
  }
}

export function matchRoute(url: string) {
  return url.startsWith("/");
}`,
  "lib/invoice_total.py": `def compute_invoice_total(items):
    return sum(item.price for item in items)

class InvoicePrinter:
    def render(self, invoice):
        return str(invoice)`,
};

export const sampleEvents = (): FileParsed[] =>
  Object.entries(SAMPLE).map(([path, text]) => parsedFile(path, text, path.endsWith(".py") ? "python" : "typescript"));
