/**
 * @parley/protocol — the four message families of Parley, as zod schemas with inferred types.
 * Browser-safe: zod is the only runtime dependency.
 */

export * from "./api/index.ts";
export * from "./config/index.ts";
export * from "./events/index.ts";
export * from "./http/index.ts";
export * from "./rich/index.ts";
export * from "./sdk/index.ts";
export * from "./shared/index.ts";
export * from "./workflow/index.ts";
