import * as Schema from "effect/Schema";
import { MATCH_KINDS, type MatchKind, type GraphNode, type Resolved } from "../../queries/index.js";

/** A graph node as the code-graph tools report it in JSON. */
export const NodeRef = Schema.Struct({
  id: Schema.String,
  kind: Schema.String,
  name: Schema.String,
  /** Dotted name inside its file (`Square.area`); a file's path; an external module's specifier. */
  qualified_name: Schema.String,
  file: Schema.NullOr(Schema.String),
  line: Schema.Number,
  end_line: Schema.Number,
});
export type NodeRef = typeof NodeRef.Type;

export const toNodeRef = (n: GraphNode): NodeRef => ({
  id: n.id,
  kind: n.kind,
  name: n.name,
  qualified_name: n.qualifiedName,
  file: n.path,
  line: n.startLine,
  end_line: n.endLine,
});

/** How a symbol argument was resolved, and what else it named. */
export const Resolution = Schema.Struct({
  query: Schema.String,
  match: Schema.Literal(...MATCH_KINDS),
  also_matches: Schema.Array(NodeRef),
  also_matches_total: Schema.Number,
  /** How `Owner.member` reached a definition the owner does not declare: "inherited", "X is an alias of Y", or both. */
  via: Schema.optional(Schema.String),
});
export type Resolution = typeof Resolution.Type;

/**
 * "Shape is an alias of Square; inherited", "Sheet is an alias of Dialog, re-exported by
 * src/index.ts": the aliases followed, the file of the first if it exports it, then whether an
 * ancestor answered.
 */
const routeText = (route: NonNullable<Resolved["via"]>): string => {
  const first = route.aliases[0];
  const parts: string[] = [];
  if (first !== undefined) {
    const steps = [...route.aliases.slice(1).map((a) => a.node.qualifiedName), route.owner.qualifiedName];
    const exporter = !first.exported ? "" : first.node.path === route.owner.path ? `, exported by ${first.node.path}` : `, re-exported by ${first.node.path}`;
    parts.push(`${first.node.qualifiedName} is an alias of ${steps.join(" → ")}${exporter}`);
  }
  if (route.inherited) parts.push("inherited");
  return parts.join("; ");
};

export const toResolution = (r: Resolved): Resolution => ({
  query: r.query,
  match: r.match,
  also_matches: r.others.map(toNodeRef),
  also_matches_total: r.otherCount,
  ...(r.via === undefined ? {} : { via: routeText(r.via) }),
});

type Describable = GraphNode | NodeRef;
const fileOf = (n: Describable): string | null => ("path" in n ? n.path : n.file);
const lineOf = (n: Describable): number => ("startLine" in n ? n.startLine : n.line);
const qualifiedOf = (n: Describable): string => ("qualifiedName" in n ? n.qualifiedName : n.qualified_name);

/** `path:line`, or the path alone when there is no line. */
export const placeText = (file: string | null, line: number): string => (file === null ? "" : line > 0 ? `${file}:${line}` : file);

/** `Square (Class, src/shapes/square.ts:4)`, `src/render.ts (File)`, `x:react (External)`. */
export const nodeText = (n: Describable): string => {
  if (n.kind === "File") return `${fileOf(n)} (File)`;
  if (n.kind === "External") return `${n.id} (External)`;
  const place = placeText(fileOf(n), lineOf(n));
  return `${qualifiedOf(n)} (${n.kind}${place === "" ? "" : `, ${place}`})`;
};

/** The short name a line of text uses for a node already described: its qualified name, a file's path, an external's id. */
export const shortName = (n: Describable): string => (n.kind === "External" ? n.id : qualifiedOf(n));

const MATCH_WORDS: Record<MatchKind, string> = {
  exact: "",
  suffix: "matched by qualified suffix",
  normalised: "matched ignoring case and separators",
  fuzzy: "closest fuzzy match",
};

/**
 * Lines saying how an argument was resolved when it was not a plain exact hit, and which other
 * nodes it also named (the first was used): empty for an unambiguous exact match.
 */
export const resolutionNote = (r: Resolution, chosen: Describable): string[] => {
  const lines: string[] = [];
  if (r.via !== undefined) lines.push(`"${r.query}" → ${shortName(chosen)} (${r.via})`);
  else if (r.match !== "exact") lines.push(`"${r.query}" → ${shortName(chosen)} (${MATCH_WORDS[r.match]})`);
  if (r.also_matches_total > 0) {
    const more = r.also_matches_total - r.also_matches.length;
    lines.push(
      `Note: "${r.query}" also matches ${r.also_matches.map(nodeText).join("; ")}${more > 0 ? ` and ${more} more` : ""}; used the first. Pass a qualified name or path:Symbol to pick another.`,
    );
  }
  return lines;
};
