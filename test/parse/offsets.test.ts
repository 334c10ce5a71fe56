import { describe, expect, it } from "vitest";
import { parsed } from "./helpers.js";

/** The source text at a 1-based line and 0-based UTF-16 column. */
const at = (text: string, line: number, col: number) => text.split("\n")[line - 1]!.slice(col);

describe("positions in non-ASCII sources", () => {
  const ts = "// 😀 日本語 — ünïcödé\nconst 名前 = \"🚀🚀\"; /* 世界 */ export function greet(who: Persona) { return hello(who); }\nclass Größe { maß(): Einheit { return berechne('📏'); } }\n";

  it("puts TypeScript symbols and references at their UTF-16 columns", () => {
    const file = parsed("a.ts", ts);
    for (const s of file.symbols) {
      expect(at(ts, s.startLine, s.startCol).startsWith(s.kind === "Variable" ? s.name : s.signature.slice(0, 5))).toBe(true);
      expect(at(ts, s.endLine, 0).slice(0, s.endCol).length).toBe(s.endCol);
    }
    expect(file.symbols.map((s) => s.name)).toEqual(["名前", "greet", "Größe", "maß"]);
    for (const r of file.references) expect(at(ts, r.line, r.col).startsWith(r.name)).toBe(true);
    expect(file.references.map((r) => r.name)).toEqual(["Persona", "hello", "Einheit", "berechne"]);
  });

  it("slices signatures and docs correctly after astral characters", () => {
    const file = parsed("a.ts", "const s = '😀😀😀';\n/** Doc with 🚀 */\nexport function f(a: string): Ü { return a; }\n");
    const f = file.symbols.find((s) => s.name === "f")!;
    expect(f.signature).toBe("function f(a: string): Ü");
    expect(f.doc).toBe("Doc with 🚀");
    expect(f.startCol).toBe(7);
  });

  it("does the same for Python, Go and Rust", () => {
    const py = "s = '😀日本'; t = 1\ndef grüße(x: Mensch) -> Antwort:\n    return antworte(x)\n";
    const go = "package p\nvar s = \"😀😀\"; func Größe() { rufe() }\n";
    const rs = "const S: &str = \"😀\"; fn maß() { rufe(); }\n";
    for (const [path, text] of [["a.py", py], ["a.go", go], ["a.rs", rs]] as const) {
      const file = parsed(path, text);
      for (const s of file.symbols) expect(at(text, s.startLine, s.startCol).length).toBeGreaterThan(0);
      for (const r of file.references) expect(at(text, r.line, r.col).startsWith(r.name)).toBe(true);
      expect(file.references.length).toBeGreaterThan(0);
    }
    const file = parsed("a.py", py);
    const fn = file.symbols.find((s) => s.name === "grüße")!;
    expect(at(py, fn.startLine, fn.startCol).startsWith("def grüße")).toBe(true);
    const t = file.symbols.find((s) => s.name === "t")!;
    expect(at(py, t.startLine, t.startCol).startsWith("t = 1")).toBe(true);
  });
});
