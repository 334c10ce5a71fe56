import type { MemoryChange, MemoryKind } from "./Changes.js";

/** A rule, decision or convention as the catalog holds it after a replay. */
export interface MemoryAt {
  readonly memory: MemoryKind;
  readonly id: string;
  readonly text: string;
  readonly status: string;
  readonly note: string | null;
}

const changeOf = (before: MemoryAt | undefined, after: MemoryAt): MemoryChange["change"] | null => {
  if (before === undefined) return "recorded";
  if (after.status !== before.status) {
    if (after.status === "retired") return "retired";
    if (after.status === "superseded") return "superseded";
    return "updated";
  }
  return after.text !== before.text ? "updated" : null;
};

/** Memory recorded, retired, superseded or rewritten between two states, keyed alike (by stream). Memory is never deleted. */
export const diffMemory = (before: ReadonlyMap<string, MemoryAt>, after: ReadonlyMap<string, MemoryAt>): MemoryChange[] => {
  const out: MemoryChange[] = [];
  for (const id of [...after.keys()].sort()) {
    const a = after.get(id)!;
    const change = changeOf(before.get(id), a);
    if (change !== null) out.push({ change, memory: a.memory, id: a.id, text: a.text, status: a.status, note: a.note });
  }
  return out;
};
