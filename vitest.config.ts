import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Builds dist/ (the CLI, the worker threads' entries) before any test spawns it, and makes
    // the run's cache of indexed fixtures (test/fixtureCache.ts).
    globalSetup: ["test/buildOnce.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    poolOptions: {
      forks: {
        // Three workers whatever the core count (vitest's default is cores - 1: one on a two-core
        // CI box), since much of the suite waits on spawned CLIs, servers, file events and
        // debounce timers: on the two-core box the suite took 321 s with two and 275 s with three,
        // for the same CPU (docs/benchmarks.md, the test suite).
        maxForks: 3,
        minForks: 3,
        // A worker runs file after file without restarting: a fresh process re-imported
        // effect, Kuzu, LanceDB and the sources for each of 170 files, ~1.5 s of CPU apiece.
        // Safe because no test mocks a module or leaves a global changed (see DEVELOPMENT.md).
        isolate: false,
      },
    },
  },
});
