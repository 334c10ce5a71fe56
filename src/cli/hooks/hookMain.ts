import { readFileSync } from "node:fs";
import { isatty } from "node:tty";
import { isHookName, runHook, type HookImplementation, type HookName } from "./runHook.js";

/** Longest wait for stdin to end: Claude Code writes the event and closes it; a caller that never closes it gets an answer anyway. */
const STDIN_WAIT_MS = 5_000;

/**
 * The hook's input. Read straight from fd 0 when it is a pipe or a file, which is how Claude Code
 * passes it: `process.stdin` would set up a socket stream (~25 ms of a hook's start-up). A
 * non-blocking descriptor (EAGAIN) falls back to the stream, with a deadline.
 */
const readStdin = async (): Promise<string> => {
  if (isatty(0)) return "";
  try {
    return readFileSync(0, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EAGAIN") return "";
    return readStdinStream();
  }
};

const readStdinStream = (): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      process.stdin.removeAllListeners();
      process.stdin.destroy();
      resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const timer = setTimeout(done, STDIN_WAIT_MS);
    process.stdin.on("data", (c: Buffer) => chunks.push(c));
    process.stdin.once("end", done);
    process.stdin.once("error", done);
  });

/** `hook <name>` with at most a `--root <dir>` anywhere: anything else is left to commander (install, --help). */
const parseArgs = (args: ReadonlyArray<string>): { name: string; root?: string } | null => {
  const rest: string[] = [];
  let root: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--root" && i + 1 < args.length) root = args[++i];
    else if (a.startsWith("--root=")) root = a.slice("--root=".length);
    else rest.push(a);
  }
  if (rest.length !== 2 || rest[0] !== "hook") return null;
  return { name: rest[1]!, ...(root !== undefined ? { root } : {}) };
};

/**
 * `nemesis hook <name>` without commander or anything else the CLI loads: Claude Code starts a
 * process per hook call, so start-up is most of its cost. Whatever happens it exits 0 with only
 * its answer on stdout (a hook fails open). Returns false when the arguments are not a run of one
 * of `hooks` (then the caller goes on: another entry point, or commander).
 */
export const runHookCommand = async (args: ReadonlyArray<string>, hooks: Partial<Record<HookName, HookImplementation>>): Promise<boolean> => {
  const parsed = parseArgs(args);
  if (parsed === null || !isHookName(parsed.name) || hooks[parsed.name] === undefined) return false;
  // runHook catches what its own work throws; this catches what work it left running throws later.
  const failOpen = (e: unknown) => {
    process.stderr.write(`nemesis: hook ${parsed.name} failed (the agent goes on without it): ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(0);
  };
  process.on("uncaughtException", failOpen);
  process.on("unhandledRejection", failOpen);
  const answer = await runHook(parsed.name, await readStdin(), parsed.root !== undefined ? { root: parsed.root } : {}, hooks);
  // Exit explicitly once stdout is flushed: an engine opened for a prompt hook must not keep the agent waiting.
  if (answer === "") process.exit(0);
  process.stdout.write(answer, () => process.exit(0));
  return true;
};
