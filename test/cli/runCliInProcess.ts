import { runCli } from "../../src/cli/runCli.js";
import type { CliResult } from "./spawnCli.js";

/**
 * Runs a `nemesis` command line in this test process, from `cwd`, and returns what it wrote
 * and its exit code, as spawnCli does for the built CLI. For commands that end (bad input, a
 * list, a write), not for `serve` or `watch`; each spawned CLI costs half a second of CPU, this
 * a few milliseconds. One spawned run per command path still checks the built CLI. `env` sets
 * (a string) or removes (undefined) variables for the run only.
 */
export const runCliInProcess = async (cwd: string, args: ReadonlyArray<string>, env: Readonly<Record<string, string | undefined>> = {}): Promise<CliResult> => {
  const out: string[] = [];
  const err: string[] = [];
  const writeOut = process.stdout.write;
  const writeErr = process.stderr.write;
  const capture = (into: string[]) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      into.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      const done = rest.find((r) => typeof r === "function") as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof process.stdout.write;
  const before = process.cwd();
  const runEnv: Record<string, string | undefined> = { NO_COLOR: "1", NEMESIS_ACTOR: "tester", ...env };
  const saved = Object.fromEntries(Object.keys(runEnv).map((key) => [key, process.env[key]]));
  const setEnv = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  process.chdir(cwd);
  setEnv(runEnv);
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  try {
    const code = await runCli(args);
    return { code: code ?? 0, stdout: out.join(""), stderr: err.join("") };
  } finally {
    process.stdout.write = writeOut;
    process.stderr.write = writeErr;
    process.chdir(before);
    setEnv(saved);
  }
};
