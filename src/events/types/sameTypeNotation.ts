import type { TypeNotation } from "./typeNotation.js";

/** Whether two notations say the same thing (a binding whose types disagree is left untyped). */
export const sameTypeNotation = (a: TypeNotation | null, b: TypeNotation | null): boolean => {
  if (a === b) return true;
  if (a === null || b === null || a._tag !== b._tag) return false;
  switch (a._tag) {
    case "Annotation":
      return a.text === (b as typeof a).text;
    case "Returned":
      return a.callee === (b as typeof a).callee;
    case "ValueOf":
      return a.name === (b as typeof a).name;
    case "This":
      return true;
    case "TupleElement":
      return a.callee === (b as typeof a).callee && a.index === (b as typeof a).index;
    case "CallbackParameter": {
      const other = b as typeof a;
      return a.callee === other.callee && a.argument === other.argument && a.parameter === other.parameter;
    }
  }
};
