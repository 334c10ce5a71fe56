/** A memory event as the log holds it: the fields a fold of rules and decisions reads. */
export interface MemoryEventAt {
  readonly type: string;
  readonly position: number;
  readonly recordedAt: string;
  readonly data: unknown;
}

/** A rule or decision in force, with what it is linked to and when it was last stored. */
export interface LinkedMemory {
  readonly memory: "rule" | "decision";
  readonly id: string;
  /** The rule's content, the decision's title. */
  readonly text: string;
  readonly relatedTo: ReadonlyArray<string>;
  /** The position of the event that stored it (the latest, when it was stored again): its links are as of then. */
  readonly position: number;
  readonly recordedAt: string;
}

export const LINKED_MEMORY_TYPES = ["RuleStored", "RuleRetired", "DecisionRecorded", "DecisionSuperseded"] as const;

type Data = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === "string" ? v : "");
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/**
 * Rules not retired and decisions not superseded, in the order they were first recorded, from
 * their events in position order (payloads read as stored: every version has these fields, a
 * decision of v1 no links). What the catalog's memory tables hold after a replay, and no more.
 */
export const memoryInForce = (events: ReadonlyArray<MemoryEventAt>): LinkedMemory[] => {
  const byId = new Map<string, LinkedMemory>();
  for (const e of events) {
    const d = (e.data ?? {}) as Data;
    const id = text(d.id);
    switch (e.type) {
      case "RuleStored":
        byId.set(id, { memory: "rule", id, text: text(d.content), relatedTo: list(d.relatedTo), position: e.position, recordedAt: e.recordedAt });
        break;
      case "DecisionRecorded":
        byId.set(id, { memory: "decision", id, text: text(d.title), relatedTo: list(d.relatedTo), position: e.position, recordedAt: e.recordedAt });
        break;
      case "RuleRetired":
      case "DecisionSuperseded":
        byId.delete(id);
        break;
    }
  }
  return [...byId.values()];
};
