import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Why history is not recorded here is said once, not on every index or HEAD move: the last
 * thing said is kept in `.nemesis/history-note`, shared by every process of the project (an
 * index, the watcher). A different reason is said again; once history is read, the file goes,
 * so a later problem is news again.
 */
const notePath = (nemesisDir: string) => join(nemesisDir, "history-note");

/** `note` if it was not the last thing said, else null. */
export const sayOnce = (nemesisDir: string, note: string): string | null => {
  const path = notePath(nemesisDir);
  try {
    if (readFileSync(path, "utf8") === note) return null;
  } catch {
    /* never said */
  }
  try {
    writeFileSync(path, note);
  } catch {
    /* a .nemesis that cannot be written: say it each time rather than never */
  }
  return note;
};

export const forgetNote = (nemesisDir: string): void => {
  const path = notePath(nemesisDir);
  if (existsSync(path)) rmSync(path, { force: true });
};
