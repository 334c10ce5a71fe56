import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** The parts of a SCIP occurrence the measurement reads (lines and columns 0-based). */
export interface ScipOccurrence {
  readonly line: number;
  readonly col: number;
  readonly endLine: number;
  readonly endCol: number;
  readonly symbol: string;
  readonly definition: boolean;
}

export interface ScipDocument {
  readonly path: string;
  readonly occurrences: readonly ScipOccurrence[];
}

interface RawOccurrence {
  range: number[];
  symbol: string;
  symbol_roles: number;
}
interface RawIndex {
  documents: { relative_path: string; occurrences: RawOccurrence[] }[];
}

/**
 * Reads an index.scip with the protobuf bindings scip-typescript ships (`dist/src/scip.js`),
 * loaded from outside this project so Nemesis does not depend on it.
 */
export const readScip = (indexPath: string, bindingsPath: string): ScipDocument[] => {
  const require = createRequire(import.meta.url);
  const { scip } = require(bindingsPath) as { scip: { Index: { deserializeBinary(b: Uint8Array): RawIndex } } };
  const index = scip.Index.deserializeBinary(readFileSync(indexPath));
  return index.documents.map((doc) => ({
    path: doc.relative_path,
    occurrences: doc.occurrences.map((o) => {
      const r = o.range;
      const three = r.length === 3;
      return {
        line: r[0]!,
        col: r[1]!,
        endLine: three ? r[0]! : r[2]!,
        endCol: three ? r[2]! : r[3]!,
        symbol: o.symbol,
        definition: (o.symbol_roles & 1) === 1,
      };
    }),
  }));
};
