import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

export interface Logger {
  info(message: string): void;
  error(message: string, e?: unknown): void;
}

/**
 * Logs to stderr and `.nemesis/logs/<name>.log`: in stdio mode stdout carries JSON-RPC and
 * nothing else, ever. A log file that cannot be written is not worth failing a server for.
 */
export const fileLogger = (nemesisDir: string, name: string, toStderr = true): Logger => {
  const dir = join(nemesisDir, "logs");
  let file: string | null = join(dir, `${name}.log`);
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    file = null;
  }
  const write = (level: string, message: string) => {
    const line = `${new Date().toISOString()} ${level} [${process.pid}] ${message}\n`;
    if (toStderr) process.stderr.write(`nemesis: ${message}\n`);
    if (file) {
      try {
        appendFileSync(file, line);
      } catch {
        file = null;
      }
    }
  };
  return {
    info: (m) => write("info", m),
    error: (m, e) => write("error", e === undefined ? m : `${m}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
  };
};
