import { type ProjectStructureData, richMessageToModelText } from "@parley/protocol";
import { CHARS_PER_TOKEN } from "../compaction/estimate-tokens.ts";

/** Tokens a project structure takes in the model's context by default. */
export const PROJECT_STRUCTURE_TOKEN_BUDGET = 6_000;

/**
 * A project structure as the model reads it, within `maxTokens` (estimated at four characters a token):
 * as many tree, file or dependency lines as fit, then a marker counting the rest.
 */
export function projectStructureModelText(
  structure: ProjectStructureData,
  maxTokens = PROJECT_STRUCTURE_TOKEN_BUDGET,
): string {
  const maxChars = maxTokens * CHARS_PER_TOKEN;
  const message = { kind: "ProjectStructure" as const, data: structure };
  let entries = 2_000;
  let text = richMessageToModelText(message, { maxStructureEntries: entries, maxPayloadChars: maxChars });
  while (text.length > maxChars && entries > 1) {
    // Shrink in proportion to the overshoot, so a huge tree takes a few renders, not hundreds.
    entries = Math.max(1, Math.min(entries - 1, Math.floor((entries * maxChars) / text.length)));
    text = richMessageToModelText(message, { maxStructureEntries: entries, maxPayloadChars: maxChars });
  }
  return text;
}
