import { InvalidArgumentError } from "./invalidArgument.js";

/** Commander parser for a whole number >= min; a bad value is a usage error (exit 2). */
export const intOption =
  (name: string, min = 0) =>
  (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
      throw new InvalidArgumentError(`${name} must be a whole number${min > 0 ? ` of at least ${min}` : ""}, not "${value}"`);
    }
    return n;
  };
