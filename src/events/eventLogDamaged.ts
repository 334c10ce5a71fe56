/**
 * The log file itself is damaged. Nothing rebuilds it and nothing may delete or rewrite it, so
 * the message says how a person recovers what SQLite can still read. A plain class with a
 * `_tag`, like VersionConflict: the hooks open the log without loading the Effect runtime.
 */
export class EventLogDamaged extends Error {
  readonly _tag = "EventLogDamaged" as const;
  readonly path: string;
  readonly reason: string;

  constructor(args: { readonly path: string; readonly reason: string }) {
    // .recover salvages the most, but some builds of sqlite3 (Debian's 3.40) lack it: .dump then.
    // Read in place and read-only: a copy of the file alone would miss what its WAL holds.
    super(
      `${args.path} is damaged (${args.reason}). Nemesis leaves it exactly as it is: it is the one file nothing rebuilds. ` +
        `To recover what it still holds, stop every nemesis process of this project, run ` +
        `\`sqlite3 -readonly ${args.path} .recover > events.sql && sqlite3 ${args.path}.recovered < events.sql\` (.dump where .recover fails), ` +
        `check what it holds with \`sqlite3 ${args.path}.recovered "SELECT count(*), max(position) FROM events"\`, ` +
        `move events.db with its -wal and -shm files aside and the recovered file into its place (or restore events.db from a backup), ` +
        `then run \`nemesis replay\` to rebuild the read models from it`,
    );
    this.name = "EventLogDamaged";
    this.path = args.path;
    this.reason = args.reason;
  }
}
