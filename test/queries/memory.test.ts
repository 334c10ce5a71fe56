import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordDecision, retireRule, storeConvention, storeRule, supersedeDecision, type Command, type TaggedError } from "../../src/commands/index.js";
import { closeEventLog, type EventMeta, openEventLog } from "../../src/events/index.js";
import { runCommand } from "../commands/harness.js";
import { CatalogProjector, CatalogReader, catchUp } from "../../src/projections/index.js";
import { queryMemory, scopeCovers } from "../../src/queries/memory.js";

const meta: EventMeta = { source: "test" };

describe("queryMemory", () => {
  const dir = mkdtempSync(join(tmpdir(), "nemesis-qm-"));
  let reader: CatalogReader;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const handle = openEventLog(join(dir, "events.db"));
    const run = <A, E extends TaggedError>(command: Command<A, E>) => runCommand(handle, command);
    ids.tokens = run(storeRule({ content: "Never log access tokens", scope: "src/auth/**", relatedTo: ["AuthService.login"], meta })).id;
    ids.modules = run(storeRule({ content: "Prefer small modules with one job", meta })).id;
    ids.old = run(storeRule({ content: "Use moment for dates", meta })).id;
    run(retireRule({ id: ids.old, reason: "use Temporal", meta }));
    ids.sqlite = run(recordDecision({ title: "SQLite for the event log", reasoning: "one file, WAL", alternatives: [{ title: "Postgres", reasonRejected: "a server" }], meta })).id;
    ids.pg = run(recordDecision({ title: "Postgres for the log", reasoning: "we tried", meta })).id;
    run(supersedeDecision({ id: ids.pg, by: ids.sqlite, meta }));
    ids.svc = run(storeConvention({ pattern: "Services are classes named <Thing>Service", example: "class AuthService {}", scope: "src/services/**", meta })).id;
    const projector = new CatalogProjector(join(dir, "catalog.db"));
    await catchUp(handle, projector);
    await projector.close();
    closeEventLog(handle);
    reader = CatalogReader.open(join(dir, "catalog.db"));
  });
  afterAll(() => {
    reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists active entries in recording order, without scores, when no topic is given", () => {
    const r = queryMemory(reader);
    expect(r.rules.map((x) => x.id)).toEqual([ids.tokens, ids.modules]);
    expect(r.decisions.map((x) => x.id)).toEqual([ids.sqlite]);
    expect(r.conventions.map((x) => x.id)).toEqual([ids.svc]);
    expect(r.rules[0]!.score).toBeNull();
  });

  it("includes retired and superseded entries on request", () => {
    const r = queryMemory(reader, { includeInactive: true });
    expect(r.rules.find((x) => x.id === ids.old)?.status).toBe("retired");
    expect(r.decisions.find((x) => x.id === ids.pg)).toMatchObject({ status: "superseded", superseded_by: ids.sqlite });
  });

  it("with a topic returns only matching entries, ranked", () => {
    const r = queryMemory(reader, { topic: "auth service login" });
    expect(r.rules.map((x) => x.id)).toEqual([ids.tokens]);
    expect(r.conventions.map((x) => x.id)).toEqual([ids.svc]);
    expect(r.decisions).toHaveLength(0);
    expect(r.rules[0]!.score).toBeGreaterThan(0);
  });

  it("filters by scope and kind", () => {
    const r = queryMemory(reader, { scope: "src/auth/login.ts", kinds: ["rule"] });
    expect(r.rules.map((x) => x.id)).toEqual([ids.tokens, ids.modules]);
    expect(r.conventions).toHaveLength(0);
    expect(queryMemory(reader, { scope: "src/ui/button.ts" }).rules.map((x) => x.id)).toEqual([ids.modules]);
  });

  it("scopeCovers handles globs, folders and areas", () => {
    expect(scopeCovers("*", "anything")).toBe(true);
    expect(scopeCovers("src/api/**", "src/api/users.ts")).toBe(true);
    expect(scopeCovers("src/api/**", "src/api")).toBe(true);
    expect(scopeCovers("**/*.test.ts", "test/a.test.ts")).toBe(true);
    expect(scopeCovers("billing", "billing")).toBe(true);
    expect(scopeCovers("src/api/**", "src/ui/x.ts")).toBe(false);
  });
});
