/** A mistake in how the CLI was called (a path that does not exist, arguments that do not fit): exit code 2. */
export class UsageError extends Error {}
