import type Database from "better-sqlite3";
import { isTestPath } from "../search/filePrior.js";
import type { EntryPoint } from "./EntryPoint.js";

/** A line that starts a program or registers a command or a route, and the kind it makes. */
const PATTERNS: ReadonlyArray<{ readonly kind: string; readonly re: RegExp }> = [
  { kind: "python-main", re: /^\s*if\s+__name__\s*==\s*['"]__main__['"]\s*:/ },
  // commander/yargs `.command("name")`, click `@click.command()` / `@cli.command()` / `@click.group()`.
  { kind: "cli", re: /\.command\(\s*['"`][\w:-]+|^\s*@\w+(?:\.\w+)*\.(?:command|group)\(/ },
  { kind: "cli", re: /&cobra\.Command\{/ },
  // express/koa/fastify `app.get("/…"`, flask `@app.route("/…"`, fastapi `@router.post("/…"`, Go `http.HandleFunc("/…"`.
  { kind: "http", re: /\b\w+\.(?:get|post|put|patch|delete|all|route|HandleFunc|Handle)\(\s*['"`]\// },
];

/** Substrings one of which every match contains: SQLite drops the other chunks before any regex runs. */
const NEEDLES = ["__main__", ".command(", ".group(", "cobra.Command", "('/", '("/', "(`/"];

const SQL = `SELECT path, start_line AS startLine, text FROM chunks WHERE ${NEEDLES.map(() => "instr(text, ?) > 0").join(" OR ")}`;

const MAX_DETAIL = 60;

/**
 * Entry points the parse does not record, found in the chunk text: Python `if __name__ ==
 * "__main__":` blocks, CLI command registration and HTTP route registration. Test files are
 * skipped; a line seen in two overlapping chunks counts once.
 */
export const scanEntryChunks = (db: Database.Database): EntryPoint[] => {
  const rows = db.prepare(SQL).all(...NEEDLES) as Array<{ path: string; startLine: number; text: string }>;
  const found = new Map<string, EntryPoint>();
  for (const r of rows) {
    if (isTestPath(r.path)) continue;
    const lines = r.text.split("\n");
    lines.forEach((text, i) => {
      const hit = PATTERNS.find((p) => p.re.test(text));
      if (hit === undefined) return;
      const line = r.startLine + i;
      const detail = text.trim();
      found.set(`${r.path}:${line}`, { kind: hit.kind, file: r.path, line, detail: detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL - 1)}…` : detail });
    });
  }
  return [...found.values()];
};
