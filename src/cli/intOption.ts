import { usageError } from "./errors.js";

/**
 * Commander parser for a whole number >= min. A bad value is a usage error (exit 2) thrown as
 * our own error rather than commander's InvalidArgumentError, which commander would prefix with
 * its own "option '--x <n>' argument 'y' is invalid." and so say the same thing twice.
 */
export const intOption =
  (name: string, min = 0) =>
  (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
      throw usageError(`${name} must be a whole number${min > 0 ? ` of at least ${min}` : ""}, not "${value}"`);
    }
    return n;
  };
