import { shapeInWords } from "../mcp/index.js";
import { usageError } from "./errors.js";

/**
 * Commander parser for a whole number from `min` (to `max`, when given). A bad value is a usage
 * error (exit 2) that states the range in the words a tool's validation uses (shapeInWords),
 * thrown as our own error rather than commander's InvalidArgumentError, which commander would
 * prefix with its own "option '--x <n>' argument 'y' is invalid." and so say the same thing twice.
 */
export const intOption =
  (name: string, min = 0, max?: number) =>
  (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || (max !== undefined && n > max)) {
      throw usageError(`${name} must be ${shapeInWords({ type: "integer", minimum: min, maximum: max })} (got "${value}")`);
    }
    return n;
  };
