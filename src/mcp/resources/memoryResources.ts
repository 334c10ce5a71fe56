import type { CallTool } from "../prompt.js";
import type { ListedResource, ResourceDefinition, ResourceText } from "../resource.js";
import { toolError } from "../tool.js";

const BASE = "nemesis://memory/";
const MARKDOWN = "text/markdown";

interface Rule {
  readonly id: string;
  readonly rule: string;
  readonly scope: string;
  readonly related_to: ReadonlyArray<string>;
  readonly recorded_at: string;
}
interface Decision {
  readonly id: string;
  readonly title: string;
  readonly reasoning: string;
  readonly alternatives: ReadonlyArray<{ readonly title: string; readonly reason_rejected: string }>;
  readonly related_to: ReadonlyArray<string>;
  readonly recorded_at: string;
}
interface Convention {
  readonly id: string;
  readonly pattern: string;
  readonly example: string;
  readonly scope: string;
}
interface Memory {
  readonly rules: ReadonlyArray<Rule>;
  readonly decisions: ReadonlyArray<Decision>;
  readonly conventions: ReadonlyArray<Convention>;
  /** Links of rules and decisions to code that changed or vanished since they were recorded. */
  readonly stale: ReadonlyArray<{ readonly id: string; readonly why: string }>;
}

type Kind = "rule" | "decision" | "convention";
const KINDS: ReadonlyArray<{ readonly kind: Kind; readonly plural: "rules" | "decisions" | "conventions"; readonly title: string }> = [
  { kind: "rule", plural: "rules", title: "Rules in force" },
  { kind: "decision", plural: "decisions", title: "Decisions in force" },
  { kind: "convention", plural: "conventions", title: "Conventions" },
];

/** get_project_context's most entries of each kind, all of which the resources list. */
const MOST = 100;

/** Everything in force, as get_project_context answers it. */
const memoryOf = async (call: CallTool): Promise<Memory> => {
  const answer = await call("get_project_context", { limit: MOST, json_output: true });
  const text = answer.content.map((c) => c.text).join("\n");
  if (answer.isError) throw toolError(text);
  return JSON.parse(text) as Memory;
};

const scopeLine = (scope: string): string[] => (scope !== "project" ? [`Scope: ${scope}`] : []);
const aboutLine = (related: ReadonlyArray<string>): string[] => (related.length > 0 ? [`About: ${related.join(", ")}`] : []);
const oneLine = (text: string, max = 100): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const summaryOf = (kind: Kind, e: Rule | Decision | Convention): string =>
  kind === "rule" ? (e as Rule).rule : kind === "decision" ? (e as Decision).title : (e as Convention).pattern;

const staleLines = (memory: Memory, id: string): string[] => memory.stale.filter((s) => s.id === id).map((s) => `Stale: ${s.why}`);

const entryText = (kind: Kind, e: Rule | Decision | Convention, memory: Memory): string => {
  if (kind === "rule") {
    const r = e as Rule;
    return [`# Rule ${r.id}`, "", r.rule, "", ...scopeLine(r.scope), ...aboutLine(r.related_to), `Recorded: ${r.recorded_at}`, ...staleLines(memory, r.id)].join("\n");
  }
  if (kind === "decision") {
    const d = e as Decision;
    const rejected = d.alternatives.map((a) => `- ${a.title}: ${a.reason_rejected}`);
    return [
      `# Decision ${d.id}: ${d.title}`,
      "",
      d.reasoning,
      ...(rejected.length > 0 ? ["", "Rejected:", ...rejected] : []),
      "",
      ...aboutLine(d.related_to),
      `Recorded: ${d.recorded_at}`,
      ...staleLines(memory, d.id),
    ].join("\n");
  }
  const c = e as Convention;
  return [`# Convention ${c.id}`, "", c.pattern, ...(c.example ? ["", `Example: ${c.example}`] : []), ...(c.scope !== "project" ? ["", `Scope: ${c.scope}`] : [])].join("\n");
};

const entriesOf = (memory: Memory, plural: "rules" | "decisions" | "conventions"): ReadonlyArray<Rule | Decision | Convention> => memory[plural];

/**
 * The project memory in force as resources: one per kind (`nemesis://memory/rules`, …/decisions,
 * …/conventions) and one per entry (`nemesis://memory/rule/<id>`, …), read through get_project_context.
 */
export const memoryResources: ResourceDefinition = {
  tool: "get_project_context",
  templates: KINDS.map(({ kind }) => ({
    uriTemplate: `${BASE}${kind}/{id}`,
    name: `${kind}`,
    title: `A ${kind} of the project memory`,
    description: `One ${kind} in force, by its id (resources/list names them)`,
    mimeType: MARKDOWN,
  })),
  list: async (call) => {
    const memory = await memoryOf(call);
    const out: ListedResource[] = [];
    for (const { kind, plural, title } of KINDS) {
      const entries = entriesOf(memory, plural);
      out.push({ uri: `${BASE}${plural}`, name: plural, title, description: `Every ${kind} in force (${entries.length})`, mimeType: MARKDOWN });
      for (const e of entries) out.push({ uri: `${BASE}${kind}/${encodeURIComponent(e.id)}`, name: e.id, description: oneLine(summaryOf(kind, e)), mimeType: MARKDOWN });
    }
    return out;
  },
  read: async (uri, call): Promise<ResourceText | null> => {
    if (!uri.startsWith(BASE)) return null;
    const rest = uri.slice(BASE.length);
    const all = KINDS.find((k) => k.plural === rest);
    const [kindName, rawId] = rest.split("/", 2) as [string, string | undefined];
    const one = KINDS.find((k) => k.kind === kindName);
    const uris = KINDS.map((k) => `${BASE}${k.plural}`).join(", ");
    if (all === undefined && (one === undefined || rawId === undefined || rawId === "")) {
      throw toolError(`unknown resource ${uri}: the memory resources are ${uris}, and ${BASE}<rule|decision|convention>/<id> (resources/list names every entry)`);
    }
    const memory = await memoryOf(call);
    if (all !== undefined) {
      const entries = entriesOf(memory, all.plural);
      const lines = entries.map((e) => `- [${e.id}] ${oneLine(summaryOf(all.kind, e), 400)}`);
      const text = [`# ${all.title} (${entries.length})`, "", ...(lines.length > 0 ? lines : [`none recorded yet`])].join("\n");
      return { uri, mimeType: MARKDOWN, text };
    }
    const id = decodeURIComponent(rawId!);
    const entry = entriesOf(memory, one!.plural).find((e) => e.id === id);
    if (entry === undefined) throw toolError(`no ${one!.kind} ${id} in force: ${BASE}${one!.plural} lists them (a retired rule or superseded decision is not served)`);
    return { uri, mimeType: MARKDOWN, text: entryText(one!.kind, entry, memory) };
  },
};
