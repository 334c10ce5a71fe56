import { isDiskFullError } from "../../shared/index.js";

/**
 * Whether a failure of Kuzu or LanceDB means the store's files are damaged. Neither gives codes,
 * only messages, so these are the messages seen when a file was cut short, overwritten or
 * missing (test/projections/damage). A full disk is never damage: rebuilding there would only
 * make things worse.
 */

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : typeof e === "string" ? e : "");

const KUZU_DAMAGE = [/reading past the end of the file/i, /not a valid kuzu database/i, /checksum/i, /corrupt/i];

/** Kuzu's words when its database file is damaged, or null. */
export const kuzuDamage = (e: unknown): string | null => {
  const message = messageOf(e);
  return !isDiskFullError(e) && KUZU_DAMAGE.some((p) => p.test(message)) ? message : null;
};

const LANCE_DAMAGE = [/LanceError\(IO\)/, /LanceError\(Corrupt/, /not appear to be a Lance file/i, /lance error: Not found:/i, /panicked with message/i, /file size is too small/i];

/** LanceDB's words when a table file is damaged or missing, or null. */
export const lanceDamage = (e: unknown): string | null => {
  const message = messageOf(e);
  return !isDiskFullError(e) && LANCE_DAMAGE.some((p) => p.test(message)) ? message : null;
};

/** The first line of a library's message, without its Rust source locations: what a person reads in the report. */
export const shortReason = (message: string): string =>
  message
    .split("\n")[0]!
    .replace(/,\s*\/\S+\.rs:\d+:\d+/g, "")
    .replace(/\s+Caused by:.*$/, "")
    .trim()
    .slice(0, 200);
