/**
 * A read model's file is damaged: its header or size is wrong, its checksum does not match, or a
 * read or write of it failed in a way only damage explains. Everything in a read model comes
 * from the log, so the remedy is always the same: drop it and rebuild it (the engine does so by
 * itself; elsewhere the message says how). A plain class with a `_tag`, like VersionConflict:
 * the hooks read the catalog without loading the Effect runtime.
 */
export class StoreDamaged extends Error {
  readonly _tag = "StoreDamaged" as const;
  /** The read model (a projection's name). */
  readonly model: string;
  /** The damaged file (or folder, for LanceDB's table). */
  readonly file: string;
  readonly reason: string;

  constructor(args: { readonly model: string; readonly file: string; readonly reason: string }) {
    super(`${args.file} is damaged (${args.reason}): \`nemesis replay --projection ${args.model}\` rebuilds it from the log`);
    this.name = "StoreDamaged";
    this.model = args.model;
    this.file = args.file;
    this.reason = args.reason;
  }
}
