/** Bumped whenever extraction output changes, so projectors can tell old facts from new. */
export const PARSER_VERSION = "ts-extract-6";
