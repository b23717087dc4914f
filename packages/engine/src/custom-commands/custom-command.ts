import type { CustomCommandView, SkippedFile } from "@parley/protocol";

/** A custom command as read: what the faces list, and the prompt text its arguments fill in. */
export interface CustomCommand extends CustomCommandView {
  /** The Markdown after the frontmatter, as written: nothing in it is run or followed. */
  body: string;
}

/**
 * What reading the command folders came to: the commands sorted by name, the person's own where the project
 * has one of the same name (that file is among those left out), and the files left out.
 */
export interface CustomCommandCatalog {
  commands: CustomCommand[];
  skipped: SkippedFile[];
}

/** The view of a command the faces list (its body stays on the server). */
export function customCommandView(command: CustomCommand): CustomCommandView {
  const { body: _body, ...view } = command;
  return view;
}
