import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { join } from "node:path";
import { closeEventLog, type LogHandle } from "../../../src/events/index.js";
import { ChunkProjector, ChunkStore } from "../../../src/projections/chunks/index.js";
import { catchUp, rebuild } from "../../../src/projections/index.js";
import { tempDir } from "../../helpers.js";
import { appendDeleted, appendParsed, countingEmbedder, openLog, parsedFile, SAMPLE, sampleEvents } from "./chunkFixture.js";

let tmp: ReturnType<typeof tempDir>;
let log: LogHandle;
beforeEach(() => {
  tmp = tempDir("nemesis-deferred-");
  log = openLog(tmp.dir);
});
afterEach(() => {
  closeEventLog(log);
  tmp.cleanup();
});

const open = (name: string, inline = true, syncLanceInBackground = true) =>
  ChunkProjector.open(join(tmp.dir, name), countingEmbedder().embedder, { inlineEmbedding: inline, syncLanceInBackground });

const comparable = async (p: ChunkProjector) => (await p.rows()).map((r) => ({ ...r, vector: r.vector ? Array.from(r.vector) : null }));

/** What a rebuild from the log gives. */
const rebuilt = async () => {
  const p = await open(`rebuilt-${Math.random()}`);
  await rebuild(log, p);
  await p.settle();
  const rows = await comparable(p);
  await p.close();
  return rows;
};

/** A save each: small passes, whose LanceDB writes the projector leaves to the background. */
const saves = (): Array<() => void> => [
  () => appendParsed(log, [parsedFile("src/http/router.ts", `${SAMPLE["src/http/router.ts"]}\n\nfunction added() {\n  return 1;\n}`)]),
  () => appendDeleted(log, "src/auth/hashing.ts"),
  () => appendParsed(log, [parsedFile("src/http/router.ts", SAMPLE["src/http/router.ts"])]),
  () => appendParsed(log, [parsedFile("src/auth/hashing.ts", SAMPLE["src/auth/hashing.ts"])]),
];

/** Twenty files in one batch: a pass that writes LanceDB itself. */
const bulk = () =>
  appendParsed(
    log,
    Array.from({ length: 20 }, (_, i) => parsedFile(`gen/file${i}.ts`, `export function generated${i}() {\n  return ${i};\n}`)),
  );

describe("LanceDB rows left to the background by small passes", () => {
  test("after saves and a bulk pass in any order, LanceDB holds what a rebuild holds", async () => {
    const p = await open("live");
    appendParsed(log, sampleEvents());
    await catchUp(log, p);
    for (const save of saves()) {
      save();
      await catchUp(log, p);
    }
    // The bulk pass waits for what the saves left behind, then writes LanceDB first as it always did.
    bulk();
    await catchUp(log, p);
    saves()[0]!();
    await catchUp(log, p);
    await p.settle();
    expect(await comparable(p)).toEqual(await rebuilt());
    await p.close();
  });

  test("what a process left to LanceDB when it ended is synced by the next one to open the store", async () => {
    const first = await open("live", true, false);
    appendParsed(log, sampleEvents());
    await catchUp(log, first);
    for (const save of [...saves(), () => appendParsed(log, [parsedFile("src/late.ts", "export function late() {\n  return 2;\n}")])]) {
      save();
      await catchUp(log, first);
    }
    await first.settle();
    const expected = await rebuilt();
    // Its LanceDB still lacks the saves (rows() would sync them): read it as a second reader.
    const lance = (await ChunkStore.openExisting(join(tmp.dir, "live")))!;
    expect((await lance.allRows()).some((r) => r.path === "src/late.ts")).toBe(false);
    lance.close();
    const second = await open("live");
    await second.settle();
    expect(await second.rows().then((rows) => rows.map((r) => ({ ...r, vector: r.vector ? Array.from(r.vector) : null })))).toEqual(expected);
    await second.close();
    await first.close();
  });

  test("rows written without vectors (a remote provider) are synced, then their vectors too", async () => {
    const p = await open("remote", false);
    appendParsed(log, sampleEvents());
    await catchUp(log, p);
    saves()[0]!();
    await catchUp(log, p);
    await p.settle();
    expect((await p.rows()).every((r) => r.vector !== null)).toBe(true);
    expect(await comparable(p)).toEqual(await rebuilt());
    await p.close();
  });
});
