import type { Changes, MemoryChange } from "./Changes.js";
import { isEmpty } from "./Changes.js";
import { writerGroup } from "./writerText.js";

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const byGroup = (groups: ReadonlyArray<string>): string =>
  [...groups.reduce((m, g) => m.set(g, (m.get(g) ?? 0) + 1), new Map<string, number>())]
    .sort((a, b) => b[1] - a[1])
    .map(([g, n]) => `${n} by ${g}`)
    .join(", ");

const MEMORY_SHOWN = 3;

const memoryItem = (m: MemoryChange): string => `${m.memory} ${m.id} ${m.change}`;

/**
 * At most three lines for the top of the session-start context, or none when nothing changed:
 * files by who changed them, commits, and memory entries by id. Symbols are left to the tool: the
 * hook does not read parse results (they are most of the log).
 */
export const summarizeChanges = (c: Changes, sessionLabel: string): string[] => {
  if (isEmpty(c)) return [];
  const first: string[] = [];
  if (c.files.length > 0) first.push(`${plural(c.files.length, "file")} changed (${byGroup(c.files.map((f) => writerGroup(f.by)))})`);
  if (c.commits.length > 0) first.push(`${plural(c.commits.length, "commit")} arrived (newest: ${c.commits[c.commits.length - 1]!.subject.slice(0, 60)})`);
  const lines = first.length > 0 ? [`Since your last session (${sessionLabel}): ${first.join("; ")}.`] : [`Since your last session (${sessionLabel}):`];
  if (c.memory.length > 0) {
    const more = c.memory.length - MEMORY_SHOWN;
    lines.push(`Memory: ${c.memory.slice(0, MEMORY_SHOWN).map(memoryItem).join(", ")}${more > 0 ? ` and ${more} more` : ""}.`);
  }
  lines.push("Details: get_changes_since (the history tool set) or `nemesis changes`.");
  return lines;
};
