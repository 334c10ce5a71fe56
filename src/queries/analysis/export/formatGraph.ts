import type { PlainGraph } from "../PlainGraph.js";
import { toCsv } from "./toCsv.js";
import { toDot } from "./toDot.js";
import { toGraphML } from "./toGraphML.js";
import { toJson } from "./toJson.js";

export const GRAPH_FORMATS = ["dot", "graphml", "json", "csv"] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

/** The graph in `format`; `note` (a cap, say) goes where the format has room for a comment. */
export const formatGraph = (graph: PlainGraph, format: GraphFormat, note?: string): string => {
  switch (format) {
    case "dot":
      return toDot(graph, note);
    case "graphml":
      return toGraphML(graph, note);
    case "json":
      return toJson(graph, note);
    case "csv":
      return toCsv(graph, note);
  }
};
