#!/usr/bin/env node
/**
 * Where a process's resident memory is, from /proc/<pid>/smaps, grouped by what allocated it:
 *
 *   node scripts/smaps-summary.mjs <pid> [--json]
 *
 * Groups (Linux, glibc, Node 20):
 *   - glibc arenas: the 64 MB-aligned heaps malloc gives each thread that needs one (a read-write
 *     part followed by its PROT_NONE reserve, 64 MB together); tree-sitter, Kuzu, LanceDB, SQLite
 *     and V8's own malloc of every thread but the main one allocate there;
 *   - [heap]: the main arena (brk), the main thread's malloc;
 *   - huge reservations (≥ 1 TB): Kuzu's buffer pool (its pages stay resident once touched);
 *   - V8 and other small anonymous mappings (≤ 1 MB each, mostly 256 KB V8 pages of every isolate);
 *   - thread stacks (8 MB mappings behind a guard page) and other anonymous mappings;
 *   - file-backed mappings, by file kind (the node binary and .so files, LanceDB, SQLite, Kuzu).
 * Rss and Private_Dirty per group, in MB, plus the threads by name.
 */
import { readdirSync, readFileSync } from "node:fs";

const MB = 1024 * 1024;
const ARENA = 64 * MB;

/** The mappings of `pid`: start, end, perms, path and the kB fields of each. */
export const readSmaps = (pid) => {
  const text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  const maps = [];
  let cur = null;
  for (const line of text.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      cur = { start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3], path: head[4].trim(), kb: {} };
      cur.size = Number(cur.end - cur.start);
      maps.push(cur);
      continue;
    }
    const field = /^(\w+):\s+(\d+) kB/.exec(line);
    if (field && cur) cur.kb[field[1]] = Number(field[2]);
  }
  return maps;
};

const fileKind = (path) => {
  if (/\.lance$|\/chunks\.lance\/|\.lance\/|lancedb|\/_versions\/|\/data\/.*\.lance/.test(path)) return "file: LanceDB";
  if (/\.(sqlite|db)(-wal|-shm)?$|\.db-shm$|log\.db/.test(path)) return "file: SQLite";
  if (/kuzu|\/graph(\.kz)?(\/|$)|\.wal$/.test(path)) return "file: Kuzu";
  if (/\.so(\.|$)|\.node$|\/node$|\/bin\//.test(path)) return "file: code (node, .so, .node)";
  return "file: other";
};

/** Groups `maps` (see the header); answers group → { rss, dirty, count } in kB. */
export const classify = (maps) => {
  const groups = new Map();
  const add = (name, m) => {
    const g = groups.get(name) ?? { rss: 0, dirty: 0, count: 0, size: 0 };
    g.rss += m.kb.Rss ?? 0;
    g.dirty += m.kb.Private_Dirty ?? 0;
    g.count += 1;
    g.size += m.size / 1024;
    groups.set(name, g);
  };
  for (let i = 0; i < maps.length; i++) {
    const m = maps[i];
    if (m.path === "[heap]") add("[heap] (main arena)", m);
    else if (m.path.startsWith("[stack")) add("stacks", m);
    else if (m.path.startsWith("[")) add(`other ${m.path}`, m);
    else if (m.path !== "") add(fileKind(m.path), m);
    else if (m.size >= 2 ** 40) add("huge reservation (Kuzu buffer pool)", m);
    else {
      const next = maps[i + 1];
      const prev = maps[i - 1];
      // An arena heap: 64 MB-aligned, its used part then the PROT_NONE rest of the 64 MB.
      const arenaHead = m.start % BigInt(ARENA) === 0n && m.perms.startsWith("rw") && (m.size === ARENA || (next && next.path === "" && next.perms.startsWith("---") && next.end - m.start === BigInt(ARENA)));
      const arenaTail = m.perms.startsWith("---") && prev && prev.start % BigInt(ARENA) === 0n && m.end - prev.start === BigInt(ARENA) && prev.perms.startsWith("rw");
      if (arenaHead || arenaTail) add("glibc arenas (64 MB heaps of the threads)", m);
      else if (m.perms.startsWith("---")) add("reserved (PROT_NONE)", m);
      else if (m.size <= MB) add("small anonymous ≤ 1 MB (V8 pages of every isolate)", m);
      else if (m.size === 8 * MB || m.size === 8 * MB - 4096 || (prev && prev.perms.startsWith("---") && prev.size === 4096 && m.size <= 8 * MB)) add("thread stacks", m);
      else if (m.size < 64 * MB) add("anonymous 1–64 MB (V8 large objects, LanceDB/Arrow buffers, mmap'd malloc)", m);
      else add("anonymous ≥ 64 MB (V8 reservations, large malloc)", m);
    }
  }
  return groups;
};

export const threadNames = (pid) => {
  const names = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
      names.set(name, (names.get(name) ?? 0) + 1);
    } catch {
      // the thread ended
    }
  }
  return names;
};

export const summary = (pid) => {
  const maps = readSmaps(pid);
  const groups = classify(maps);
  const total = maps.reduce((s, m) => s + (m.kb.Rss ?? 0), 0);
  return { pid, totalRssMb: total / 1024, groups: Object.fromEntries([...groups].map(([k, g]) => [k, { rssMb: g.rss / 1024, dirtyMb: g.dirty / 1024, count: g.count, sizeMb: g.size / 1024 }])), threads: Object.fromEntries(threadNames(pid)) };
};

export const format = (s) => {
  const rows = Object.entries(s.groups).sort((a, b) => b[1].rssMb - a[1].rssMb);
  const lines = [`pid ${s.pid}: RSS ${s.totalRssMb.toFixed(0)} MB`];
  for (const [k, g] of rows) if (g.rssMb >= 1) lines.push(`  ${g.rssMb.toFixed(0).padStart(6)} MB rss ${g.dirtyMb.toFixed(0).padStart(6)} MB dirty  ${String(g.count).padStart(5)} maps  ${k}`);
  lines.push(`  threads: ${Object.entries(s.threads).map(([n, c]) => `${n}×${c}`).join(", ")}`);
  return lines.join("\n");
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const pid = Number(process.argv[2]);
  if (!Number.isInteger(pid) || pid <= 0) {
    process.stderr.write("usage: node scripts/smaps-summary.mjs <pid> [--json]\n");
    process.exit(2);
  }
  const s = summary(pid);
  process.stdout.write(process.argv.includes("--json") ? `${JSON.stringify(s, null, 2)}\n` : `${format(s)}\n`);
}
