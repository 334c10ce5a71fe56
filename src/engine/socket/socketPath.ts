import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, realpathSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Where a project's engine listens. A Unix socket path is limited to ~104 bytes, so a deep
 * project cannot hold it: it is named by a hash of the project's real path in a per-user
 * directory ($XDG_RUNTIME_DIR, else the temp dir) of mode 0700, so only the user who owns the
 * project can connect. On Windows it is a named pipe.
 */
export const engineSocketPath = (root: string): string => {
  const key = createHash("sha256").update(realpathSync(root)).digest("hex").slice(0, 24);
  if (process.platform === "win32") return `\\\\.\\pipe\\nemesis-${key}`;
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  const dir = process.env.XDG_RUNTIME_DIR ? join(process.env.XDG_RUNTIME_DIR, "nemesis") : join(tmpdir(), `nemesis-${uid}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing directory's mode alone: make sure nobody else can reach the socket.
  if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
  return join(dir, `${key}.sock`);
};
