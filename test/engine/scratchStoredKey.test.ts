import Database from "better-sqlite3";
import * as Either from "effect/Either";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addNodes } from "../../src/commands/scratch/index.js";
import { Engine, inlineParser } from "../../src/engine/index.js";
import { dropProjectionHint, readProjectionHint, saveProjectionHint } from "../../src/events/index.js";
import { scratchStorePath } from "../../src/projections/scratch/index.js";
import { runCommand } from "../commands/harness.js";
import { copyFixture, removeDir } from "../sources/scan/helpers.js";
import { projectContext } from "./helpers.js";

const projections = ["catalog", "scratch"] as const;
let fixture: string;
let ctx: ReturnType<typeof projectContext>;

beforeEach(() => {
  fixture = copyFixture("basic");
  ctx = projectContext(fixture);
});
afterEach(() => {
  ctx.close();
  removeDir(fixture);
});

const addNode = (label: string) => runCommand(ctx.log, addNodes("plan", [{ label }], { source: "test" }));

/** One engine pass: what it ran for the scratch model (null: nothing to do). */
const scratchRun = async () => {
  const engine = Either.getOrThrow(await Engine.open(ctx, { parser: inlineParser, projections }));
  try {
    return (await engine.catchUp()).projections.find((p) => p.name === "scratch") ?? null;
  } finally {
    await engine.close();
  }
};

describe("the scratch graphs' model, registered as \"graphs\" before it was named scratch", () => {
  it("opens a store written under the old name as it is: no rebuild, and the next write is applied on top", async () => {
    addNode("A");
    expect((await scratchRun())?.rebuilt).toBe(false);
    // What main at 5e8694c left on disk: graphs.db with its checkpoint row keyed "graphs", and the engine's hint under "graphs".
    const db = new Database(scratchStorePath(ctx.paths), { readonly: true });
    const rows = db.prepare("SELECT name, position FROM checkpoint").all() as Array<{ name: string; position: number }>;
    db.close();
    expect(rows.map((r) => r.name)).toEqual(["graphs"]);
    const hint = readProjectionHint(ctx.log, "scratch");
    expect(hint).not.toBeNull();
    saveProjectionHint(ctx.log, "graphs", { position: hint!.position, version: 1, fingerprint: "", detail: hint!.detail });
    dropProjectionHint(ctx.log, "scratch");

    expect(await scratchRun(), "nothing new in the log: the old store is caught up as it stands").toBeNull();
    addNode("B");
    const run = await scratchRun();
    expect(run).toMatchObject({ rebuilt: false, from: rows[0]!.position, events: 1 });
  });
});
