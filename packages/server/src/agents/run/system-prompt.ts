/** The parts a run's system prompt is made of; each is optional. */
export interface SystemPromptParts {
  /** The project's system prompt from settings. */
  settings?: string | undefined;
  /** The agent's override for this project. */
  agent?: string | undefined;
  /** The project's instruction files (AGENTS.md, CLAUDE.md), framed for the model. */
  instructions?: string | undefined;
  /** The project's active mission, which every agent works towards. */
  mission?: string | undefined;
}

/**
 * Joins the configured prompt, the agent's own, the project's instruction files and the active mission;
 * undefined when all are empty.
 */
export function composeSystemPrompt(parts: SystemPromptParts): string | undefined {
  const sections = [parts.settings, parts.agent, parts.instructions].filter((text): text is string =>
    Boolean(text?.trim()),
  );
  if (parts.mission?.trim()) sections.push(`The project's current mission:\n${parts.mission.trim()}`);
  return sections.length === 0 ? undefined : sections.join("\n\n");
}
