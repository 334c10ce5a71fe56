import { randomBytes } from "node:crypto";
import type { MemoryKind } from "./errors.js";

const PREFIX: Record<MemoryKind, string> = { rule: "rule", decision: "dec", convention: "conv" };

/** Short, typeable ids (`rule-3f9a2c1b`); a collision surfaces as a version conflict and is retried. */
export const newMemoryId = (kind: MemoryKind): string => `${PREFIX[kind]}-${randomBytes(4).toString("hex")}`;

export const streamOf = (kind: MemoryKind, id: string): string => `${kind}:${id}`;

/** Which kind an id's prefix names, so a rule id given to a decision command gets a useful hint. */
export const kindOfId = (id: string): MemoryKind | null => {
  for (const [kind, prefix] of Object.entries(PREFIX)) if (id.startsWith(`${prefix}-`)) return kind as MemoryKind;
  return null;
};
