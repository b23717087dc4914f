import { describeToolActivity } from "@parley/engine";

/**
 * The activity headline for a tool call ("Reading src/app.ts"). Calls to tools the run does not offer
 * keep the plain "Calling <name>": the model made up the name, so there is nothing more to say.
 */
export function toolHeadline(known: boolean, toolName: string, input: unknown): string {
  return known ? describeToolActivity(toolName, input) : `Calling ${toolName}`;
}
