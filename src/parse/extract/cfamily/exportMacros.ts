/**
 * `class LEVELDB_EXPORT Cache {`, `struct API_EXPORT Options : Base {`: a macro between the
 * keyword and the name (an export or visibility attribute, empty or `__declspec(…)` once
 * preprocessed) makes tree-sitter read a function named Cache. The text tree-sitter parses has
 * such macros blanked out, as the preprocessor would; offsets stay the same, so everything is
 * still read from the text as written.
 */
const MACRO_BEFORE_NAME = /\b(class|struct|union)(\s+)((?:[A-Z][A-Z0-9_]*(?:\s*\([^()\n]*\))?\s+)+)(?=[\p{L}_][\p{L}\p{N}_]*\s*(?:final\b|:(?!:)|\{))/gu;

/**
 * `int CJSON_CDECL main(void)`, `Status LEVELDB_EXPORT Open(…)`: a calling-convention or export
 * macro between a function's return type and its name, at the start of a line. Not after a
 * keyword (`static FILE *open(…)`: FILE is the type there).
 */
const MACRO_BEFORE_FUNCTION = /^([ \t]*(?:[\p{L}_][\p{L}\p{N}_:]*[ \t*&]+)*?)(?<!\b(?:static|extern|inline|const|volatile|unsigned|signed|struct|union|enum|register|typedef|return|else|case|goto|new|delete|throw|virtual|explicit|friend|constexpr)[ \t*&]+)([A-Z][A-Z0-9_]{2,})(?=[ \t]+[*&]*[ \t]*[\p{L}_][\p{L}\p{N}_:]*[ \t]*\()/gmu;

const blank = (s: string): string => " ".repeat(s.length);

export const blankExportMacros = (text: string): string => {
  let out = text;
  if (out.includes("class") || out.includes("struct") || out.includes("union")) {
    out = out.replace(MACRO_BEFORE_NAME, (_, keyword: string, space: string, macros: string) => `${keyword}${space}${blank(macros)}`);
  }
  return out.replace(MACRO_BEFORE_FUNCTION, (whole: string, before: string, macro: string) => (before.trim().length > 0 ? `${before}${blank(macro)}` : whole));
};
