import type { ProjectRules } from "../run/print-mode-permissions.ts";

/**
 * The project's permission rules as Parley's server keeps them, so what a person allowed in the web UI
 * applies in the editor too, and "always allow" answered in the editor is the same rule there. When the
 * project's store cannot be opened, the session goes on with its own rules (and says so).
 */
export async function storedProjectRules(
  home: string,
  projectRoot: string,
  warn: (message: string) => void,
): Promise<ProjectRules | undefined> {
  try {
    const { projectPermissionRules } = await import("@parley/server");
    return {
      rules: projectPermissionRules.list(home, projectRoot),
      save: async (rules) => projectPermissionRules.add(home, projectRoot, rules, "approval"),
    };
  } catch (error) {
    warn(
      `parley: the project's permission rules could not be read; "always" lasts this session: ${(error as Error).message}`,
    );
    return undefined;
  }
}
