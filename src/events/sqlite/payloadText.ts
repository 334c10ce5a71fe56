/** A stored payload as text (written as TEXT, or as a UTF-8 BLOB), null for a row not found. */
export const payloadText = (value: string | Buffer | undefined): string | null =>
  value === undefined ? null : typeof value === "string" ? value : value.toString("utf8");
