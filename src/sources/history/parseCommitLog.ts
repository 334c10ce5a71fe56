import type { CommitFile, CommitObserved } from "../../events/index.js";

/**
 * The `git log` arguments whose output `parseCommitLog` reads. `-z` ends every field with a NUL,
 * so any file name (spaces, tabs, newlines, quotes) comes through as git stored it. The header is
 * six fields; then, per file, `--raw` gives the status (and the old path of a rename) and
 * `--numstat` the line counts (`-` for a binary file).
 * Merges list no files (`--diff-merges=off`): their changes are the commits they merge, each
 * observed in its own right, and a merge carries no co-change weight anyway.
 */
export const LOG_ARGS = [
  "log",
  "-z",
  "--format=%H%x00%P%x00%ct%x00%aN%x00%s%x00%b",
  "--raw",
  "--numstat",
  "-M",
  "--diff-merges=off",
  "--relative",
  "--no-color",
  "--no-textconv",
  "--no-ext-diff",
  "--encoding=UTF-8",
] as const;

/** Caps on what one commit carries, so one vendored import cannot make an event of megabytes. */
export const MAX_BODY_CHARS = 2_000;
export const MAX_FILES = 1_000;

const HEADER_FIELDS = 6;
const NUMSTAT = /^(-|\d+)\t(-|\d+)\t/;
const STATUSES = new Set(["A", "M", "D", "R", "C", "T"]);

/** NUL-terminated fields of a buffer, decoded one at a time (a field peeked at is decoded once). */
class Fields {
  private at = 0;
  private peeked: { readonly text: string; readonly next: number } | null = null;
  constructor(private readonly buf: Buffer) {}
  get done(): boolean {
    return this.at >= this.buf.length;
  }
  peek(): string | undefined {
    if (this.peeked === null && !this.done) {
      let end = this.buf.indexOf(0, this.at);
      if (end < 0) end = this.buf.length;
      this.peeked = { text: this.buf.toString("utf8", this.at, end), next: end + 1 };
    }
    return this.peeked?.text;
  }
  next(): string | undefined {
    const text = this.peek();
    if (this.peeked !== null) this.at = this.peeked.next;
    this.peeked = null;
    return text;
  }
}

interface Counts {
  added: number | null;
  deleted: number | null;
}

const count = (s: string): number | null => (s === "-" ? null : Number(s));

const capBody = (body: string): string => {
  const trimmed = body.trimEnd();
  return trimmed.length <= MAX_BODY_CHARS ? trimmed : `${trimmed.slice(0, MAX_BODY_CHARS - 1)}…`;
};

/** The raw and numstat entries of one commit, up to the next commit's header. */
const readFiles = (fields: Fields): CommitFile[] => {
  const raw: Array<{ path: string; status: CommitFile["status"]; from?: string }> = [];
  const counts = new Map<string, Counts>();
  for (;;) {
    const peeked = fields.peek();
    if (peeked === undefined) break;
    // The first entry after the header comes after a newline.
    const entry = peeked.startsWith("\n") ? peeked.slice(1) : peeked;
    if (entry.startsWith(":")) {
      fields.next();
      // ":100644 100644 <sha> <sha> R086": the status letter, then a score for renames and copies.
      const letter = entry.slice(entry.lastIndexOf(" ") + 1, entry.lastIndexOf(" ") + 2);
      const status = (STATUSES.has(letter) ? letter : "M") as CommitFile["status"];
      if (status === "R" || status === "C") {
        const from = fields.next() ?? "";
        raw.push({ path: fields.next() ?? "", status, from });
      } else raw.push({ path: fields.next() ?? "", status });
      continue;
    }
    const m = NUMSTAT.exec(entry);
    if (m === null) break;
    fields.next();
    let path = entry.slice(m[0].length);
    // A rename's counts: an empty path, then the old and the new one.
    if (path === "") {
      fields.next();
      path = fields.next() ?? "";
    }
    const c = { added: count(m[1]!), deleted: count(m[2]!) };
    const before = counts.get(path);
    // A type change may be counted as a deletion and an addition of one path.
    if (before === undefined) counts.set(path, c);
    else counts.set(path, { added: sum(before.added, c.added), deleted: sum(before.deleted, c.deleted) });
  }
  return raw.map((r) => {
    const c = counts.get(r.path) ?? { added: null, deleted: null };
    return { path: r.path, status: r.status, ...(r.from !== undefined ? { from: r.from } : {}), added: c.added, deleted: c.deleted };
  });
};

const sum = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a + b);

/** The commits of one `git log ${LOG_ARGS}` output, in its order. */
export const parseCommitLog = (out: Buffer): CommitObserved[] => {
  const fields = new Fields(out);
  const commits: CommitObserved[] = [];
  while (!fields.done) {
    const header: string[] = [];
    for (let i = 0; i < HEADER_FIELDS; i++) header.push(fields.next() ?? "");
    const [sha, parents, time, author, subject, body] = header as [string, string, string, string, string, string];
    // A trailing NUL at the very end reads as one empty field.
    if (sha === "") break;
    const files = readFiles(fields);
    commits.push({
      sha,
      parents: parents === "" ? [] : parents.split(" "),
      time: Number(time),
      author,
      subject,
      body: capBody(body),
      files: files.length > MAX_FILES ? files.slice(0, MAX_FILES) : files,
      ...(files.length > MAX_FILES ? { filesTotal: files.length } : {}),
    });
  }
  return commits;
};
