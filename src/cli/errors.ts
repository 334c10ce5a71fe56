/**
 * A failure the CLI reports as one line on stderr. `exitCode` 2 means the input was wrong
 * (fix the command line), 1 means the command could not do its job.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, 2);
