// The terminal UI and `parley`'s other terminal output share one definition of what is safe to print.
export { safeText } from "@parley/sdk";
