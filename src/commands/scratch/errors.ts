import * as Data from "effect/Data";

/** The graph named `code` is the project's code graph, rebuilt from the source: no tool writes to it. */
export class ReadOnlyGraph extends Data.TaggedError("ReadOnlyGraph")<{ readonly graph: string }> {
  override get message(): string {
    return `graph "${this.graph}" is the project's code graph, read-only (it is built from the source files): write to a scratch graph instead (any other name; "default" when none is given)`;
  }
}

/** A node the command was asked to touch is not in the graph (or no longer: another writer removed it). */
export class NodeNotFound extends Data.TaggedError("NodeNotFound")<{ readonly graph: string; readonly label: string }> {
  override get message(): string {
    return `no node "${this.label}" in graph "${this.graph}": look it up with find_node, or add it with add_node`;
  }
}

/** Several nodes answer to one label once case and punctuation are ignored ("API" and "Api"). */
export class AmbiguousNode extends Data.TaggedError("AmbiguousNode")<{ readonly graph: string; readonly label: string; readonly candidates: ReadonlyArray<string> }> {
  override get message(): string {
    return `"${this.label}" could be any of ${this.candidates.map((c) => `"${c}"`).join(", ")} in graph "${this.graph}": pass the exact label`;
  }
}

/** Nothing was ever written to the graph, or it was deleted. */
export class GraphNotFound extends Data.TaggedError("GraphNotFound")<{ readonly graph: string }> {
  override get message(): string {
    return `no graph named "${this.graph}": list_graphs shows the graphs there are`;
  }
}

/** An edge that cannot go in as asked (an endpoint missing or ambiguous); nothing was written. */
export class EdgeRefused extends Data.TaggedError("EdgeRefused")<{ readonly reason: string }> {
  override get message(): string {
    return this.reason;
  }
}
