import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { migrations } from "../src/store/migrations.ts";
import { Store } from "../src/store/store.ts";

/** The schema version once sign-in codes had a table (before the shared secret and rewind checkpoints). */
const WITH_LOGIN_CODES =
  migrations.findIndex((migration) => migration.includes("CREATE TABLE login_codes")) + 1;

describe("upgrading a database main wrote on the way to sign-in and rewind", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const databaseFile = () => {
    const folder = mkdtempSync(join(tmpdir(), "parley-sign-in-migration-"));
    folders.push(folder);
    return join(folder, "parley.db");
  };

  it.each([
    ["with the codes' table only", false],
    ["with the codes' table and the shared secret's in one step", true],
  ])("opens one %s, and gets the shared secret and the rewind checkpoints' columns", (_, withSecrets) => {
    const file = databaseFile();
    const old = new Database(file);
    for (const migration of migrations.slice(0, WITH_LOGIN_CODES)) old.exec(migration);
    if (withSecrets) old.exec("CREATE TABLE server_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)");
    old.pragma(`user_version = ${WITH_LOGIN_CODES}`);
    old.close();

    const store = new Store(file);
    expect(store.signIn.sharedSecret()).toHaveLength(32);
    const columns = store.database
      .prepare("SELECT name FROM pragma_table_info('run_change_baselines')")
      .pluck()
      .all();
    expect(columns).toEqual(expect.arrayContaining(["after_kind", "after_text"]));
    store.close();
  });
});
