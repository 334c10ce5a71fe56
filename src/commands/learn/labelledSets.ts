import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LabelledSentence } from "./scoreClassifier.js";

/**
 * The labelled sentences under fixtures/autolearn/, in the order they were written: the main
 * set (200 sentences, half hard negatives), then a held-out set and a fresh set, each written
 * after the classifier had been fitted to the sets before it and measured once before any change
 * (commit messages give those first figures). The test and the bench score all three.
 */
export const LABELLED_SETS = ["instructions.jsonl", "instructions-heldout.jsonl", "instructions-fresh.jsonl"] as const;

export const readLabelledSet = (repoRoot: string, name: string): LabelledSentence[] =>
  readFileSync(join(repoRoot, "fixtures", "autolearn", name), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as LabelledSentence);
