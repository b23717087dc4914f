import {
  type CustomCommandCatalog,
  expandTypedCommand,
  type PermissionRule,
  readCustomCommands,
  readSkills,
  withSkillCommands,
} from "@parley/engine";
import type { CustomCommandSource } from "@parley/protocol";

/** Where the commands are read from, and the project's permission rules at the time of a read. */
export interface CustomCommandsOptions {
  projectRoot: string;
  parleyHome: string;
  userHome?: string;
  rules: () => readonly PermissionRule[];
  /**
   * Whose skills are slash commands at the time of a read: the project's only while Settings' instruction-file
   * switch is on (the model gets none of them otherwise), the person's own always.
   */
  skillSources: () => Promise<readonly CustomCommandSource[]>;
}

/**
 * The project's and the person's custom slash commands (Markdown prompts and skills). Listing them reads the folders
 * again (the faces list them as a person types `/`), and a message starting with `/` starts a read in the
 * background without waiting for it: a message never waits for the folders, and messages keep the order they
 * were sent in. Expanding is synchronous (messages are recorded inside a transaction) and uses what the last
 * read found. At most one read runs and one waits, however many messages and listings arrive.
 */
export class CustomCommands {
  readonly #options: CustomCommandsOptions;
  #catalog: CustomCommandCatalog = { commands: [], skipped: [] };
  #running: Promise<CustomCommandCatalog> | undefined;
  #next: Promise<CustomCommandCatalog> | undefined;
  #first: Promise<CustomCommandCatalog> | undefined;

  constructor(options: CustomCommandsOptions) {
    this.#options = options;
  }

  /**
   * The folders as they are now: a read that starts after this call (one already going may have started
   * before the file the person just saved), shared with every caller that asks while it waits.
   */
  refresh(): Promise<CustomCommandCatalog> {
    if (this.#running === undefined) return this.#start();
    this.#next ??= this.#running
      .catch(() => {})
      .then(() => {
        this.#next = undefined;
        return this.#start();
      });
    return this.#next;
  }

  /**
   * Settles once the server's first read is done: every message waits for it (and for nothing after), so a
   * command in the project from the start counts for the first message, and messages keep their order.
   */
  ready(): Promise<void> {
    this.#first ??= this.refresh();
    return this.#first.then(
      () => {},
      () => {},
    );
  }

  /** Starts a read in the background when `text` could type a command; never holds the message. */
  refreshSoon(text: string): void {
    if (text.trimStart().startsWith("/")) this.refresh().catch(() => {});
  }

  /**
   * What the model reads for a person's `text`: a typed `/name args` naming a custom command is its prompt
   * filled in; anything else is the text itself. The stored message keeps what the person typed.
   */
  modelText(text: string): string {
    return expandTypedCommand(text, this.#catalog.commands) ?? text;
  }

  #start(): Promise<CustomCommandCatalog> {
    const read = this.#read().finally(() => {
      if (this.#running === read) this.#running = undefined;
    });
    this.#running = read;
    return read;
  }

  async #read(): Promise<CustomCommandCatalog> {
    const { rules, skillSources, ...where } = this.#options;
    const { projectRoot, parleyHome, userHome } = where;
    // The sources first: a read started before an await that throws would have no handler for its failure.
    const sources = await skillSources();
    const [commands, skills] = await Promise.all([
      readCustomCommands({ ...where, rules: rules() }),
      readSkills(projectRoot, { parleyHome, home: userHome, rules: rules(), sources }),
    ]);
    this.#catalog = withSkillCommands(commands, skills);
    return this.#catalog;
  }
}
