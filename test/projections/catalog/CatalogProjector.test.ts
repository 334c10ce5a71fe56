import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordDecision, retireRule, storeConvention, storeRule, supersedeDecision, type Command, type TaggedError } from "../../../src/commands/index.js";
import { appendToStreams, closeEventLog, type EventMeta, headPosition, type LogHandle, openEventLog, readEvents } from "../../../src/events/index.js";
import { runCommand } from "../../commands/harness.js";
import { insertRawEvent } from "../../events/support.js";
import { CATALOG_VERSION, CatalogProjector, CatalogReader, catchUp, readPlanOf, rebuild } from "../../../src/projections/index.js";

const meta: EventMeta = { source: "test", actor: "t" };
const parsed = (path: string, hash: string, symbols: number) => ({
  path,
  contentHash: hash,
  language: "typescript",
  parserVersion: "p1",
  packageName: null,
  lineCount: 10,
  hasErrors: false,
  symbols: Array.from({ length: symbols }, (_, i) => ({ id: `s${i}` })),
  references: [],
  imports: [],
  chunks: [{ text: "x" }],
});

/** A log with every kind of event the catalog reads, written in several steps. */
const steps = (log: LogHandle): Array<() => void> => {
  const run = <A, E extends TaggedError>(command: Command<A, E>) => runCommand(log, command);
  const file = (path: string, hash: string, symbols: number) =>
    appendToStreams(log, [
      {
        stream: `file:${path}`,
        expectedVersion: "any",
        events: [
          { type: "FileChanged", data: { path, contentHash: hash, size: 10, mtime: 1, language: "typescript" }, meta },
          { type: "FileParsed", data: parsed(path, hash, symbols), meta },
        ],
      },
    ]);
  const ids: Record<string, string> = {};
  return [
    () => {
      appendToStreams(log, [{ stream: "project", expectedVersion: "any", events: [{ type: "IndexRunStarted", data: { runId: "r1", root: "/p", languages: ["typescript"] }, meta }] }]);
      file("src/a.ts", "h1", 3);
      file("src/b.ts", "h1", 1);
      appendToStreams(log, [{ stream: "file:big.min.js", expectedVersion: "any", events: [{ type: "FileSkipped", data: { path: "big.min.js", reason: "minified" }, meta }] }]);
    },
    () => {
      ids.r1 = run(storeRule({ content: "Never log tokens", relatedTo: ["src/a.ts"], meta })).id;
      ids.r2 = run(storeRule({ content: "Small modules", meta })).id;
      ids.d1 = run(recordDecision({ title: "SQLite", reasoning: "one file", alternatives: [{ title: "PG", reasonRejected: "server" }], meta })).id;
      // A v1 decision, as an older Nemesis wrote it.
      insertRawEvent(log, {
        eventId: "v1",
        stream: "decision:dec-old",
        type: "DecisionRecorded",
        data: { id: "dec-old", title: "Old", reasoning: "r", alternatives: [], status: "accepted" },
        meta: JSON.stringify(meta),
        recordedAt: new Date().toISOString(),
      });
    },
    () => {
      file("src/a.ts", "h2", 5);
      appendToStreams(log, [{ stream: "file:src/b.ts", expectedVersion: "any", events: [{ type: "FileDeleted", data: { path: "src/b.ts" }, meta }] }]);
      appendToStreams(log, [
        { stream: "file:src/c.ts", expectedVersion: "any", events: [{ type: "FileChanged", data: { path: "src/c.ts", contentHash: "h9", size: 1, mtime: 1, language: "typescript" }, meta }, { type: "ParseFailed", data: { path: "src/c.ts", contentHash: "h9", reason: "timeout" }, meta }] },
      ]);
      run(retireRule({ id: ids.r2!, reason: "obsolete", meta }));
      ids.d2 = run(recordDecision({ title: "SQLite WAL", reasoning: "readers", meta })).id;
      run(supersedeDecision({ id: ids.d1!, by: ids.d2!, reason: "refined", meta }));
      run(storeConvention({ pattern: "Services end in Service", example: "AuthService", meta }));
      appendToStreams(log, [{ stream: "project", expectedVersion: "any", events: [{ type: "IndexRunCompleted", data: { runId: "r1", files: 3, changed: 3, deleted: 1, skipped: { minified: 1 }, durationMs: 12 }, meta }] }]);
    },
  ];
};

const dump = (path: string) => {
  const reader = CatalogReader.open(path);
  try {
    return reader.dump();
  } finally {
    reader.close();
  }
};

describe("CatalogProjector", () => {
  let dir: string;
  let log: LogHandle;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "nemesis-catalog-"));
    log = openEventLog(join(dir, "events.db"));
  });
  afterEach(() => {
    closeEventLog(log);
    rmSync(dir, { recursive: true, force: true });
  });

  it("replay equals the incremental build: delete catalog.db, rebuild, same dump", async () => {
    const path = join(dir, "catalog.db");
    const projector = new CatalogProjector(path);
    for (const step of steps(log)) {
      step();
      await catchUp(log, projector, { batchSize: 3 });
    }
    await projector.close();
    const incremental = dump(path);
    expect(incremental.rules).toHaveLength(2);
    expect(incremental.files).toHaveLength(3);
    expect(incremental.checkpoint).toEqual([{ name: "catalog", position: headPosition(log), version: CATALOG_VERSION }]);

    for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
    expect(existsSync(path)).toBe(false);
    const fresh = new CatalogProjector(path);
    await rebuild(log, fresh, { batchSize: 1000 });
    await fresh.close();
    expect(dump(path)).toEqual(incremental);
  });

  it("a file whose new content fails to parse reads as in a fresh index of that content: no parser version, no symbols", async () => {
    const changed = (hash: string) => ({ type: "FileChanged", data: { path: "src/a.ts", contentHash: hash, size: 10, mtime: 1, language: "typescript" }, meta });
    const failed = { type: "ParseFailed", data: { path: "src/a.ts", contentHash: "h2", reason: "timeout" }, meta };
    const append = (into: LogHandle, events: ReadonlyArray<{ type: string; data: unknown; meta: EventMeta }>) =>
      appendToStreams(into, [{ stream: "file:src/a.ts", expectedVersion: "any", events: [...events] }]);
    // The delta: h1 parses (3 symbols), then h2 replaces it and fails.
    const path = join(dir, "delta.db");
    const delta = new CatalogProjector(path);
    append(log, [changed("h1"), { type: "FileParsed", data: parsed("src/a.ts", "h1", 3), meta }]);
    await catchUp(log, delta);
    append(log, [changed("h2"), failed]);
    await catchUp(log, delta);
    await delta.close();
    // A fresh index of the final tree only ever saw h2.
    const freshLog = openEventLog(join(dir, "fresh-events.db"));
    try {
      append(freshLog, [changed("h2"), failed]);
      const fresh = new CatalogProjector(join(dir, "fresh.db"));
      await rebuild(freshLog, fresh);
      await fresh.close();
    } finally {
      closeEventLog(freshLog);
    }
    // Positions differ between two logs by construction; every other column must not.
    const facts = (p: string) =>
      (dump(p).files ?? []).map((f) => {
        const { changed_position: _c, parsed_position: _p, ...rest } = f as Record<string, unknown>;
        return rest;
      });
    expect(facts(path)).toEqual(facts(join(dir, "fresh.db")));
    expect(facts(path)).toMatchObject([{ content_hash: "h2", status: "failed", reason: "timeout", parser_version: null, symbols: 0 }]);
  });

  it("applying every batch twice gives the same read model (handlers are idempotent)", async () => {
    for (const step of steps(log)) step();
    const once = new CatalogProjector(join(dir, "once.db"));
    await catchUp(log, once, { batchSize: 4 });
    await once.close();

    const twice = new CatalogProjector(join(dir, "twice.db"));
    const head = headPosition(log);
    for (let after = 0; after < head; ) {
      const batch = readEvents(log, { after, limit: 4, types: twice.handles, summaries: readPlanOf("catalog").summaries });
      const upTo = batch[batch.length - 1]!.position;
      await twice.apply(batch, upTo);
      await twice.apply(batch, upTo);
      after = upTo;
    }
    await twice.close();
    expect(dump(join(dir, "twice.db"))).toEqual(dump(join(dir, "once.db")));
  });

  it("reads whole FileParsed payloads the same as the summaries the runner asks for", async () => {
    for (const step of steps(log)) step();
    const summarised = new CatalogProjector(join(dir, "s.db"));
    await catchUp(log, summarised);
    await summarised.close();
    const whole = new CatalogProjector(join(dir, "w.db"));
    await whole.apply(readEvents(log, { types: whole.handles }), headPosition(log));
    await whole.close();
    const files = dump(join(dir, "w.db")).files;
    expect(files).toEqual(dump(join(dir, "s.db")).files);
    expect(files).toContainEqual(expect.objectContaining({ path: "src/a.ts", content_hash: "h2", status: "parsed", symbols: 5 }));
  });
});
