import { shapeInWords } from "../mcp/index.js";
import { usageError } from "./errors.js";

/**
 * Commander parser for one of `values`, matched ignoring case and given back as spelt there
 * (`--kind function` is Function). Anything else is a usage error (exit 2) listing the values,
 * in the words a tool's validation uses: a filter on a value that cannot occur would answer
 * "no matches" and hide the typo.
 */
export const choiceOption =
  <const V extends ReadonlyArray<string>>(name: string, values: V) =>
  (value: string): V[number] => {
    const found = values.find((v) => v.toLowerCase() === value.trim().toLowerCase());
    if (found === undefined) throw usageError(`${name} must be ${shapeInWords({ enum: values })} (got "${value}")`);
    return found;
  };
