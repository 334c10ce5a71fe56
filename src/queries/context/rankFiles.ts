import { filePrior } from "../search/filePrior.js";
import { nodeFile } from "./nodeFile.js";

/**
 * Each file's relevance: the walk's mass on its nodes (the chance that a walker restarting at
 * the task's entry points stands in that file), weighed by search's prior so that tests,
 * examples and docs rank below the sources they exercise unless the task asks for them.
 */
export const rankFiles = (nodes: ReadonlyArray<{ readonly id: string; readonly mass: number }>, queryTerms: ReadonlyArray<string>): Map<string, number> => {
  const mass = new Map<string, number>();
  for (const n of nodes) {
    const file = nodeFile(n.id);
    if (file !== null) mass.set(file, (mass.get(file) ?? 0) + n.mass);
  }
  for (const [file, m] of mass) mass.set(file, m * filePrior(file, queryTerms));
  return mass;
};
