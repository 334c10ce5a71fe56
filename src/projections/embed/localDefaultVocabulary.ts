/**
 * Built-in vocabulary knowledge for the embedded default embedder: which words carry no topic
 * (English function words, language keywords) and which code abbreviations mean the same
 * thing. Small and hand-written on purpose: the embedder must work offline with no model.
 */

/** Words that say nothing about what code does; dropped from documents and queries. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    // English
    "the a an of to in for and or is are be been was were this that these those with on by as it its from at not no " +
    "into can should would will do does did so but all any some more less via per also only just than there their they " +
    "them we our you your me my now like out up down after before over under about which what how why where who while " +
    "here have has had when then else if must may might such each both other same very " +
    // commit-message filler
    "fix fixes fixed fixing add adds added adding update updates updated updating use uses used using make makes made " +
    "support supports allow allows allowed properly correctly issue issues bug bugs pr change changes changed " +
    "improve improved improves remove removed removes new instead ensure ensures handle handles handling " +
    // keywords shared by most languages
    "const let var function func def return returns class new this self import export from package public private " +
    "protected static void final async await true false null nil none undefined typeof instanceof elif try catch except " +
    "finally throw throws raise pass break continue switch case default struct interface type enum extends implements " +
    "go defer chan range fn pub mut impl crate use mod lambda yield assert"
  ).split(" "),
);

/**
 * Groups of words code uses interchangeably; every member maps to the group's first word so
 * `cfg`, `conf` and `configuration` meet `config`. Applied after stemming.
 */
const SYNONYM_GROUPS: ReadonlyArray<ReadonlyArray<string>> = [
  ["auth", "authent", "authenticate", "authentication", "login", "logon", "signin"],
  ["authoriz", "authorize", "authorization", "permiss", "permission", "acl"],
  ["config", "cfg", "conf", "configur", "configure", "configuration", "setting", "settings", "option", "opt", "opts", "options"],
  ["err", "error", "errs", "exception", "exc", "fail", "failure"],
  ["init", "initial", "initialize", "initialise", "initializ", "initialis", "setup", "bootstrap"],
  ["req", "request", "requ"],
  ["res", "resp", "response"],
  ["db", "database", "datastore"],
  ["msg", "message", "messag"],
  ["arg", "args", "argument", "argv", "param", "params", "parameter"],
  ["str", "string", "text"],
  ["num", "number", "int", "integer", "float", "numer", "numeric"],
  ["bool", "boolean"],
  ["fn", "func", "function", "callback", "cb", "handler"],
  ["obj", "object"],
  ["arr", "array", "list", "slice"],
  ["dict", "map", "hash", "hashmap", "record"],
  ["idx", "index"],
  ["len", "length", "size", "count"],
  ["tmp", "temp", "temporary"],
  ["dir", "directory", "folder"],
  ["doc", "docs", "document", "documentation"],
  ["env", "environment"],
  ["ctx", "context"],
  ["cmd", "command"],
  ["exec", "execute", "run", "invoke"],
  ["del", "delete", "remove", "rm"],
  ["async", "asynchron", "promise", "await", "future"],
  ["sync", "synchron"],
  ["util", "utils", "helper", "helpers"],
  ["impl", "implement", "implementation"],
  ["spec", "specif", "specification"],
  ["val", "value"],
  ["var", "variable"],
  ["prop", "property", "attr", "attribute", "field"],
  ["pkg", "package"],
  ["lib", "library"],
  ["repo", "repository"],
  ["src", "source"],
  ["dst", "dest", "destination", "target"],
  ["buf", "buffer"],
  ["char", "character"],
  ["fmt", "format"],
  ["regex", "regexp", "pattern", "re"],
  ["stat", "status", "state"],
  ["max", "maximum", "limit"],
  ["min", "minimum"],
  ["calc", "calcul", "calculate", "compute", "comput"],
  ["gen", "generat", "generate"],
  ["iter", "iterat", "iterate", "iterator"],
  ["mw", "middleware"],
  ["http", "https"],
  ["url", "uri", "href", "link"],
  ["id", "ident", "identifier", "uuid"],
  ["usr", "user"],
  ["pwd", "passwd", "password"],
  ["tok", "token"],
  ["ver", "version"],
  ["col", "column"],
  ["ln", "line"],
  ["pos", "position", "offset"],
  ["prev", "previous"],
  ["cur", "curr", "current"],
  ["ref", "refer", "reference"],
  ["def", "definit", "definition", "defin"],
  ["decl", "declar", "declaration"],
  ["expr", "expression"],
  ["stmt", "statement"],
  ["ast", "syntax", "tree"],
  ["parse", "parser", "pars"],
  ["valid", "validat", "validate", "validation", "check", "verify"],
  ["serial", "serializ", "serialize", "serialise", "marshal", "encod", "encode", "stringify"],
  ["deserial", "deserializ", "unmarshal", "decod", "decode"],
  ["test", "tests", "spec", "assert"],
  ["log", "logger", "logging"],
  ["warn", "warning"],
  ["alloc", "allocat", "allocate"],
  ["mem", "memory"],
  ["perf", "perform", "performance", "speed", "fast", "slow"],
  ["concurr", "concurrent", "parallel", "thread", "goroutine"],
  ["mutex", "lock"],
  ["conn", "connect", "connection"],
  ["sess", "session"],
  ["cache", "memo", "memoiz"],
  ["file", "path", "filename"],
  ["print", "output", "write", "emit"],
  ["read", "load", "input"],
  ["flag", "flags"],
  ["complet", "complete", "completion"],
  ["deprecat", "deprecate", "legacy"],
];

export const SYNONYMS: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const group of SYNONYM_GROUPS) for (const w of group) if (!m.has(w)) m.set(w, group[0]!);
  return m;
})();
