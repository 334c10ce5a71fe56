/**
 * Words that say nothing about which commit a task resembles: English function words and the
 * filler of task and commit prose. bm25 already weighs common words down; dropping these keeps
 * a long task's query short.
 */
const STOP_WORDS = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below between both but by can " +
    "could did do does doing done down during each else few for from further get gets got had has have having he her here hers him his " +
    "how i if in into is it its itself just let like may me might more most must my no nor not now of off on once only or other our " +
    "ours out over own per please same she should so some such than that the their theirs them then there these they this those " +
    "through to too under until up upon us use used using very via was we were what when where which while who whom why will with " +
    "within without would you your yours need needs want wants make makes made new add adds added way ways thing things etc eg ie"
  ).split(" "),
);

/** Most distinct words of a task looked at: a pasted stack trace or spec is not read to its end. */
export const MAX_TASK_WORDS = 64;

/** Runs of letters and digits (with their combining marks): everything else, punctuation included, separates words. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const LOWER = /^[\p{Ll}\p{M}]+$/u;
/** The joints of camelCase and PascalCase words (`parseHTTPHeader` → parse, HTTP, Header). */
const CAMEL = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

/**
 * The words of `text` worth matching, lowercased, first occurrence first: whole identifiers and
 * their camelCase parts, at most `max`.
 */
export const messageTerms = (text: string, max = MAX_TASK_WORDS): string[] => {
  const out: string[] = [];
  const seen = new Set<string>();
  const keep = (word: string) => {
    const w = word.toLowerCase();
    if (w.length < 2 || seen.has(w) || STOP_WORDS.has(w)) return;
    seen.add(w);
    out.push(w);
  };
  for (const [word] of text.matchAll(WORD)) {
    keep(word);
    // Splitting is the costly part, and a word in lower case has no joint.
    if (!LOWER.test(word)) for (const part of word.split(CAMEL)) keep(part);
    if (out.length >= max) break;
  }
  return out.slice(0, max);
};

/**
 * An FTS5 MATCH expression for words of messageTerms: each quoted (a word is then never read as
 * an operator or a column name; it holds no quote to escape), joined by OR so a commit matching
 * some of them ranks by how many and how rare.
 */
export const matchExpression = (terms: ReadonlyArray<string>): string => terms.map((t) => `"${t}"`).join(" OR ");
