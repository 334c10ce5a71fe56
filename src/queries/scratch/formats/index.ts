export { DEFAULT_RELATION, isFormatError, SCRATCH_FORMATS, type DocEdge, type DocNode, type FormatError, type GraphDocument, type ScratchFormat } from "./GraphDocument.js";
export { parseScratchCsv } from "./parseCsv.js";
export { parseScratchDot } from "./parseDot.js";
export { parseScratchGraphML } from "./parseGraphML.js";
export { parseScratchJson } from "./parseJson.js";
export { writeScratch } from "./writeScratch.js";

import { parseScratchCsv } from "./parseCsv.js";
import { parseScratchDot } from "./parseDot.js";
import { parseScratchGraphML } from "./parseGraphML.js";
import { parseScratchJson } from "./parseJson.js";
import type { FormatError, GraphDocument, ScratchFormat } from "./GraphDocument.js";

/** Reads an import text in `format`; a FormatError says what is wrong (and nothing is imported). */
export const parseScratch = (text: string, format: ScratchFormat): GraphDocument | FormatError => {
  switch (format) {
    case "json":
      return parseScratchJson(text);
    case "csv":
      return parseScratchCsv(text);
    case "dot":
      return parseScratchDot(text);
    case "graphml":
      return parseScratchGraphML(text);
  }
};
