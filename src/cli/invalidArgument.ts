/**
 * What commander's InvalidArgumentError is, without loading commander: an option parser that
 * throws this gets commander's "option '--x <v>' argument 'y' is invalid." message (commander
 * looks at `code`), and `nemesis log` can validate its options without commander loaded.
 */
export class InvalidArgumentError extends Error {
  readonly code = "commander.invalidArgument";
  readonly exitCode = 1;
  override readonly name = "InvalidArgumentError";
}
