/**
 * Strongly connected components of the directed graph on nodes 0..n-1 whose successors are
 * `successors[i]` (Tarjan's algorithm with an explicit stack, so a path of a million nodes needs
 * no recursion). Components come out in reverse topological order of the condensation: a
 * component is emitted after every component it reaches.
 */
export const stronglyConnected = (successors: ReadonlyArray<ReadonlyArray<number>>): number[][] => {
  const n = successors.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const nextEdge = new Int32Array(n);
  const stack: number[] = [];
  const visit: number[] = [];
  const components: number[][] = [];
  let counter = 0;

  const enter = (v: number): void => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = 1;
    visit.push(v);
  };

  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    enter(root);
    while (visit.length > 0) {
      const v = visit[visit.length - 1]!;
      const out = successors[v]!;
      if (nextEdge[v]! < out.length) {
        const w = out[nextEdge[v]!++]!;
        if (index[w] === -1) enter(w);
        else if (onStack[w] === 1 && index[w]! < low[v]!) low[v] = index[w]!;
        continue;
      }
      visit.pop();
      if (low[v] === index[v]) {
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component.push(w);
        } while (w !== v);
        components.push(component);
      }
      const parent = visit[visit.length - 1];
      if (parent !== undefined && low[v]! < low[parent]!) low[parent] = low[v]!;
    }
  }
  return components;
};
