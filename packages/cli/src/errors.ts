/** A mistake in how the CLI was called (a path that does not exist, arguments that do not fit): exit code 2. */
export class UsageError extends Error {}

/**
 * A server the command talks to could not be used: unreachable, too slow, no admin token, credentials refused, an
 * answer that is not the staff API's. Exit code 2, like a usage error: nothing about the input was decided.
 */
export class ServerError extends Error {}
