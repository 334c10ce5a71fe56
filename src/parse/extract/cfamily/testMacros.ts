import { oneLine, type Extraction, type SymbolDraft } from "../Extraction.js";
import { docAbove } from "./cScope.js";

/**
 * Test macros whose first argument is the fixture class the body derives from, so its members
 * are the body's bare names: Catch2's `TEST_CASE_METHOD(Fixture, "name")` and its variants,
 * doctest's `TEST_CASE_FIXTURE(Fixture, "name")`.
 */
const FIXTURE_MACROS = new Set([
  "TEST_CASE_METHOD", "SCENARIO_METHOD", "TEMPLATE_TEST_CASE_METHOD", "TEMPLATE_TEST_CASE_METHOD_SIG",
  "TEMPLATE_PRODUCT_TEST_CASE_METHOD", "TEMPLATE_PRODUCT_TEST_CASE_METHOD_SIG", "TEMPLATE_LIST_TEST_CASE_METHOD", "TEST_CASE_FIXTURE",
]);

/**
 * Test macros (GoogleTest, Catch2, doctest, Boost.Test, CTest, CppUTest): `TEST(Suite, Name) { … }`
 * parses as a function definition, `TEST_CASE("name") { … }` as a call followed by a block.
 */
export const TEST_MACROS = new Set([
  "TEST", "TEST_F", "TEST_P", "TYPED_TEST", "TYPED_TEST_P",
  "TEST_CASE", "SCENARIO", "TEMPLATE_TEST_CASE", "TEMPLATE_TEST_CASE_SIG", "TEMPLATE_PRODUCT_TEST_CASE", "TEMPLATE_PRODUCT_TEST_CASE_SIG", "TEMPLATE_LIST_TEST_CASE",
  "TEST_CASE_TEMPLATE", "TEST_CASE_TEMPLATE_DEFINE",
  ...FIXTURE_MACROS,
  "BOOST_AUTO_TEST_CASE", "BOOST_FIXTURE_TEST_CASE", "CTEST", "CTEST2", "Test", "IGNORE_TEST",
]);

const FIRST_STRING = /^\s*"((?:[^"\\\n]|\\.)*)"/;
const FIXTURE_THEN_STRING = /^\s*([\p{L}_][\p{L}\p{N}_:<>,\s]*?)\s*,\s*"((?:[^"\\\n]|\\.)*)"/u;
const ESCAPE = /\\(["'\\?]|n|t)/g;

const unescape = (s: string): string => oneLine(s.replace(ESCAPE, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c)), 120);

/**
 * A test macro's name for the test, from the text between its parentheses: `TEST(Suite, Name)`
 * → `Suite.Name`; `TEST_CASE("adds up", "[math]")` → `adds up` (the tags are not part of it);
 * `TEST_CASE_METHOD(Db, "adds a row")` → `Db.adds a row`, the fixture first as GoogleTest's suite.
 */
export const testMacroName = (macro: string, args: string): string | null => {
  if (FIXTURE_MACROS.has(macro)) {
    const m = FIXTURE_THEN_STRING.exec(args);
    if (m !== null) return `${m[1]!.replace(/\s+/g, "")}.${unescape(m[2]!)}`;
  }
  const quoted = FIRST_STRING.exec(args);
  if (quoted !== null) return unescape(quoted[1]!);
  const names = args.split(",").map((p) => p.trim()).filter((p) => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(p));
  return names.length > 0 ? names.slice(0, 2).join(".") : null;
};

/**
 * Adds the test a macro at `start` defines, ending at `end` (its body's closing brace), unless
 * one was already added there (an ERROR region and the call inside it both find it). Its parent
 * is the innermost namespace around it: the walk may have entered it from a broken region that
 * started inside an earlier test.
 */
export const addMacroTest = (x: Extraction, tests: Set<number>, macro: string, start: number, argsStart: number, argsEnd: number, end: number): void => {
  if (tests.has(start)) return;
  tests.add(start);
  const name = testMacroName(macro, x.slice(argsStart + 1, Math.max(argsStart + 1, argsEnd - 1))) ?? macro;
  const parent = [...x.scopes()].reverse().find((s) => s.kind === "Namespace" && s.end > start) ?? null;
  x.addSymbol({ kind: "Test", name, qualifiedName: name.replace(/\s+/g, "_"), parent, start, end, signature: oneLine(x.slice(start, argsEnd), 200), doc: docAbove(x, start), visibility: "public" });
};

/** Whether `scope` may hold a test macro's definition: the file's top level or a namespace. */
export const holdsTests = (scope: SymbolDraft | null): boolean => scope === null || scope.kind === "Namespace";

// `[[noreturn]] TEST_CASE(…)` too. Not Criterion's `Test(…)`, a C macro: in C++ a line starting
// `Test(int n) {` is more likely a constructor of a class Test.
const SCANNED = [...TEST_MACROS].filter((m) => m !== "Test").sort((a, b) => b.length - a.length);
const MACRO_AT_LINE_START = new RegExp(`^[ \\t]*(?:\\[\\[[^\\]\\n]*\\]\\][ \\t]*)*(${SCANNED.join("|")})[ \\t]*\\(`, "gm");

/**
 * Test macros tree-sitter could not parse (`TEMPLATE_TEST_CASE("t", "[x]", int, float)`: types
 * as arguments; the broken region often runs on over the tests below it): each macro starting a
 * line in [from, to) whose parentheses and braces balance in the text is a test, its body's
 * calls then belong to it as the walk reaches them. A body stops before the next such macro, so
 * an unbalanced one costs no more than its own text.
 */
export const scanMacroTests = (x: Extraction, tests: Set<number>, from: number, to: number): void => {
  const text = x.text;
  const found: { macro: string; start: number; open: number }[] = [];
  MACRO_AT_LINE_START.lastIndex = from;
  for (let m = MACRO_AT_LINE_START.exec(text); m !== null && m.index < to; m = MACRO_AT_LINE_START.exec(text)) {
    const start = m.index + m[0].indexOf(m[1]!);
    found.push({ macro: m[1]!, start, open: m.index + m[0].length - 1 });
  }
  for (let i = 0; i < found.length; i++) {
    const { macro, start, open } = found[i]!;
    balancedMacroTest(x, tests, macro, start, open, i + 1 < found.length ? found[i + 1]!.start : text.length);
  }
};

/**
 * The test a macro at `start` defines when its parentheses (from `open`) and the block after them
 * balance in the text before `limit`; whether there was one. For a call tree-sitter parsed with
 * errors inside: its arguments may run on over the tests below it.
 */
export const balancedMacroTest = (x: Extraction, tests: Set<number>, macro: string, start: number, open: number, limit?: number): boolean => {
  const text = x.text;
  let until = limit;
  if (until === undefined) {
    MACRO_AT_LINE_START.lastIndex = open;
    until = MACRO_AT_LINE_START.exec(text)?.index ?? text.length;
  }
  const argsEnd = closingBracket(text, open, until);
  if (argsEnd === -1) return false;
  const brace = skipBlank(text, argsEnd, until);
  if (text[brace] !== "{") return false;
  const end = closingBracket(text, brace, until);
  if (end === -1) return false;
  addMacroTest(x, tests, macro, start, open, argsEnd, end);
  return true;
};

const skipBlank = (text: string, i: number, limit: number): number => {
  while (i < limit) {
    const c = text[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") i++;
    else if (text.startsWith("//", i)) i = lineEnd(text, i);
    else if (text.startsWith("/*", i)) i = blockEnd(text, i);
    else break;
  }
  return i;
};

const lineEnd = (text: string, i: number): number => {
  const next = text.indexOf("\n", i);
  return next === -1 ? text.length : next;
};

const blockEnd = (text: string, i: number): number => {
  const close = text.indexOf("*/", i + 2);
  return close === -1 ? text.length : close + 2;
};

const RAW_PREFIX = /(?:^|[^\p{L}\p{N}_])(?:u8|[uUL])?R$/u;

/** Index just past the end of the string or character literal whose quote is at `i`. */
const literalEnd = (text: string, i: number): number => {
  const quote = text[i]!;
  if (quote === '"' && RAW_PREFIX.test(text.slice(Math.max(0, i - 4), i))) {
    // R"delim( … )delim": braces and quotes inside mean nothing.
    const paren = text.indexOf("(", i);
    if (paren !== -1 && paren - i <= 17) {
      const close = text.indexOf(`)${text.slice(i + 1, paren)}"`, paren);
      if (close !== -1) return close + paren - i + 1;
    }
  }
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === "\\") j++;
    else if (c === quote || c === "\n") return j + 1;
  }
  return text.length;
};

/**
 * Index just past the bracket that closes the `(` or `{` at `open`, skipping comments and
 * literals; -1 when none does before `limit`.
 */
const closingBracket = (text: string, open: number, limit: number): number => {
  const opening = text[open]!;
  const closing = opening === "(" ? ")" : "}";
  let depth = 0;
  for (let i = open; i < limit; i++) {
    const c = text[i]!;
    if (c === opening) depth++;
    else if (c === closing) {
      depth--;
      if (depth === 0) return i + 1;
    } else if (c === "/" && text[i + 1] === "/") i = lineEnd(text, i);
    else if (c === "/" && text[i + 1] === "*") i = blockEnd(text, i) - 1;
    else if (c === '"') i = literalEnd(text, i) - 1;
    // `1'000'000` separates digits; any other quote opens a character literal.
    else if (c === "'" && !/[\p{L}\p{N}_]/u.test(text[i - 1] ?? "")) i = literalEnd(text, i) - 1;
  }
  return -1;
};
