/**
 * vitest globalSetup: the CLI tests spawn dist/cli.js, and child processes and worker threads
 * import dist/ modules (neither can load TypeScript). Builds dist/ from the sources under test
 * once per run, and not at all when it was built from exactly these sources. Also makes the
 * run's cache of indexed fixtures (test/fixtureCache.ts), removed when the run ends.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error: a plain ES module script, no declarations
import { buildForTests } from "../scripts/build-for-tests.mjs";

export default async function buildOnce(project: TestProject): Promise<() => void> {
  await buildForTests();
  const cache = mkdtempSync(join(tmpdir(), "nemesis-indexed-fixtures-"));
  project.provide("indexedFixtureCache", cache);
  return () => rmSync(cache, { recursive: true, force: true });
}
