import { resolve } from "node:path";
import { parseCommandLine, UsageError } from "../../usage-error.ts";

/** What `parley open` / `parley login` was asked for. */
export type OpenArgs =
  | { help: true }
  | {
      help: false;
      projectRoot: string;
      /** Open the link in a browser as well as printing it. */
      browser: boolean;
    };

/** `parley open --help` and `parley login --help`. */
export const OPEN_HELP = `Usage: parley open [--project DIR] [--no-browser]
       parley login [--project DIR]

A new sign-in link for the web UI of the server serving the project (the one \`parley serve\` or
\`npm start\` started, found in $PARLEY_HOME). Each link signs one browser in, once, within a day; run this
again whenever a link was used, has expired, or the browser was signed out.

parley open prints the link and opens it in your browser ($BROWSER, else the system's); parley login only
prints it (for another machine's browser, or through SSH).

Options:
  --project DIR   the project (default: the current directory)
  --no-browser    print the link without opening it
  -h, --help      this help
`;

/** Reads the arguments of `parley open` (opens a browser by default) and `parley login` (never does). */
export function parseOpenArgs(argv: readonly string[], cwd: string, opensBrowser: boolean): OpenArgs {
  const { values, positionals } = parse(argv);
  if (values.help === true) return { help: true };
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  return {
    help: false,
    projectRoot: resolve(cwd, values.project ?? "."),
    browser: opensBrowser && values["no-browser"] !== true,
  };
}

function parse(argv: readonly string[]) {
  return parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    options: {
      project: { type: "string" },
      "no-browser": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}
