/** A mistake in the command line: the message says what is wrong; the command exits with status 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
