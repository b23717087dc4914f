import { CustomCommandListSchema } from "@parley/protocol";
import type { ServerContext } from "../../server-context.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";

/**
 * The custom slash commands the faces offer after `/`: Markdown prompts from the project's and the person's
 * command folders and every skill (`kind: "skill"`), read again on each listing. Sending `/name args` has the
 * server fill one in.
 */
export function customCommandRoutes(context: ServerContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "get",
      path: "/api/custom-commands",
      summary:
        "The custom slash commands (Markdown prompts in .claude/commands, .opencode/command, .parley/commands, ~/.codex/prompts …, and the skills) and the files left out",
      tag: "custom-commands",
      response: CustomCommandListSchema,
      handler: async () => {
        const { customCommandView } = await import("@parley/engine");
        const catalog = await context.customCommands.refresh();
        return { commands: catalog.commands.map(customCommandView), skipped: catalog.skipped };
      },
    }),
  ];
}
