import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeEventLog, openEventLog } from "../../../src/events/index.js";
import type { Resolver } from "../../../src/projections/graph/model.js";
import { createResolver } from "../../../src/projections/graph/resolve/index.js";
import { catchUp, rebuild } from "../../../src/projections/runProjector.js";
import { tempDir } from "../../helpers.js";
import { FixtureRepo, mulberry32, randomOps } from "./fixtureRepo.js";
import { openGraph } from "./harness.js";
import { MORE_LANGUAGES_NAMES, MORE_LANGUAGES_ROOTS, SourceRepo } from "./sourceRepo.js";

let cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/**
 * Delta = fresh: the graph after incremental updates equals a fresh bulk index of the final
 * tree and a replay of the whole log (bulk-loaded with COPY, in small and in one batch).
 */
const check = async (
  dir: string,
  incremental: Awaited<ReturnType<typeof openGraph>>,
  indexFreshInto: (log: ReturnType<typeof openEventLog>) => void,
  resolver: (() => Resolver) | undefined,
) => {
  const delta = await incremental.reader.dump();

  const freshLog = openEventLog(join(dir, "fresh-events.db"));
  indexFreshInto(freshLog);
  const fresh = await openGraph(dir, { name: "fresh", log: freshLog, copyThreshold: 0, ...(resolver ? { resolver } : {}) });
  await catchUp(freshLog, fresh.projector);
  const freshDump = await fresh.reader.dump();
  await fresh.close();
  closeEventLog(freshLog);

  // Replay with tiny batches: COPY into tables that already hold earlier batches.
  const replay = await openGraph(dir, { name: "replay", log: incremental.log, copyThreshold: 0, ...(resolver ? { resolver } : {}) });
  await catchUp(incremental.log, replay.projector, { batchSize: 5 });
  const replayDump = await replay.reader.dump();
  await replay.close();

  await rebuild(incremental.log, incremental.projector);
  const rebuiltDump = await incremental.reader.dump();

  expect(delta).toEqual(freshDump);
  expect(replayDump).toEqual(freshDump);
  expect(rebuiltDump).toEqual(freshDump);
  return delta;
};

describe("graph delta = fresh = replay", () => {
  it.each([2, 3, 4])("random edits, renames, deletions and parse failures (toy repo, seed %i)", async (seed) => {
    const t = tempDir("nemesis-graph-prop-");
    cleanups.push(t.cleanup);
    const rand = mulberry32(seed);
    let g = await openGraph(t.dir);
    const log = g.log;
    cleanups.push(() => closeEventLog(log));
    const repo = new FixtureRepo(log);
    for (let step = 0; step < 20; step++) {
      repo.apply(randomOps(rand, repo.models));
      await catchUp(log, g.projector);
      if (step === 12) {
        // A restart mid-way: the resolver and the key index must come back from the log and Kuzu.
        await g.projector.close();
        g = await openGraph(t.dir, { log });
      }
    }
    cleanups.push(() => g.projector.close());
    const dump = await check(t.dir, g, (l) => repo.indexFreshInto(l), undefined);
    expect(dump.length).toBeGreaterThan(0);
  });

  it.each([
    { seed: 7, name: "fixtures/graph/repo", roots: undefined, names: undefined },
    { seed: 8, name: "fixtures/graph/repo", roots: undefined, names: undefined },
    { seed: 9, name: "C, C++, C#, Ruby, PHP and Kotlin projects of fixtures/resolve", roots: MORE_LANGUAGES_ROOTS, names: MORE_LANGUAGES_NAMES },
  ])("random source edits parsed and resolved for real ($name, seed $seed)", async ({ seed, roots, names }) => {
    const t = tempDir("nemesis-graph-real-");
    cleanups.push(t.cleanup);
    const rand = mulberry32(seed);
    let g = await openGraph(t.dir, { resolver: createResolver });
    const log = g.log;
    cleanups.push(() => closeEventLog(log));
    const repo = new SourceRepo(log, roots, names);
    repo.indexAll();
    await catchUp(log, g.projector);
    const initial = await g.reader.counts();
    expect(initial.edges.CALLS).toBeGreaterThan(3);
    expect(initial.edges.IMPORTS).toBeGreaterThan(3);
    for (let step = 0; step < 14; step++) {
      repo.randomStep(rand);
      await catchUp(log, g.projector);
      // Restarts: the first resolves every file again (and keeps what it learnt beside the
      // graph), the second restores that instead.
      if (step === 5 || step === 10) {
        await g.projector.close();
        g = await openGraph(t.dir, { log, resolver: createResolver });
      }
    }
    cleanups.push(() => g.projector.close());
    await check(t.dir, g, (l) => repo.indexFreshInto(l), createResolver);
  });
});
