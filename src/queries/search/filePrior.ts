/**
 * How likely a file is to be the answer to a question about behaviour, before reading it:
 * tests, examples, docs and benchmarks describe code that lives elsewhere, so they rank
 * below sources unless the question is about them. Multiplies the fused file score.
 */
const TEST_PATH = /(^|\/)(tests?|__tests__|spec|specs|testing)\/|(^|\/)test_[^/]*$|_test\.[a-z]+$|\.(test|spec)\.[a-z]+$|(^|\/)conftest\.py$/i;
const AUX_PATH = /(^|\/)(examples?|docs?|benchmarks?|bench|fixtures?|samples?|scripts|play(ground)?)\//i;

/** Tuned on the localisation sets (notes/eval.md). */
export const FILE_PRIORS = { test: 0.5, aux: 0.6 };

export const isTestPath = (path: string): boolean => TEST_PATH.test(path);

export const filePrior = (path: string, queryTerms: ReadonlyArray<string>): number => {
  const asksTests = queryTerms.some((t) => t === "test" || t === "tests" || t === "spec" || t === "testing");
  if (TEST_PATH.test(path)) return asksTests ? 1 : FILE_PRIORS.test;
  if (AUX_PATH.test(path)) return queryTerms.some((t) => path.toLowerCase().includes(`${t}/`)) ? 1 : FILE_PRIORS.aux;
  return 1;
};
