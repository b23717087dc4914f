import type { CustomCommandView, SkippedFile } from "@parley/protocol";

/** A custom command as read: what the faces list, and the prompt text its arguments fill in. */
export interface CustomCommand extends CustomCommandView {
  /** The Markdown after the frontmatter, as written: nothing in it is run or followed. */
  body: string;
  /**
   * Text put before the filled-in body and never filled in itself: a skill's "Base directory for this skill"
   * line (its folder's name is the repository's, so a `$1` in it must stay as written).
   */
  preamble?: string;
}

/**
 * What reading the command folders came to: the commands sorted by name, the person's own where the project
 * has one of the same name (that file is among those left out), and the files left out.
 */
export interface CustomCommandCatalog {
  commands: CustomCommand[];
  skipped: SkippedFile[];
}

/** The view of a command the faces list (its body and preamble stay on the server). */
export function customCommandView(command: CustomCommand): CustomCommandView {
  const { body: _body, preamble: _preamble, ...view } = command;
  return view;
}

/** Orders commands by name, as every listing shows them. */
export function byCommandName(left: CustomCommandView, right: CustomCommandView): number {
  return left.name < right.name ? -1 : left.name > right.name ? 1 : 0;
}
