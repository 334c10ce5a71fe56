/** The commits of `graph` ordered so that every parent in it comes before its children. */
export const parentsFirst = (graph: ReadonlyMap<string, ReadonlyArray<string>>): string[] => {
  const out: string[] = [];
  const done = new Set<string>();
  for (const start of graph.keys()) {
    if (done.has(start)) continue;
    // Iterative depth-first walk (histories are far deeper than the call stack): a commit is
    // written once all its parents in the graph are.
    const stack: Array<{ sha: string; next: number }> = [{ sha: start, next: 0 }];
    done.add(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const parents = graph.get(top.sha) ?? [];
      const parent = parents[top.next++];
      if (parent === undefined) {
        out.push(top.sha);
        stack.pop();
      } else if (graph.has(parent) && !done.has(parent)) {
        done.add(parent);
        stack.push({ sha: parent, next: 0 });
      }
    }
  }
  return out;
};
