import type { SourceLanguage } from "../languages.js";
import { makeCExtractor } from "./cfamily/cTable.js";
import { makeCppExtractor } from "./cfamily/cppTable.js";
import { makeCSharpExtractor } from "./csharp/csharpTable.js";
import { makeKotlinExtractor } from "./kotlin/kotlinTable.js";
import { makePhpExtractor } from "./php/phpTable.js";
import { makeRubyExtractor } from "./ruby/rubyTable.js";
import { makeGoExtractor } from "./go/goTable.js";
import { makeJavaExtractor } from "./java/javaTable.js";
import { makeRustExtractor } from "./rust/rustTable.js";
import type { LanguageExtractor } from "./LanguageExtractor.js";
import { makePythonExtractor } from "./python/pythonTable.js";
import { makeTypeScriptExtractor } from "./typescript.js";

/** A fresh extractor for one file (extractors keep per-file state). */
export const extractorFor = (language: SourceLanguage, path: string): LanguageExtractor => {
  switch (language) {
    case "typescript":
    case "tsx":
    case "javascript":
      return makeTypeScriptExtractor(path);
    case "python":
      return makePythonExtractor(path);
    case "go":
      return makeGoExtractor(path);
    case "rust":
      return makeRustExtractor(path);
    case "java":
      return makeJavaExtractor(path);
    case "c":
      return makeCExtractor(path);
    case "cpp":
      return makeCppExtractor(path);
    case "csharp":
      return makeCSharpExtractor(path);
    case "ruby":
      return makeRubyExtractor(path);
    case "php":
      return makePhpExtractor(path);
    case "kotlin":
      return makeKotlinExtractor(path);
  }
};
