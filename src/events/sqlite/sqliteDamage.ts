/**
 * Result codes with which SQLite says a file's content is not a valid database: a damaged page,
 * a header that is not SQLite's, a read that came back short of a page it expected.
 * Not among them: SQLITE_FULL (a full disk), SQLITE_BUSY and SQLITE_LOCKED (another process),
 * SQLITE_READONLY, SQLITE_CANTOPEN, and plain SQLITE_IOERR (a failing disk): rebuilding a store
 * for those would not help, and on a full disk it would make things worse.
 */
const DAMAGE_CODES = new Set(["SQLITE_CORRUPT", "SQLITE_CORRUPT_VTAB", "SQLITE_CORRUPT_SEQUENCE", "SQLITE_CORRUPT_INDEX", "SQLITE_NOTADB", "SQLITE_IOERR_SHORT_READ"]);

/** SQLite's own words when a read or write failed because the file is damaged, or null for any other failure. */
export const sqliteDamage = (e: unknown): string | null => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" && DAMAGE_CODES.has(code) && e instanceof Error ? e.message : null;
};
