/**
 * @parley/tui — Parley in a terminal: a chat client on the server's event stream, rendered with Ink over the
 * sdk's chat store (the web UI's reducer, resume and interactions, not a second copy of them).
 */
export { runTui, type TuiOptions } from "./run-tui.tsx";
