import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** How an agent run ended. `interrupted` is a run cut short by a server restart rather than a user. */
export const RunOutcomeSchema = lazySchema(() =>
  z.enum(["success", "error", "cancelled", "interrupted", "max_turns", "max_budget"]),
);
export type RunOutcome = z.infer<typeof RunOutcomeSchema>;
