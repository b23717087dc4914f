import { findPostgresBinaries, type PostgresCluster, startPostgresCluster } from "@parley/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMain as parley } from "../../../test/support/run-main.ts";

const found = findPostgresBinaries();
if ("missing" in found) console.warn(`SKIPPING parley db migrate on PostgreSQL: ${found.missing}`);

describe("parley db migrate", () => {
  it("refuses to run without a PostgreSQL URL, and says which setting names it", async () => {
    const result = await parley(["db", "migrate"], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("PARLEY_DATABASE_URL=postgres://");
  });

  describe.skipIf("missing" in found)("on a PostgreSQL database", () => {
    let cluster: PostgresCluster | undefined;
    beforeAll(async () => {
      cluster = await startPostgresCluster();
    }, 60_000);
    afterAll(() => cluster?.stop());

    it("migrates a new database once, and then finds it up to date", async () => {
      const url = (cluster as PostgresCluster).createDatabase();
      const first = await parley(["db", "migrate"], { PARLEY_DATABASE_URL: url });
      expect(first).toMatchObject({ code: 0, stderr: "" });
      // Every migration the server has, applied to the new database: as many as the version reached.
      const applied = /: (\d+) migrations applied \(schema version (\d+)\)\n$/.exec(first.stdout);
      expect(Number(applied?.[1])).toBeGreaterThan(1);
      expect(applied?.[2]).toBe(applied?.[1]);
      const second = await parley(["db", "migrate"], { PARLEY_DATABASE_URL: url });
      expect(second.stdout).toMatch(
        new RegExp(`: already up to date \\(schema version ${applied?.[2]}\\)\\n$`),
      );
    });

    it("says the database cannot be reached, with its address and without the password", async () => {
      const result = await parley(["db", "migrate"], {
        PARLEY_DATABASE_URL: "postgres://parley:secret-password@127.0.0.1:1/parley",
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("cannot migrate postgres://parley:***@127.0.0.1:1/parley");
      expect(result.stderr).not.toContain("secret-password");
    });
  });
});
