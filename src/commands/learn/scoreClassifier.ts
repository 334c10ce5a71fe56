import type { Instruction, InstructionKind } from "./classifyInstruction.js";

/** One labelled sentence of fixtures/autolearn/instructions.jsonl. */
export interface LabelledSentence {
  readonly text: string;
  readonly lang: string;
  readonly label: InstructionKind | "none";
  /** For a negative: what kind of trap it is (question, quote, code, hypothetical, negated, descriptive). */
  readonly why?: string;
}

export interface ClassifierScore {
  readonly sentences: number;
  readonly positives: number;
  /** Found with the right kind. */
  readonly truePositives: number;
  /** Found where there is nothing, or with the wrong kind. */
  readonly falsePositives: number;
  readonly precision: number;
  readonly recall: number;
  /** The sentences it got wrong, for a reader to judge. */
  readonly mistakes: ReadonlyArray<{ readonly text: string; readonly label: string; readonly got: string }>;
}

/**
 * Precision and recall of `classify` on a labelled set. A detection counts only with the right
 * kind: a decision stored as a rule is a false positive and a miss at once.
 */
export const scoreClassifier = (set: ReadonlyArray<LabelledSentence>, classify: (s: string) => Instruction | null): ClassifierScore => {
  let positives = 0;
  let truePositives = 0;
  let falsePositives = 0;
  const mistakes: Array<{ text: string; label: string; got: string }> = [];
  for (const s of set) {
    const got = classify(s.text)?.kind ?? "none";
    if (s.label !== "none") positives++;
    if (got !== "none" && got === s.label) truePositives++;
    else if (got !== "none") falsePositives++;
    if (got !== s.label) mistakes.push({ text: s.text, label: s.label, got });
  }
  const detected = truePositives + falsePositives;
  return {
    sentences: set.length,
    positives,
    truePositives,
    falsePositives,
    precision: detected === 0 ? 1 : truePositives / detected,
    recall: positives === 0 ? 1 : truePositives / positives,
    mistakes,
  };
};
