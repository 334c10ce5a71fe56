/**
 * Ranks memory entries against a topic with BM25 over identifier-aware tokens: `getUserById`,
 * `get_user_by_id` and `src/auth/login.ts` all split into their words, so a topic like
 * "user login" finds rules written about `UserService.login`.
 */

const STOPWORDS = new Set(
  "a an and are as at be but by for from has have in is it its of on or that the this to was we were will with not no do does use used using should must".split(" "),
);

const stem = (w: string): string => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w);

/** Words of a text: identifiers split at case changes, digits, `_`, `-`, `.`, `/`; lower-cased; stop words dropped. */
export const tokenize = (text: string): string[] => {
  const out: string[] = [];
  for (const raw of text.split(/[^\p{L}\p{N}_]+/u)) {
    if (!raw) continue;
    const parts = raw
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2")
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
      .split(/[\s_]+/);
    for (const p of parts) {
      const w = p.toLowerCase();
      if (w.length > 1 && !STOPWORDS.has(w)) out.push(stem(w));
    }
    // The whole identifier too, so an exact `getUserById` outranks its scattered words.
    if (parts.length > 1) out.push(raw.toLowerCase());
  }
  return out;
};

export interface RankDocument {
  readonly key: string;
  /** Fields with weights: a title counts more than the text under it. */
  readonly fields: ReadonlyArray<{ readonly text: string; readonly weight: number }>;
}

const K1 = 1.2;
const B = 0.75;

/** BM25 scores for the documents that share at least one token with the topic (others are left out). */
export const rankByTopic = (topic: string, docs: ReadonlyArray<RankDocument>): Map<string, number> => {
  const query = [...new Set(tokenize(topic))];
  const scores = new Map<string, number>();
  if (query.length === 0 || docs.length === 0) return scores;
  const bags = docs.map((d) => {
    const tf = new Map<string, number>();
    let length = 0;
    for (const f of d.fields) {
      for (const t of tokenize(f.text)) {
        tf.set(t, (tf.get(t) ?? 0) + f.weight);
        length += f.weight;
      }
    }
    return { key: d.key, tf, length };
  });
  const avgLength = bags.reduce((n, b) => n + b.length, 0) / bags.length || 1;
  const df = new Map<string, number>();
  for (const t of query) df.set(t, bags.filter((b) => b.tf.has(t)).length);
  for (const bag of bags) {
    let score = 0;
    for (const t of query) {
      const f = bag.tf.get(t);
      if (!f) continue;
      const n = df.get(t)!;
      const idf = Math.log(1 + (bags.length - n + 0.5) / (n + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * bag.length) / avgLength));
    }
    if (score > 0) scores.set(bag.key, score);
  }
  return scores;
};
