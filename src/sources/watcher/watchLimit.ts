/**
 * Whether a watcher error means the system will not give us more watches: then no event will
 * come for part of the tree, and only scanning keeps the index true. ENOSPC from inotify is the
 * per-user watch limit, not a full disk; EMFILE is out of inotify instances or descriptors.
 */
export const isWatchLimit = (e: unknown): e is NodeJS.ErrnoException => {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code === "ENOSPC" || code === "EMFILE" || code === "ENFILE";
};

/** The one line a person reads when the watcher falls back to scanning: what happened and the setting to raise. */
export const watchLimitWarning = (e: NodeJS.ErrnoException, pollMs: number, platform: NodeJS.Platform = process.platform): string => {
  const every = pollMs >= 1_000 ? `${(pollMs / 1_000).toLocaleString("en-US")} s` : `${pollMs} ms`;
  const raise =
    platform !== "linux"
      ? "raise the open-file limit (ulimit -n)"
      : e.code === "ENOSPC"
        ? "raise fs.inotify.max_user_watches (sudo sysctl fs.inotify.max_user_watches=524288)"
        : "raise fs.inotify.max_user_instances (sudo sysctl fs.inotify.max_user_instances=512) or the open-file limit (ulimit -n)";
  return `the system allows no more file watches (${e.code}): scanning for changes every ${every} instead; ${raise} and restart to get events`;
};
