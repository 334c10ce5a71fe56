import { parentPort } from "node:worker_threads";
import Parser from "tree-sitter";
import { detectLanguage, grammarFor, isSourceLanguage, type SourceLanguage } from "../src/parse/languages.js";

/**
 * Bench-only worker: tree-sitter parsing and nothing else (no extraction, no chunks, no events),
 * the "parse-only" ceiling the cold index is compared with. Answers each text with its size.
 */
const port = parentPort;
if (port === null) throw new Error("treeSitterWorker.js must run as a worker thread");
const parsers = new Map<SourceLanguage, Parser>();
const READ_CHUNK = 64 * 1024;

port.on("message", ({ id, path, text }: { id: number; path: string; text: string }) => {
  const language = detectLanguage(path);
  if (language !== null && isSourceLanguage(language)) {
    let parser = parsers.get(language);
    if (parser === undefined) {
      parser = new Parser();
      parser.setLanguage(grammarFor(language));
      parsers.set(language, parser);
    }
    // Fed in slices like the indexer does (the binding copies string input the same way).
    parser.parse((index: number) => text.slice(index, index + READ_CHUNK), null, { bufferSize: READ_CHUNK + 1 } as Parser.Options);
  }
  port.postMessage({ id });
});
