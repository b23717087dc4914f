/**
 * A response carrying this header was written to Node's response by its handler (an event stream): the
 * HTTP layer leaves it alone, the security headers are the handler's own, and the request's signal no
 * longer aborts when the client goes (the handler listens to the response's `close` itself).
 */
export const ALREADY_SENT_HEADER = "x-hono-already-sent";
