import {
  type CustomCommand,
  expandTypedCommand,
  type PermissionRule,
  readCustomCommands,
  type SkillCatalog,
  withSkillCommands,
} from "@parley/engine";
import type { MessageParam } from "@parley/protocol";

/**
 * The custom slash commands of a `parley run` (Markdown prompts and skills of the project and the person, read
 * once when it starts): named in `system/init`'s `slash_commands` and `initialize`'s `commands`, and a prompt typed as
 * `/name args` reaches the model filled in, as Claude Code expands it before the model sees it.
 */
export class RunCustomCommands {
  readonly commands: readonly CustomCommand[];

  constructor(commands: readonly CustomCommand[]) {
    this.commands = commands;
  }

  /**
   * Reads the commands for a project and adds the skills read for the run (a skill wins a command file's name
   * within its source); files left out are said on stderr with their reason.
   */
  static async read(
    options: {
      projectRoot: string;
      parleyHome: string;
      userHome: string | undefined;
      rules: readonly PermissionRule[];
      sources: readonly ("user" | "project")[];
      skills: SkillCatalog;
    },
    warn: (message: string) => void,
  ): Promise<RunCustomCommands> {
    const files = await readCustomCommands({
      projectRoot: options.projectRoot,
      parleyHome: options.parleyHome,
      ...(options.userHome !== undefined && { userHome: options.userHome }),
      rules: options.rules,
      sources: options.sources,
    });
    const { commands, skipped } = withSkillCommands(files, options.skills);
    for (const file of skipped) warn(`parley: custom command ${file.path} is not offered: ${file.reason}`);
    return new RunCustomCommands(commands);
  }

  /** The names, as `system/init`'s `slash_commands` lists them. */
  names(): string[] {
    return this.commands.map((command) => command.name);
  }

  /** As the `initialize` answer's `commands` (the SDK's `SlashCommand`). */
  slashCommands(): { name: string; description: string; argumentHint: string }[] {
    return this.commands.map((command) => ({
      name: command.name,
      description: command.description,
      argumentHint: command.argument_hint ?? "",
    }));
  }

  /** The prompt the model reads: a leading typed command filled in; anything else as it is. */
  expand(content: MessageParam["content"]): MessageParam["content"] {
    if (typeof content === "string") return expandTypedCommand(content, this.commands) ?? content;
    const [first, ...rest] = content;
    if (first?.type !== "text") return content;
    const expanded = expandTypedCommand(first.text, this.commands);
    return expanded === undefined ? content : [{ ...first, text: expanded }, ...rest];
  }
}
