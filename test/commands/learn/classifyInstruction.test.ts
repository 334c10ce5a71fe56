import { describe, expect, it } from "vitest";
import { classifyInstruction, findInstructions, splitSentences } from "../../../src/commands/learn/classifyInstruction.js";
import { LABELLED_SETS, readLabelledSet } from "../../../src/commands/learn/labelledSets.js";
import { scoreClassifier } from "../../../src/commands/learn/scoreClassifier.js";
import { REPO_ROOT } from "../../helpers.js";

const sets = LABELLED_SETS.map((name) => ({ name, sentences: readLabelledSet(REPO_ROOT, name) }));

describe("the labelled sets", () => {
  it("hold at least 150 sentences in English and German, half of them hard negatives", () => {
    const main = sets[0]!.sentences;
    expect(main.length).toBeGreaterThanOrEqual(150);
    expect(main.filter((s) => s.label === "none").length).toBeGreaterThanOrEqual(main.length / 2);
    for (const lang of ["en", "de"]) expect(main.filter((s) => s.lang === lang).length).toBeGreaterThanOrEqual(50);
  });

  it("are classified with precision ≥ 0.95 and recall ≥ 0.70, each and together", () => {
    for (const set of [...sets, { name: "all", sentences: sets.flatMap((s) => s.sentences) }]) {
      const score = scoreClassifier(set.sentences, classifyInstruction);
      // What it got wrong, so a failing run says which sentences (the bench prints the same).
      const wrong = score.mistakes.map((m) => `[${m.label} → ${m.got}] ${m.text}`).join("; ");
      expect({ set: set.name, precisionMet: score.precision >= 0.95, recallMet: score.recall >= 0.7, wrong: score.precision >= 0.95 ? "" : wrong }).toEqual({
        set: set.name,
        precisionMet: true,
        recallMet: true,
        wrong: "",
      });
    }
  });
});

describe("classifyInstruction", () => {
  it.each([
    ["From now on, use pnpm instead of npm.", "rule", "Use pnpm instead of npm."],
    ["Okay, going forward, keep functions short", "rule", "Keep functions short."],
    ["ab jetzt immer pnpm verwenden", "rule", "Immer pnpm verwenden."],
    ["If the build breaks, never force-push.", "rule", "If the build breaks, never force-push."],
    ["We decided to use Postgres because we need transactions.", "decision", "Use Postgres because we need transactions."],
    ["Convention: tests sit next to the code.", "convention", "Tests sit next to the code."],
    ["Konvention: Tabellen im Plural.", "convention", "Tabellen im Plural."],
  ])("%s → %s", (sentence, kind, text) => {
    expect(classifyInstruction(sentence)).toEqual({ kind, text, sentence });
  });

  it.each([
    "Should we always squash?",
    "We never decided on a logger.",
    "The docs say \"always use tabs\".",
    "// always call init() first",
    "If we always deployed on Fridays, we'd have outages.",
    "It's not always necessary.",
    "The cache never expires.",
    "Wir haben noch nicht entschieden, ob wir GraphQL nutzen.",
  ])("ignores %s", (sentence) => {
    expect(classifyInstruction(sentence)).toBeNull();
  });
});

describe("findInstructions", () => {
  it("skips code blocks and block quotes, splits sentences and keeps each instruction once", () => {
    const message = [
      "Thanks! Always run the linter before committing. Also, z.B. hier: nie `any` verwenden.",
      "```ts",
      "// always call init() first",
      "```",
      "> Never push to main (from the old wiki)",
      "- always run the linter before committing",
      "We decided to drop Node 16.",
    ].join("\n");
    expect(splitSentences(message)).toEqual([
      "Thanks!",
      "Always run the linter before committing.",
      "Also, z.B. hier: nie `any` verwenden.",
      "always run the linter before committing",
      "We decided to drop Node 16.",
    ]);
    expect(findInstructions(message).map((i) => [i.kind, i.text])).toEqual([
      ["rule", "Always run the linter before committing."],
      ["decision", "Drop Node 16."],
    ]);
  });
});
