/** The two graph questions related files need; GraphReader answers both. */
export interface FileNeighbours {
  importsOf(path: string): Promise<string[]>;
  dependentsOf(path: string): Promise<string[]>;
}

/**
 * Graph neighbours of the files a search ranked: what each imports and what imports it, minus
 * files already in the answer, so an agent sees the code around a hit and not the hit twice.
 */
export const relatedFiles = async (
  graph: FileNeighbours,
  files: ReadonlyArray<string>,
  perFile = 5,
): Promise<Map<string, string[]>> => {
  const inAnswer = new Set(files);
  const out = new Map<string, string[]>();
  for (const file of files) {
    const [imports, dependents] = await Promise.all([graph.importsOf(file), graph.dependentsOf(file)]);
    const seen = new Set<string>();
    const related: string[] = [];
    for (const p of [...imports, ...dependents]) {
      if (inAnswer.has(p) || seen.has(p)) continue;
      seen.add(p);
      related.push(p);
      if (related.length >= perFile) break;
    }
    out.set(file, related);
  }
  return out;
};
