import { createRequire } from "node:module";
import type Parser from "tree-sitter";
import type { SourceLanguage } from "../shared/index.js";

export { detectLanguage, isSourceLanguage, manifestKind, type LanguageId, type ManifestKind, type SourceLanguage } from "../shared/index.js";

const require = createRequire(import.meta.url);

type Grammar = Parser.Language;

const grammarCache = new Map<SourceLanguage, Grammar>();

/** The tree-sitter grammar for a language, loaded once per thread. */
export const grammarFor = (language: SourceLanguage): Grammar => {
  const cached = grammarCache.get(language);
  if (cached !== undefined) return cached;
  let grammar: Grammar;
  switch (language) {
    case "typescript":
      grammar = (require("tree-sitter-typescript") as { typescript: Grammar }).typescript;
      break;
    case "tsx":
      grammar = (require("tree-sitter-typescript") as { tsx: Grammar }).tsx;
      break;
    case "javascript":
      grammar = require("tree-sitter-javascript") as Grammar;
      break;
    case "python":
      grammar = require("tree-sitter-python") as Grammar;
      break;
    case "go":
      grammar = require("tree-sitter-go") as Grammar;
      break;
    case "rust":
      grammar = require("tree-sitter-rust") as Grammar;
      break;
    case "java":
      grammar = require("tree-sitter-java") as Grammar;
      break;
    case "c":
      grammar = require("tree-sitter-c") as Grammar;
      break;
    case "cpp":
      grammar = require("tree-sitter-cpp") as Grammar;
      break;
    case "csharp":
      grammar = require("tree-sitter-c-sharp") as Grammar;
      break;
    case "ruby":
      grammar = require("tree-sitter-ruby") as Grammar;
      break;
    case "php":
      grammar = (require("tree-sitter-php") as { php: Grammar }).php;
      break;
    case "kotlin":
      grammar = require("tree-sitter-kotlin") as Grammar;
      break;
  }
  grammarCache.set(language, grammar);
  return grammar;
};
