/** Prints rows as an aligned plain-text table; the last column is never padded. */
export const formatTable = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): string => {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  return all
    .map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ").trimEnd())
    .join("\n");
};

export const oneLine = (text: string, max = 80): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export const printJsonLines = (items: Iterable<unknown>): void => {
  const out: string[] = [];
  for (const item of items) out.push(JSON.stringify(item));
  if (out.length) process.stdout.write(`${out.join("\n")}\n`);
};
