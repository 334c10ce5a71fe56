import { nodeFile } from "./nodeFile.js";

/**
 * Where the walk restarts, and how often: search ranks files on more evidence than any one
 * symbol carries (whole-file keywords, the best chunk, graph neighbours, tests below sources),
 * so its ranking shares the restart mass out: the file at rank r gets 1/r, as the chance of
 * being a file the task touches falls with the rank of a good ranker; an entry point in no
 * ranked file gets what the next rank would. Within a file its entry points split that share by
 * their own evidence (`raw`: chunk scores and how much of the task their names and text say), so
 * a file with many matching symbols weighs no more than a file with one. A ranked file without
 * an entry point restarts the walk at its file node.
 */
export const anchorSeeds = (
  raw: ReadonlyMap<string, number>,
  files: ReadonlyArray<{ readonly file: string }>,
): Map<string, number> => {
  const share = new Map(files.map((f, i) => [f.file, 1 / (i + 1)]));
  const past = 1 / (files.length + 1);
  const total = new Map<string, number>();
  for (const [id, s] of raw) {
    const file = nodeFile(id) ?? "";
    total.set(file, (total.get(file) ?? 0) + s);
  }
  const out = new Map<string, number>();
  for (const [id, s] of raw) {
    const sum = total.get(nodeFile(id) ?? "") ?? 0;
    if (sum > 0 && s > 0) out.set(id, (share.get(nodeFile(id) ?? "") ?? past) * (s / sum));
  }
  for (const [file, w] of share) if (!((total.get(file) ?? 0) > 0)) out.set(`f:${file}`, w);
  return out;
};
