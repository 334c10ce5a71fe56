/** Bumped whenever extraction output changes, so projectors can tell old facts from new. */
export const PARSER_VERSION = "ts-extract-14";

/** Whether a parse recorded with `version` came from another version of the extractors (null: no parse). */
export const parsedByAnotherVersion = (version: string | null | undefined): boolean =>
  version !== undefined && version !== null && version !== PARSER_VERSION;
