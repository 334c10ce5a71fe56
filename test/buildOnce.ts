/**
 * vitest globalSetup: the CLI tests spawn dist/cli.js, and child processes and worker threads
 * import dist/ modules (neither can load TypeScript). Builds dist/ from the sources under test
 * once per run, and not at all when it was built from exactly these sources.
 */
// @ts-expect-error: a plain ES module script, no declarations
import { buildForTests } from "../scripts/build-for-tests.mjs";

export default async function buildOnce(): Promise<void> {
  await buildForTests();
}
