/**
 * A response carrying this header was written to Node's response by its handler (an event stream): the
 * HTTP layer leaves it alone, and the security headers are the handler's own.
 */
export const ALREADY_SENT_HEADER = "x-hono-already-sent";
