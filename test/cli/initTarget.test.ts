import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { filesystemOf, initRefusal, parseMountInfo, writeFailure } from "../../src/cli/initTarget.js";
import { spawnCli } from "./spawnCli.js";

const MOUNTINFO = [
  "21 26 0:20 / /proc rw,relatime - proc proc rw",
  "22 26 0:21 / /sys rw,relatime - sysfs sysfs rw",
  "23 26 0:6 / /dev rw,relatime - devtmpfs devtmpfs rw,size=123k,mode=755",
  "24 23 0:22 / /dev/shm rw,relatime - tmpfs tmpfs rw",
  "26 1 254:0 / / rw,relatime - ext4 /dev/vda rw",
  "27 26 0:24 / /mnt/my\\040disk rw shared:1 - xfs /dev/sdb rw",
  "",
].join("\n");

describe("where init may make a project (pure)", () => {
  const mounts = parseMountInfo(MOUNTINFO);

  it("reads the mount table, optional fields and escaped spaces included", () => {
    expect(mounts).toContainEqual({ path: "/mnt/my disk", fsType: "xfs" });
    expect(filesystemOf("/proc/1", mounts)).toBe("proc");
    expect(filesystemOf("/dev/null", mounts)).toBe("devtmpfs");
    expect(filesystemOf("/dev/shm/work", mounts)).toBe("tmpfs");
    expect(filesystemOf("/home/me/repo", mounts)).toBe("ext4");
    expect(filesystemOf("/mnt/my disk/repo", mounts)).toBe("xfs");
    expect(filesystemOf("/processes", mounts)).toBe("ext4");
  });

  it.each([
    [{ path: "/proc/1", kind: "directory", fsType: "proc" }, /^\/proc\/1 is on a proc filesystem that the kernel makes up .*not a project: pass the folder of a repository$/],
    [{ path: "/sys/kernel", kind: "directory", fsType: "sysfs" }, /^\/sys\/kernel is on a sysfs filesystem/],
    [{ path: "/dev/null", kind: "not a directory", fsType: "devtmpfs" }, /^\/dev\/null is on a devtmpfs filesystem/],
    // No mount table (not Linux): the usual places.
    [{ path: "/dev/null", kind: "not a directory", fsType: null }, /^\/dev\/null is on a filesystem that the kernel makes up/],
    [{ path: "/home/me/notes.txt", kind: "not a directory", fsType: "ext4" }, /^\/home\/me\/notes\.txt is not a directory: pass the project's folder$/],
    [{ path: "/home/me/nowhere", kind: "missing", fsType: "ext4" }, /^\/home\/me\/nowhere does not exist: create it first/],
  ] as const)("refuses %o", (target, message) => {
    expect(initRefusal(target)).toMatch(message);
  });

  it("lets a directory on a disk (or a tmpfs under /dev) through", () => {
    expect(initRefusal({ path: "/home/me/repo", kind: "directory", fsType: "ext4" })).toBeNull();
    expect(initRefusal({ path: "/dev/shm/work", kind: "directory", fsType: "tmpfs" })).toBeNull();
    expect(initRefusal({ path: "/devices/repo", kind: "directory", fsType: null })).toBeNull();
  });

  it("says why a write failed for the codes a user can act on, and nothing for a bug", () => {
    const err = (code: string) => Object.assign(new Error(code), { code });
    expect(writeFailure("/r/.nemesis", err("EACCES"))).toBe("cannot write /r/.nemesis: permission denied; pass a folder you can write to");
    expect(writeFailure("/r/.nemesis", err("EROFS"))).toMatch(/read-only/);
    expect(writeFailure("/r/.nemesis", err("ENOSPC"))).toMatch(/no space left/);
    expect(writeFailure("/r/.nemesis", new TypeError("x"))).toBeNull();
  });
});

describe.skipIf(process.platform !== "linux" || !existsSync("/proc/1"))("init on the kernel's filesystems (Linux: /proc, /sys and /dev exist)", () => {
  it.each(["/dev/null", "/proc/1", "/sys/kernel"])("init %s answers one line, exit 2, and writes nothing", async (path) => {
    const r = await spawnCli("/", ["init", path]);
    expect(r.stderr).toMatch(new RegExp(`^nemesis: ${path} is on a \\w+ filesystem that the kernel makes up \\(like /proc, /sys and /dev\\), not a project: pass the folder of a repository\\n$`));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
  });

  it("hook install in /proc/1 fails in one line that says why, not as a bug", async () => {
    const r = await spawnCli("/proc/1", ["hook", "install", "--command", "nemesis"]);
    expect(r.stderr).toBe("nemesis: cannot write /proc/1/.claude: its folder is gone or is not a directory; pass the project's folder\n");
    expect(r.code).toBe(1);
  });
});
