import { readFileSync, realpathSync, statSync } from "node:fs";
import { sep } from "node:path";

/**
 * Filesystems the kernel makes up as it is read: their files describe the running system, and
 * writing there fails in odd ways (mkdir in /proc/1 answers ENOENT for the new folder and EEXIST
 * for its parent, which sends a recursive mkdir round forever). None of them holds a project.
 */
const VIRTUAL_FILESYSTEMS = new Set([
  "proc", "sysfs", "devtmpfs", "devfs", "devpts", "cgroup", "cgroup2", "debugfs", "tracefs", "securityfs",
  "pstore", "bpf", "configfs", "fusectl", "mqueue", "hugetlbfs", "binfmt_misc", "autofs", "efivarfs", "nsfs", "rpc_pipefs",
]);

/** Where no mount table can be read (not Linux), the usual places of those filesystems. */
const VIRTUAL_PLACES = ["/proc", "/sys", "/dev"];

export interface MountPoint {
  readonly path: string;
  readonly fsType: string;
}

/** The mount points of /proc/self/mountinfo (`… mountpoint options … - fstype source …`); octal escapes (`\040`) decoded. */
export const parseMountInfo = (text: string): MountPoint[] =>
  text.split("\n").flatMap((line) => {
    const fields = line.split(" ");
    const dash = fields.indexOf("-");
    if (dash < 0 || fields.length < 5 || dash + 1 >= fields.length) return [];
    const path = fields[4]!.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
    return [{ path, fsType: fields[dash + 1]! }];
  });

const isUnder = (parent: string, path: string): boolean =>
  path === parent || path.startsWith(parent.endsWith(sep) ? parent : `${parent}${sep}`);

/** The filesystem type of the innermost mount point holding `path`, or null when none is known. */
export const filesystemOf = (path: string, mounts: ReadonlyArray<MountPoint>): string | null => {
  let best: MountPoint | null = null;
  for (const m of mounts) if (isUnder(m.path, path) && (best === null || m.path.length >= best.path.length)) best = m;
  return best?.fsType ?? null;
};

/** What is at the path given to `init`, after following symlinks. */
export interface InitTarget {
  readonly path: string;
  readonly kind: "missing" | "directory" | "not a directory";
  /** The filesystem it is on; null when no mount table could be read. */
  readonly fsType: string | null;
}

/**
 * Why `init` (or an index, watch or serve that would create a project) must not make a
 * project at this path, or null when it may try. Decided before anything is written.
 */
export const initRefusal = (target: InitTarget): string | null => {
  const { path, kind, fsType } = target;
  const virtual = fsType !== null ? VIRTUAL_FILESYSTEMS.has(fsType) : VIRTUAL_PLACES.some((p) => isUnder(p, path));
  if (virtual) {
    const what = fsType !== null ? `a ${fsType} filesystem` : "a filesystem";
    return `${path} is on ${what} that the kernel makes up (like /proc, /sys and /dev), not a project: pass the folder of a repository`;
  }
  if (kind === "missing") return `${path} does not exist: create it first or pass another directory`;
  if (kind === "not a directory") return `${path} is not a directory: pass the project's folder`;
  return null;
};

/** The one-line reason a write under the project's root failed, from its error code; null for codes that mean a bug. */
export const writeFailure = (path: string, error: unknown): string | null => {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case "EACCES":
    case "EPERM":
      return `cannot write ${path}: permission denied; pass a folder you can write to`;
    case "EROFS":
      return `cannot write ${path}: the filesystem is read-only; pass a folder you can write to`;
    case "ENOSPC":
    case "EDQUOT":
      return `cannot write ${path}: no space left on the device`;
    case "ENOENT":
    case "ENOTDIR":
      return `cannot write ${path}: its folder is gone or is not a directory; pass the project's folder`;
    case "EISDIR":
      return `cannot write ${path}: a directory is in the way`;
    default:
      return null;
  }
};

const readMounts = (): MountPoint[] | null => {
  try {
    return parseMountInfo(readFileSync("/proc/self/mountinfo", "utf8"));
  } catch {
    return null;
  }
};

/** Looks at the path once: what it is, and on which filesystem. */
export const inspectInitTarget = (path: string): InitTarget => {
  let real: string;
  let kind: InitTarget["kind"];
  try {
    real = realpathSync(path);
    kind = statSync(real).isDirectory() ? "directory" : "not a directory";
  } catch (e) {
    real = path;
    kind = (e as NodeJS.ErrnoException).code === "ENOTDIR" ? "not a directory" : "missing";
  }
  const mounts = readMounts();
  return { path: real, kind, fsType: mounts === null ? null : filesystemOf(real, mounts) };
};
