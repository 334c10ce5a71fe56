import { getEncoding } from "js-tiktoken";
import { describe, expect, it } from "vitest";
import { SESSION_BRIEF_TOKENS } from "../../../src/cli/hooks/sessionStartHook.js";
import { countTokens } from "../../../src/shared/countTokens.js";
import type { CatalogSummary } from "../../../src/projections/catalog/readCatalogSummary.js";
import type { ArchitectureSummary } from "../../../src/queries/architecture/ArchitectureSummary.js";
import { sessionBrief, type SessionFacts } from "../../../src/queries/session/sessionBrief.js";

const cl100k = getEncoding("cl100k_base");

const catalog = (over: Partial<CatalogSummary> = {}): CatalogSummary => ({
  checkpoint: 10,
  statuses: { parsed: 3 },
  languages: [
    { language: "typescript", files: 2 },
    { language: "python", files: 1 },
  ],
  bytes: 1_500_000,
  indexed: [],
  rules: [{ id: "rule-1", content: "Always run the type checker before committing.", scope: "*" }],
  decisions: [{ id: "dec-2", title: "Postgres over MySQL", reasoning: "We need transactional DDL.", recorded_at: "2026-11-20T10:00:00.000Z" }],
  conventions: [{ id: "conv-3", pattern: "Tests sit next to the code", example: "src/a.test.ts", scope: "src/**" }],
  ...over,
});

const architecture: ArchitectureSummary = {
  format: 1,
  graphPosition: 9,
  computedAt: "2026-11-25T10:00:00.000Z",
  totals: { modules: 2, files: 3, lines: 420, entryPoints: 1 },
  modules: [
    { name: "src/api", files: 2, lines: 300 },
    { name: "src/db", files: 1, lines: 120 },
  ],
  keySymbols: [{ name: "OrderService", kind: "Class", file: "src/api/orders.ts", line: 12 }],
  dataFlow: [{ from: "src/api", to: "src/db", imports: 3 }],
  entryPoints: [{ kind: "package-bin", file: "src/cli.ts", line: 0, detail: "shop" }],
};

const facts = (over: Partial<SessionFacts> = {}): SessionFacts => ({
  projectName: "shop",
  root: "/work/shop",
  catalog: catalog(),
  architecture,
  freshness: { changed: [], missing: [], unchecked: 0, pending: 0, engineRunning: false },
  ...over,
});

const budget = { maxTokens: SESSION_BRIEF_TOKENS, count: countTokens };

describe("the session brief", () => {
  it("says what the project is, its shape, its rules, decisions and conventions", () => {
    expect(sessionBrief(facts(), budget)).toBe(
      [
        "Nemesis context for shop (/work/shop):",
        "Project shop: 3 files indexed (2 typescript, 1 python), 1.5 MB, 420 lines in 2 modules.",
        "",
        "Main modules (2, largest first):",
        "- src/api: 2 files, 300 lines",
        "- src/db: 1 file, 120 lines",
        "",
        "Entry points:",
        "- package-bin src/cli.ts shop",
        "",
        "Key symbols (most depended on):",
        "- OrderService (Class, src/api/orders.ts:12)",
        "",
        "Imports between modules (heaviest):",
        "- src/api → src/db (3)",
        "",
        "Rules in force (1) — follow them:",
        "- Always run the type checker before committing. [rule-1]",
        "",
        "Latest decisions (1):",
        "- Postgres over MySQL — We need transactional DDL. [dec-2, 2026-11-20]",
        "",
        "Conventions (1):",
        "- Tests sit next to the code (e.g. src/a.test.ts) (scope: src/**) [conv-3]",
        "",
        "Nemesis (MCP server `nemesis`) answers from this index: get_smart_context {task} first for code, rules and decisions that matter to a task; get_code_semantics to search; get_impact before changing a symbol.",
      ].join("\n"),
    );
  });

  it("flags a rule or decision whose linked code changed or vanished, where it is listed, with one note on what to do", () => {
    const stale = new Map([["rule-1", "refers to parseConfig (src/config.ts), removed 3 days ago by hook session 5f2c1e0a…"]]);
    const lines = sessionBrief(facts({ staleMemory: stale }), budget).split("\n");
    expect(lines[1]).toBe(
      'Note: 1 rule or decision below refers to code that changed or vanished since it was recorded (marked "stale"): check it against the code before following it; one that no longer holds is retired (`nemesis rule retire`) or superseded and recorded anew.',
    );
    expect(lines).toContain("- Always run the type checker before committing. [rule-1] — stale: refers to parseConfig (src/config.ts), removed 3 days ago by hook session 5f2c1e0a…");
    expect(lines).toContain("- Postgres over MySQL — We need transactional DDL. [dec-2, 2026-11-20]");
  });

  it("warns when the index is empty, stale or behind the log, and says nothing of an architecture it has not got", () => {
    const empty = sessionBrief(facts({ catalog: catalog({ languages: [], rules: [], decisions: [], conventions: [] }), architecture: null }), budget);
    expect(empty).toContain("Nemesis has not indexed this project yet: run `nemesis index` in /work/shop");
    expect(empty).not.toContain("Main modules");
    const stale = sessionBrief(facts({ freshness: { changed: ["a.ts", "b.ts", "c.ts", "d.ts"], missing: ["gone.ts"], unchecked: 0, pending: 2, engineRunning: false } }), budget);
    expect(stale).toContain("Warning: the index is stale: 4 files changed on disk (a.ts, b.ts, c.ts, … 1 more) and 1 file deleted (gone.ts) since they were indexed; run `nemesis index`");
    expect(stale).toContain("Note: 2 file changes recorded but not indexed yet; the next Nemesis query catches up.");
    expect(sessionBrief(facts({ architecture: null }), budget)).not.toContain("Main modules");
  });

  it.each([
    ["English", "never call the payment gateway from a request handler without the idempotency key helper in src/payments/idempotency.ts."],
    ["German", "Änderungen an der Produktionsdatenbank laufen nur über Migrationen, die rückwärtskompatibel sind und geprüft wurden."],
  ])("stays under 2,000 cl100k tokens however much memory there is (%s), and says how to see the rest", (_lang, sentence) => {
    const many = catalog({
      rules: Array.from({ length: 400 }, (_, i) => ({ id: `rule-${i}`, content: `Rule ${i}: ${sentence}`, scope: "*" })),
      decisions: Array.from({ length: 100 }, (_, i) => ({ id: `dec-${i}`, title: `Decision ${i}`, reasoning: `${sentence} `.repeat(3), recorded_at: "2026-11-20T10:00:00.000Z" })),
      conventions: Array.from({ length: 100 }, (_, i) => ({ id: `conv-${i}`, pattern: `Convention ${i}: ${sentence}`, example: "src/x.ts", scope: "*" })),
    });
    const text = sessionBrief(facts({ catalog: many, freshness: { changed: Array.from({ length: 50 }, (_, i) => `f${i}.ts`), missing: [], unchecked: 3, pending: 5, engineRunning: true } }), budget);
    expect(cl100k.encode(text).length).toBeLessThan(2_000);
    expect(text).toMatch(/Rules in force \(\d+ of 400\)/);
    expect(text).toMatch(/- … \d+ more: `nemesis rule list` or get_project_context/);
    expect(text).toContain("Warning: the index is stale");
    expect(text).toContain("the running Nemesis engine is catching up");
  });
});
