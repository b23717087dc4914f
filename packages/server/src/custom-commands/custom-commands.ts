import { type CustomCommandCatalog, expandTypedCommand, readCustomCommands } from "@parley/engine";

/**
 * The project's and the person's custom slash commands (Markdown prompts), read again whenever they are
 * listed or a message starting with `/` arrives, so an edited file counts at once. Expanding is synchronous
 * (messages are recorded inside a transaction) and uses what the last read found.
 */
export class CustomCommands {
  readonly #options: { projectRoot: string; parleyHome: string; userHome?: string };
  #catalog: CustomCommandCatalog = { commands: [], skipped: [] };
  /** The order of reads started, and of the one whose result is kept: a slower older read never wins. */
  #started = 0;
  #kept = 0;

  constructor(options: { projectRoot: string; parleyHome: string; userHome?: string }) {
    this.#options = options;
  }

  /**
   * Reads the command folders again. Each call reads anew (a read already going may have started before the
   * file the person just saved), and the newest read started is what expansion uses.
   */
  async refresh(): Promise<CustomCommandCatalog> {
    const order = ++this.#started;
    const catalog = await readCustomCommands(this.#options);
    if (order > this.#kept) {
      this.#kept = order;
      this.#catalog = catalog;
    }
    return catalog;
  }

  /** Reads the folders again before `text` is sent when it could type a command; cheap otherwise. */
  async refreshFor(text: string): Promise<void> {
    if (text.trimStart().startsWith("/")) await this.refresh();
  }

  /**
   * What the model reads for a person's `text`: a typed `/name args` naming a custom command is its prompt
   * filled in; anything else is the text itself. The stored message keeps what the person typed.
   */
  modelText(text: string): string {
    return expandTypedCommand(text, this.#catalog.commands) ?? text;
  }
}
