/**
 * The stream moved on since the caller read it: re-read and decide again. A plain class rather
 * than a Data.TaggedError like the other errors: every append can return one, and a hook appends
 * without loading the Effect runtime (~40 ms of its start-up). Effect code fails with it and
 * catches it by its `_tag` like any tagged error.
 */
export class VersionConflict extends Error {
  readonly _tag = "VersionConflict" as const;
  readonly stream: string;
  readonly expected: number | "any" | "no_stream";
  readonly actual: number;

  constructor(args: { readonly stream: string; readonly expected: number | "any" | "no_stream"; readonly actual: number }) {
    super(`stream ${args.stream} is at version ${args.actual}, not ${String(args.expected)}: someone else wrote to it; re-read and retry`);
    this.name = "VersionConflict";
    this.stream = args.stream;
    this.expected = args.expected;
    this.actual = args.actual;
  }
}
