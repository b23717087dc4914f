import { migratePostgresDatabase, redactedUrl } from "@parley/server";
import { type CliIo, write } from "../../cli-io.ts";
import { UsageError } from "../../usage-error.ts";
import type { Command } from "../command.ts";

const DB_HELP = `Usage: parley db migrate

Brings the PostgreSQL database named by PARLEY_DATABASE_URL (postgres://user:password@host:5432/name) up to
date. Servers migrate at start too (two starting together migrate once); run this first to migrate once
before a deployment starts its servers. A SQLite store (the default) migrates itself at start.
`;

/** `parley db migrate`: runs the PostgreSQL store's migrations and says what it did. */
export const dbCommand: Command = {
  async run(argv: readonly string[], io: CliIo): Promise<number> {
    if (argv[0] === "--help" || argv[0] === "-h") {
      await write(io.stdout, DB_HELP);
      return 0;
    }
    if (argv.length !== 1 || argv[0] !== "migrate") throw new UsageError(`unknown db task; ${DB_HELP}`);
    const url = io.env.PARLEY_DATABASE_URL;
    if (url === undefined || !/^postgres(ql)?:\/\//.test(url)) {
      throw new UsageError(
        "parley db migrate needs PARLEY_DATABASE_URL=postgres://… (a SQLite store migrates itself at start)",
      );
    }
    try {
      const { applied, version } = await migratePostgresDatabase(url);
      await write(
        io.stdout,
        `${redactedUrl(url)}: ${applied === 0 ? "already up to date" : `${applied} migration${applied === 1 ? "" : "s"} applied`} (schema version ${version})\n`,
      );
      return 0;
    } catch (error) {
      await write(io.stderr, `parley: cannot migrate ${redactedUrl(url)}: ${(error as Error).message}\n`);
      return 1;
    }
  },
};
