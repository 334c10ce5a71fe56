/**
 * Tells a durable instruction ("always use…", "we decided…", "Convention: …", "ab jetzt
 * immer…") from everything else a person types to a coding agent. Pure and rule-based: the
 * rules are about sentence shape (where the trigger stands, what mood the sentence is in), so
 * they hold for sentences nobody wrote down in advance. Precision matters more than recall: a
 * missed instruction can be stored by hand, a false one pollutes every later session.
 *
 * What it refuses, before looking for a trigger at all: questions, anything in quotation marks
 * or reported ("the docs say never…"), code and code comments, hypotheticals and tentative talk
 * (would, maybe, if-clauses holding the trigger), and negated or descriptive uses ("we never
 * decided", "not always", "the cache never expires").
 */

export type InstructionKind = "rule" | "decision" | "convention";

export interface Instruction {
  readonly kind: InstructionKind;
  /** What to store: the instruction without lead-ins such as "From now on," or "Ab jetzt". */
  readonly text: string;
  /** The sentence as written. */
  readonly sentence: string;
}

// ---------------------------------------------------------------- masking

/** Same length as `s`, with the contents of inline code spans and quotations blanked out. */
const maskQuotedAndCode = (s: string): string => {
  const chars = [...s];
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) chars[i] = "_";
  };
  const pairs: ReadonlyArray<readonly [string, string]> = [
    ["`", "`"],
    ['"', '"'],
    ["“", "”"],
    ["„", "“"],
    ["„", "”"],
    ["»", "«"],
    ["«", "»"],
    ["‚", "‘"],
  ];
  for (const [open, close] of pairs) {
    for (let i = 0; i < chars.length; i++) {
      if (chars[i] !== open) continue;
      const end = chars.indexOf(close, i + 1);
      if (end === -1) break;
      blank(i + 1, end);
      i = end;
    }
  }
  // Single quotes only where they cannot be an apostrophe (don't, we're): after a space or at the start, closed before a non-letter.
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] !== "'" || (i > 0 && /[\p{L}\p{N}]/u.test(chars[i - 1]!))) continue;
    for (let j = i + 1; j < chars.length; j++) {
      if (chars[j] === "'" && !/[\p{L}\p{N}]/u.test(chars[j + 1] ?? " ")) {
        blank(i + 1, j);
        i = j;
        break;
      }
    }
  }
  return chars.join("");
};

// ---------------------------------------------------------------- refusals

const CODE_START = /^(\/\/|\/\*|\*\s|#|--\s|<!--|>>>|\$\s|(const|let|var|def|func|fn|import|export|return|assert|class|public|private|SELECT|INSERT)\b|(if|for|while)\s*\()/;
const CODE_INSIDE = /(=>|[;{}]\s*$|\w\([^)]*\)\s*(==|!=|;|\{)|\s==\s|\s!==?\s)/;

const looksLikeCode = (s: string, masked: string): boolean => {
  if (CODE_START.test(s) || CODE_INSIDE.test(masked)) return true;
  // Nothing but code spans and punctuation.
  return masked.replace(/[`_\s.,;:!?()[\]-]/g, "").length < 3;
};

const EN_AUX_QUESTION = /^(do|does|did|should|shall|can|could|would|will|are|is|was|were|have|has|had|may|must|need)\s+(we|you|i|they|it|he|she|the|this|that|these|those|there|our|your|anyone|someone|somebody|everyone|anybody)\b/;
const EN_WH_QUESTION = /^(why|what|how|where|which|who|whose|whom)\b/;
const DE_QUESTION = /^(warum|wieso|weshalb|weswegen|was|wo|wann|welche[rsnm]?|wer|wem|wen|ob)\b|^wie\b(?!\s+(besprochen|gesagt|vereinbart|abgesprochen)\b)/;
const DE_AUX_QUESTION = /^(soll|sollen|sollten|kann|können|könnten|muss|müssen|müssten|darf|dürfen|hat|haben|hatten|hätten|ist|sind|war|waren|will|wollen|wird|werden|gibt|gab)\s+(wir|ihr|du|es|man|jemand|das|der|die|ich|sie)\b/;
/** A verb first, then wir/ihr/du: a German yes/no question ("Nutzen wir eigentlich …"), unless it says from when on. */
const DE_VERB_FIRST_QUESTION = /^[a-zäöüß]+\s+(wir|ihr|du)\b/;

const isQuestion = (lower: string, temporal: boolean): boolean =>
  /\?/.test(lower) ||
  EN_AUX_QUESTION.test(lower) ||
  EN_WH_QUESTION.test(lower) ||
  DE_QUESTION.test(lower) ||
  DE_AUX_QUESTION.test(lower) ||
  (!temporal && DE_VERB_FIRST_QUESTION.test(lower));

/** Mood words anywhere: the sentence imagines, guesses or wishes instead of instructing. */
const TENTATIVE =
  /\b(would(?!\s+(like|love|prefer)\b)|could|might|maybe|perhaps|possibly|probably|in theory|theoretically|hypothetically|ideally|i wonder|wondering|not sure|i guess|i think|i believe|i suppose|what if|(i|you|we|they|it|he|she)'d(?!\s+(like|love|prefer)\b)|würde|würden|würdest|könnte|könnten|wäre|wären|hätte|hätten|müsste|müssten|vielleicht|eventuell|möglicherweise|wahrscheinlich|theoretisch|ich glaube|ich denke|ich frage mich|keine ahnung|nicht sicher)\b/;

/** Words that report what someone else said or wrote: the instruction is theirs, quoted. */
const REPORTED =
  /\b(said|says|say|told|tells|wrote|writes|claims?|claimed|mentioned|reads|according to|quote[sd]?|suggested|recommended|advised|meinte|meint|gemeint|sagte|sagt|gesagt|schrieb|schreibt|geschrieben|behauptet|erzählt|empfohlen|vorgeschlagen|laut|steht)\b/;
const OWN_WORDS = /\b(as i said|like i said|as i mentioned|as we said|wie gesagt|wie besprochen|wie vereinbart|wie abgesprochen)\b/g;

/** A marker that puts what follows in a condition or an open question; a trigger after it and before the next comma is inside. */
const CONDITION = /\b(if|unless|suppose|supposing|assuming|assume|in case|whether|whatever|imagine|let's say|wenn|falls|sofern|angenommen|ob|stell dir vor)\b/g;

const insideCondition = (lower: string, at: number): boolean => {
  for (const m of lower.matchAll(CONDITION)) {
    if (m.index! >= at) break;
    if (!/[,;:—–]/.test(lower.slice(m.index!, at))) return true;
  }
  return false;
};

/** "not always", "doesn't always", "nicht immer", "never always". */
const NEGATED_FREQUENCY = /\b(not|\w+n't|never|nicht|kein|keine)\s+(\w+\s+)?(always|immer|stets)\b/;

// ---------------------------------------------------------------- lead-ins

const FILLERS =
  /^(ok(ay)?|so|also|and|but|please|pls|btw|fyi|note|important|reminder|remember( that)?|keep in mind|bear in mind|one more thing|heads up|hey|hi|for the record|just so you know|as i said|like i said|as i mentioned|bitte|übrigens|wichtig|hinweis|merke? dir|denk( e)? dran|denke daran|noch etwas|noch was|nochmal|hallo|und|aber|wie gesagt|wie besprochen|wie vereinbart|wie abgesprochen)\b[\s,:!.–—-]*/;
const TEMPORAL_LEAD =
  /^(from now on|going forward|moving forward|henceforth|from here on( out)?|in (the )?future|starting (now|today|tomorrow)|as of (now|today)|for the rest of (this|the) (project|session|repo|codebase)|in this (repo|repository|project|codebase|code base)|for this (repo|repository|project|codebase)|ab jetzt|ab sofort|von jetzt an|von nun an|ab heute|ab morgen|künftig|zukünftig|in zukunft|fortan|in diesem (repo|projekt)|für dieses (repo|projekt))\b[\s,:–—-]*/;
/** Temporal markers that make an instruction of a sentence wherever they stand. */
const TEMPORAL_ANYWHERE = /\b(from now on|going forward|moving forward|henceforth|from here on( out)?|ab jetzt|ab sofort|von jetzt an|von nun an|künftig|zukünftig|fortan)\b/;
/** A leading condition or scope ("If X,", "For every new table,", "Für jede Tabelle,"): what follows may still instruct. */
const CONDITION_CLAUSE =
  /^(if|when|whenever|before|after|once|for (every|each|all|any)|in (every|each|all)|wenn|bevor|nachdem|sobald|immer wenn|falls|für (jede[nrs]?|alle)|bei (jede[mr]|allen))\b[^,]{1,150},\s*/;

interface Stripped {
  /** What is left, lower case and masked. */
  readonly rest: string;
  /** How many leading characters of the sentence were lead-ins (dropped from the stored text). */
  readonly cut: number;
  readonly temporal: boolean;
}

const stripLeadIns = (lower: string): Stripped => {
  let rest = lower;
  let cut = 0;
  let temporal = false;
  for (let changed = true; changed; ) {
    changed = false;
    for (const re of [FILLERS, TEMPORAL_LEAD]) {
      const m = re.exec(rest);
      if (m && m[0].length > 0) {
        if (re === TEMPORAL_LEAD) temporal = true;
        rest = rest.slice(m[0].length);
        cut += m[0].length;
        changed = true;
      }
    }
  }
  return { rest, cut, temporal };
};

// ---------------------------------------------------------------- triggers

const EN_ALWAYS_NEVER =
  /^((you|we|everyone|everybody|all of us|agents?)\s+(should|must|shall|need to|have to|are to|will|'ll)\s+|(please\s+)?make sure( that)?( to| you| we)?\s+|be sure to\s+|remember to\s+)?(please\s+)?(always|never|do not ever|don't ever)\b(([\s,]|always|never|ever|please|just|really|also)*)([a-z'-]*)/;
/**
 * An instruction's "always"/"never" is followed by a verb ("always run", "never commit"). These
 * words cannot start a verb phrase: after them the sentence describes, exclaims or inverts
 * ("always the same error", "never have I seen", "never mind", "always fun").
 */
const EN_NOT_AFTER_TRIGGER = new Set([
  "", "been", "was", "were", "is", "are", "had", "has", "have", "did", "mind", "gonna", "going", "seems", "seem", "will", "would", "again",
  "the", "a", "an", "this", "that", "these", "those", "my", "your", "our", "their", "his", "her", "its", "some", "no", "so", "such", "same",
  "fun", "there", "here", "in", "at", "on", "for", "with", "i", "we", "you", "it", "they", "he", "she", "true", "false", "null",
  "something", "anything", "everything", "nothing", "somebody", "someone", "anybody", "anyone", "everybody", "everyone", "nobody",
]);
/** "you always need to …", "we never have to …": a need stated as a habit is a rule. */
const EN_ALWAYS_NEED = /^(you|we)\s+(always|never)\s+(need to|have to|must|should)\b/;
/** "make sure the API never …", "achte darauf, dass … immer": what must hold, whoever does it. */
const MAKE_SURE = /^(please\s+)?(make sure|ensure|be sure|stell( bitte)? sicher|achte( bitte)? darauf)\b.*\b(always|never|immer|nie|niemals)\b/;
/** "don't use jest mocks, ever", "no console.log in committed code, ever". */
const EN_EVER_TAIL = /^(don't|do not|no|never)\b.*[\s,]ever[.!]*$/;
/** "we don't use semicolons in this codebase": a team's habit, said of a place. */
const EN_WE_DONT_HERE = /^we (don't|do not|never) [a-z]+\b.*\b(here|in this (repo|repository|project|codebase|code base|team))\b/;
/** "we always/never <verb>": a team's habit is a rule, unless the verb says it happens to them. */
const EN_WE_NORM = /^we\s+(always|never)\s+([a-z'-]+)/;
const EN_NOT_NORM_VERBS = new Set(["forget", "forgot", "seem", "end", "get", "got", "run", "hit", "struggle", "fail", "break", "lose", "miss", "complain", "wonder", "argue", "have", "had", "did", "do", "were", "are", "was", "been", "had", "need", "manage", "tend", "knew", "know", "talk", "said", "say"]);
const EN_STOP = /^(stop (using|doing|adding|writing|calling|importing|creating|committing|pushing)|(do not|don't) \w+\b.*\b(anymore|any more|ever again)\b)/;

const DE_TRIGGER = "(immer|stets|grundsätzlich|nie|niemals|keinesfalls|auf keinen fall)";
/**
 * "Immer UTC speichern", "Nie direkt auf main pushen": a verbless start is an instruction when its
 * clause ends in an infinitive ("Immer diese flaky Tests!" does not). A leading phrase of place or
 * purpose may come first ("Für neue Endpunkte immer zuerst das Schema schreiben").
 */
const DE_TRIGGER_FIRST = new RegExp(
  `^((für|bei|in|im|vor|nach|mit)\\s[^,]{1,60}?\\s)?(bitte\\s+)?${DE_TRIGGER}\\b(?!\\s+(wieder|noch|mehr|dasselbe|das gleiche|öfter|häufiger|seltener|schlimmer)\\b)[^,;]*\\b[a-zäöüß]+(en|ern|eln)\\s*([,;.!]|$)`,
);
/** An imperative: a verb first, then (after du/Sie/bitte) the trigger. */
const DE_IMPERATIVE = new RegExp(`^([a-zäöüß]+)((\\s+(sie|du|ihr|bitte|doch|uns))*)\\s+${DE_TRIGGER}\\b(?!\\s+(wieder|noch|mehr)\\b)`);
/** First words that are not verbs: with them "X immer …" describes instead of instructing. */
const DE_NOT_VERB = new Set([
  "ich", "du", "er", "sie", "es", "wir", "ihr", "man", "jemand", "niemand", "uns", "mir", "mich", "dir", "der", "die", "das", "den", "dem", "des",
  "ein", "eine", "einer", "eines", "einem", "einen", "dies", "diese", "dieser", "dieses", "diesen", "jeder", "jede", "jedes", "alle", "hier", "da",
  "dort", "so", "jetzt", "heute", "dann", "damals", "früher", "und", "aber", "oder", "weil", "dass", "denn", "doch", "ist", "sind", "war", "waren",
  "hat", "haben", "hatte", "hatten", "wird", "werden", "kann", "können", "muss", "müssen", "soll", "sollen", "darf", "will", "möchte", "bei", "mit",
  "im", "in", "am", "an", "auf", "für", "von", "zu", "nach", "unser", "unsere", "mein", "meine", "dein", "deine", "sein", "seine",
]);
const DE_WE_NORM = new RegExp(`^(wir|bei uns|hier)\\s+([a-zäöüß]+)\\s+((ab jetzt|ab sofort|künftig|bitte)\\s+)?${DE_TRIGGER}\\b(?!\\s+(wieder|noch|mehr)\\b)`);
const DE_NOT_NORM_VERBS = new Set(["haben", "hatten", "hätten", "sind", "waren", "wären", "werden", "wurden", "würden", "sollten", "müssten", "könnten", "vergessen", "vergaßen", "ist", "war", "hat", "hatte", "kriegen", "bekommen", "landen"]);

const EN_DECISION_VERB = /\b(decided|agreed|settled on|chose|opted for|standardi[sz]ed on)\b/;
const DE_DECISION_VERB = /\b(entschieden|beschlossen|geeinigt|festgelegt)\b/;
const DECIDERS = /\b(we|i|the team|our team|team|everyone|all of us|wir|ich)\b/;
/** Between who decided and the verb: a negation makes it a non-decision ("we never decided"). */
const DECISION_NEGATION = /\b(not|\w+n't|never|no longer|yet to|nie|niemals|nicht|noch nicht|kaum)\b/;
const DECISION_PREFIX = /^(decision|decided|agreed|entscheidung|beschlossen|entschieden)\s*:\s*/;
/** "we went with option B", "we're going with Fastify". */
const WENT_WITH = /^(we|we've|we have|we're|we are|we'll|wir)\s+(went|gone|going|go|will go)\s+with\s+/;
/** What was decided is nothing: "we decided nothing", "agreed on nothing so far". */
const DECIDED_NOTHING = /^[\s,:]*(on|upon|to|that|auf)?\s*(nothing|anything|little|none|nichts|nix)\b/;
const DECISION_IS = /^((the|our) decision (is|was) (to|that)|die entscheidung (ist|lautet)( gefallen)?\s*[:,]?)\s*/;

const CONVENTION =
  /^((our|the|unsere|die)\s+)?(naming |coding |code |style |file |commit |namens|code-)?(convention|konvention)(\s+(here|in this (repo|repository|project|codebase)|hier|in diesem (repo|projekt)))?\s*(\bis\b|\bist\b|\blautet\b)\s*,?\s*/;
/** "Convention: …", "Convention for this repo: …", "Konvention im Team: …". */
const CONVENTION_LABEL = /^((our|unsere)\s+)?(naming |coding |code |style |file |commit |namens|code-)?(convention|konvention)\b[^:?]{0,30}:\s*/;
/** After "the convention is": a judgement or a feeling, not a definition. */
const CONVENTION_JUDGED = /^(not|unclear|confusing|weird|strange|odd|wrong|broken|outdated|inconsistent|a mess|chaos|mir|uns|nicht|unklar|seltsam|komisch|falsch|veraltet|inkonsistent|chaotisch|egal)\b/;
const BY_CONVENTION = /^(by convention|per konvention),?\s+/;
const RULE_LABEL = /^(rule|regel|house rule|hausregel)\s*:\s*/;

/** A sentence that starts with a definite subject ("the job", "der Build") reports a change… */
const DEFINITE_START = /^(the|this|that|these|those|our|my|its|der|die|das|den|dieser|diese|dieses|unser|unsere|mein|meine|sein|seine)\b/;
/** …unless it also says what must or should be done. */
const DIRECTIVE = /\b(must|should|shall|needs?|has to|have to|please|only|always|never|muss|müssen|soll|sollen|darf|dürfen|bitte|nur|immer|nie|niemals|ausschließlich)\b/;
/** Whether a sentence with a temporal marker ("from now on", "ab sofort") instructs rather than reports. */
const directs = (rest: string): boolean => !DEFINITE_START.test(rest) || DIRECTIVE.test(rest);

// ---------------------------------------------------------------- text

const capitalise = (s: string): string => (s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1));
const sentenceText = (s: string): string => {
  const t = s.trim().replace(/^[\s,:;–—-]+/, "");
  return /[.!…)]$/.test(t) ? capitalise(t) : `${capitalise(t)}.`;
};

const normaliseSpaces = (s: string): string => s.replace(/\s+/g, " ").trim();
const stripBullet = (s: string): string => s.replace(/^([-*•+]|\d{1,2}[.)])\s+/, "");

/** One sentence: an instruction, or null. */
export const classifyInstruction = (input: string): Instruction | null => {
  const sentence = stripBullet(normaliseSpaces(input));
  if (sentence.length < 8 || sentence.length > 400) return null;
  const masked = maskQuotedAndCode(sentence);
  if (looksLikeCode(sentence, masked)) return null;
  const lower = masked.toLowerCase();
  // Positions in `lower` stand for positions in `sentence` only when lower-casing kept the length.
  const aligned = lower.length === sentence.length;
  const original = (cut: number) => (aligned ? sentence.slice(cut) : sentence);

  const lead = stripLeadIns(lower);
  const temporalAnywhere = lead.temporal || TEMPORAL_ANYWHERE.test(lower);
  if (isQuestion(lower, temporalAnywhere) || isQuestion(lead.rest, temporalAnywhere)) return null;
  if (TENTATIVE.test(lower)) return null;
  if (REPORTED.test(lower.replace(OWN_WORDS, ""))) return null;

  // Conventions and decisions name themselves; they are looked for before rules, whose
  // temporal markers ("künftig") also appear in decisions.
  const labelled = CONVENTION_LABEL.exec(lead.rest) ?? BY_CONVENTION.exec(lead.rest);
  if (labelled) return { kind: "convention", text: sentenceText(original(lead.cut + labelled[0].length)), sentence };
  const convention = CONVENTION.exec(lead.rest);
  if (convention) {
    if (CONVENTION_JUDGED.test(lead.rest.slice(convention[0].length))) return null;
    return { kind: "convention", text: sentenceText(original(lead.cut)), sentence };
  }
  const ruleLabel = RULE_LABEL.exec(lead.rest);
  if (ruleLabel) return { kind: "rule", text: sentenceText(original(lead.cut + ruleLabel[0].length)), sentence };
  const decisionLead = DECISION_PREFIX.exec(lead.rest) ?? DECISION_IS.exec(lead.rest);
  if (decisionLead) return { kind: "decision", text: sentenceText(original(lead.cut + decisionLead[0].length)), sentence };
  const wentWith = WENT_WITH.exec(lead.rest);
  if (wentWith) return { kind: "decision", text: sentenceText(original(lead.cut)), sentence };
  const verb = EN_DECISION_VERB.exec(lower) ?? DE_DECISION_VERB.exec(lower);
  if (verb) {
    const before = lower.slice(0, verb.index);
    const who = [...before.matchAll(new RegExp(DECIDERS.source, "g"))].pop();
    const decidedNothing = DECIDED_NOTHING.test(lower.slice(verb.index! + verb[0].length));
    if (who && !decidedNothing && !DECISION_NEGATION.test(before.slice(who.index!)) && !insideCondition(lower, verb.index!)) {
      const after = sentence.slice(verb.index! + verb[0].length).replace(/^[\s,:]*(to|that|on|dass|,)?\s*/i, "");
      return { kind: "decision", text: sentenceText(aligned && after.split(/\s+/).length >= 3 ? after : original(lead.cut)), sentence };
    }
    // A decision verb that is negated, conditional or nobody's: not a rule either.
    return null;
  }

  if (NEGATED_FREQUENCY.test(lower)) return null;
  const rule = (at: number): Instruction | null => (insideCondition(lower, at) ? null : { kind: "rule", text: sentenceText(original(lead.cut)), sentence });
  // A condition clause first ("If X, always Y") keeps its condition in the stored text.
  const clause = CONDITION_CLAUSE.exec(lead.rest);
  const inner = clause ? stripLeadIns(lead.rest.slice(clause[0].length)) : lead;
  const rest = inner.rest;
  const restAt = lower.length - rest.length;

  const en = EN_ALWAYS_NEVER.exec(rest);
  if (en && !EN_NOT_AFTER_TRIGGER.has(en[11] ?? "")) return rule(restAt);
  if (EN_ALWAYS_NEED.test(rest) || MAKE_SURE.test(rest) || EN_EVER_TAIL.test(rest) || EN_WE_DONT_HERE.test(rest)) return rule(restAt);
  const norm = EN_WE_NORM.exec(rest);
  if (norm && !EN_NOT_NORM_VERBS.has(norm[2]!) && !norm[2]!.endsWith("ed")) return rule(restAt);
  if (EN_STOP.test(rest)) return rule(restAt);
  if (DE_TRIGGER_FIRST.test(rest)) return rule(restAt);
  const imperative = DE_IMPERATIVE.exec(rest);
  if (imperative && !DE_NOT_VERB.has(imperative[1]!)) return rule(restAt);
  const deNorm = DE_WE_NORM.exec(rest);
  if (deNorm && !DE_NOT_NORM_VERBS.has(deNorm[2]!)) return rule(restAt);
  if (lead.temporal || inner.temporal) return rest.trim().length > 2 && directs(rest) ? rule(restAt) : null;
  const temporal = TEMPORAL_ANYWHERE.exec(lower);
  if (temporal && directs(lead.rest)) return rule(temporal.index!);
  return null;
};

// ---------------------------------------------------------------- messages

const ABBREVIATIONS = /\b(e\.g|i\.e|z\. ?B|d\. ?h|u\. ?a|bzw|usw|etc|vs|ca|bspw|Nr|Dr|incl|approx)\./gi;
const DOT = "\u0000";

/** The sentences of a message outside code blocks and block quotes. */
export const splitSentences = (message: string): string[] => {
  const withoutCode = message.replace(/(```|~~~)[\s\S]*?(\1|$)/g, "\n");
  const out: string[] = [];
  for (const rawLine of withoutCode.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === "" || line.startsWith(">") || /^( {4}|\t)/.test(rawLine)) continue;
    const protectedLine = stripBullet(line).replace(ABBREVIATIONS, (m) => m.replace(/\./g, DOT));
    for (const part of protectedLine.split(/(?<=[.!?…])\s+(?=["'„“(`\p{Lu}\d])/u)) {
      const sentence = part.replaceAll(DOT, ".").trim();
      if (sentence !== "") out.push(sentence);
    }
  }
  return out;
};

/** Every instruction in a message, each once, in order. */
export const findInstructions = (message: string): Instruction[] => {
  const seen = new Set<string>();
  const out: Instruction[] = [];
  for (const sentence of splitSentences(message)) {
    const found = classifyInstruction(sentence);
    if (found === null) continue;
    const key = `${found.kind}\u0000${found.text.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(found);
  }
  return out;
};
