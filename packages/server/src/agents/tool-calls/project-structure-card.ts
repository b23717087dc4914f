import { PROJECT_STRUCTURE_TOOL_NAME } from "@parley/engine";
import { type ProjectStructureMessage, ProjectStructureMessageSchema } from "@parley/protocol";

/**
 * The ProjectStructure card of a `ProjectStructure` tool call: the whole message the tool returned as its
 * result's data (the model got a summary of it), or undefined for any other tool or data that does not fit.
 */
export function projectStructureCard(
  toolName: string,
  toolUseResult: unknown,
): ProjectStructureMessage | undefined {
  if (toolName !== PROJECT_STRUCTURE_TOOL_NAME) return undefined;
  const parsed = ProjectStructureMessageSchema.safeParse(toolUseResult);
  return parsed.success ? parsed.data : undefined;
}
