import type { SymbolKind } from "../../../events/index.js";
import { blockDocAbove, lineDocAbove } from "../docComments.js";
import type { Extraction, SymbolDraft } from "../Extraction.js";

/** What a C or C++ file's handlers share. */
export interface CScope {
  /** A test file by its path (`test/`, `tests/`, `test_x.c`, `x_test.cc`, `x_unittest.cpp`, `XTest.cpp`). */
  readonly testFile: boolean;
  /** Type parameters of a `template <…>`, by the start of the declaration it wraps. */
  readonly templates: Map<number, string[]>;
  /** Starts of anonymous structs a `typedef` already named (`typedef struct { … } Foo;`). */
  readonly named: Set<number>;
  /** Methods defined outside their class (`void A::f()`): their class gets them at the end when it is in this file. */
  readonly outOfLine: { symbol: SymbolDraft; owner: string }[];
  /** Starts of the test macros already made tests (`TEST_CASE("…") { … }`). */
  readonly macroTests: Set<number>;
  /** Where the text of ERROR regions was last scanned for test macros up to (they nest). */
  scannedErrorsTo: number;
}

const TEST_PATH = /(^|\/)(tests?|unittests?|testing)\/|(^|\/)test_[^/]*$|_(unit)?test\.[^/]+$|[^/]Tests?\.[^/.]+$/i;

export const newCScope = (path: string): CScope => ({
  testFile: TEST_PATH.test(path),
  templates: new Map(),
  named: new Set(),
  outOfLine: [],
  macroTests: new Set(),
  scannedErrorsTo: 0,
});

/** Kinds whose body declares members. */
export const CLASS_KINDS: ReadonlySet<SymbolKind> = new Set(["Class", "Interface"]);

export const docAbove = (x: Extraction, start: number): string | null => blockDocAbove(x.text, start) ?? lineDocAbove(x.text, start, "//");

/** The enclosing namespaces and classes' qualified name (`ns.A`), or "". */
export const enclosingName = (x: Extraction): string => {
  const top = x.current();
  return top !== null && (top.kind === "Namespace" || CLASS_KINDS.has(top.kind)) ? top.qualifiedName : "";
};

/** Type parameters `template <…>` gave the declaration starting at `start`. */
export const templateParams = (s: CScope, symbol: SymbolDraft, start: number): void => {
  const params = s.templates.get(start);
  if (params !== undefined && params.length > 0) symbol.typeParams = new Set(params);
};

/** `public:` / `private:` above `start` in the class body, else the class's default (`struct`: public). */
export const visibilityIn = (x: Extraction, owner: SymbolDraft, start: number): "public" | "private" | "protected" => {
  const ownerStart = x.lines.lineStart(owner.startLine) + owner.startCol;
  const before = x.slice(Math.max(ownerStart, start - 20000, 0), start);
  let last: RegExpExecArray | null = null;
  const labels = /\b(public|private|protected)\s*:(?!:)/g;
  for (let m = labels.exec(before); m !== null; m = labels.exec(before)) last = m;
  if (last !== null) return last[1] as "public" | "private" | "protected";
  return owner.signature.startsWith("class") || /^template\b.*\bclass\b/.test(owner.signature) ? "private" : "public";
};
