import { spawn, type SpawnOptions } from "node:child_process";
import { basename } from "node:path";

/**
 * How long a test waits for a child's next line or its exit before failing. Only a failing
 * test ever waits this long; it sits below vitest's own timeout so that the failure names the
 * child and shows its stderr instead of a bare "test timed out".
 */
export const CHILD_WAIT_MS = 45_000;

/** What a child has printed so far. */
export interface ChildOutput {
  /** Complete stdout lines, in order, including those already taken by `line()`. */
  readonly lines: ReadonlyArray<string>;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ChildExit extends ChildOutput {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface ChildOptions extends SpawnOptions {
  readonly waitMs?: number;
  /** Shown in failures; by default the arguments' base names. */
  readonly name?: string;
  /** Leaves stdout unread until `resume()`, as a parent busy elsewhere would. */
  readonly paused?: boolean;
}

export interface Child {
  readonly pid: number | undefined;
  /** The next complete stdout line; rejects, with the child's stderr, if the child exits or stays silent first. */
  line(): Promise<string>;
  /** The next `n` complete stdout lines (same failures as `line`). */
  lines(n: number): Promise<string[]>;
  /** Waits until `ready` holds of the output; rejects, with the child's stderr, if the child exits or takes too long first. */
  waitFor(what: string, ready: (output: ChildOutput) => boolean): Promise<void>;
  /** Resolves once the child has exited and its pipes are closed; rejects, killing it, if that takes too long. */
  exit(): Promise<ChildExit>;
  resume(): void;
  write(text: string): void;
  /** Closes the child's stdin after writing `text`. */
  end(text?: string): void;
  kill(signal?: NodeJS.Signals): void;
}

/**
 * A child process whose stdout is read as lines. Every wait is bounded, and every failure says
 * which child, what the test waited for, how the child ended and what it wrote on stderr; a
 * child whose wait timed out is killed, so it cannot outlive the test.
 */
export const startChild = (command: string, args: ReadonlyArray<string>, options: ChildOptions = {}): Child => {
  const { waitMs = CHILD_WAIT_MS, name: given, paused = false, ...spawnOptions } = options;
  const name = given ?? args.map((a) => basename(a)).join(" ");
  const p = spawn(command, [...args], { ...spawnOptions, stdio: ["pipe", "pipe", "pipe"] });
  const output = { lines: [] as string[], stdout: "", stderr: "" };
  let partial = "";
  let taken = 0;
  let exited: ChildExit | undefined;
  let spawnError: Error | undefined;
  const waiters = new Set<() => void>();
  const wake = (): void => {
    for (const w of [...waiters]) w();
  };

  p.stdout!.setEncoding("utf8");
  p.stderr!.setEncoding("utf8");
  p.stdout!.on("data", (chunk: string) => {
    output.stdout += chunk;
    const parts = (partial + chunk).split("\n");
    // Text after the last newline is not a line yet: a killed child may have written half of one.
    partial = parts.pop()!;
    output.lines.push(...parts);
    wake();
  });
  if (paused) p.stdout!.pause();
  p.stderr!.on("data", (chunk: string) => {
    output.stderr += chunk;
    wake();
  });
  p.stdin!.on("error", () => {}); // a child that exits early closes its stdin; its exit is what the test reports
  p.on("error", (e) => {
    spawnError = e;
    wake();
  });
  p.on("close", (code, signal) => {
    exited = { code, signal, ...output };
    wake();
  });

  const describe = (): string => {
    const how = spawnError ? `it could not start (${spawnError.message})` : exited ? `it exited (${exited.signal ?? `code ${exited.code}`})` : "it is still running";
    const err = output.stderr.trim();
    return `${how} after ${output.lines.length} lines; its stderr: ${err === "" ? "(empty)" : `\n${err}`}`;
  };

  const until = (what: string, ready: () => boolean, canStillHappen: () => boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (ready()) resolve();
        else if (spawnError !== undefined || !canStillHappen()) reject(new Error(`child "${name}" ${what}: ${describe()}`));
        else return;
        clearTimeout(timer);
        waiters.delete(check);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        p.kill("SIGKILL");
        reject(new Error(`child "${name}" ${what} within ${waitMs / 1000} s (killed it): ${describe()}`));
      }, waitMs);
      waiters.add(check);
      check();
    });

  const running = () => exited === undefined;

  const lines = async (n: number): Promise<string[]> => {
    const from = taken;
    const want = (taken += n);
    await until(`gave no line ${want}`, () => output.lines.length >= want, running);
    return output.lines.slice(from, want);
  };

  return {
    pid: p.pid,
    line: async () => (await lines(1))[0]!,
    lines,
    waitFor: (what, ready) => until(`never ${what}`, () => ready(output), running),
    exit: async () => {
      await until("did not exit", () => exited !== undefined, () => true);
      return exited!;
    },
    resume: () => void p.stdout!.resume(),
    write: (text) => void p.stdin!.write(text),
    end: (text) => void p.stdin!.end(text),
    kill: (signal = "SIGTERM") => void p.kill(signal),
  };
};

/** A Node script as a child, run by the Node that runs the tests. */
export const startNode = (script: string, args: ReadonlyArray<string>, options?: ChildOptions): Child =>
  startChild(process.execPath, [script, ...args], options);
