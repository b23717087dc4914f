import { randomBytes } from "node:crypto";
import type { StoreDatabase } from "./store-database.ts";

/** What redeeming a sign-in link's code came to. */
export type LoginCodeOutcome = "signed-in" | "used" | "expired" | "unknown";

/** Unused codes kept at once, and used ones remembered (to say "already used"): the newest of each. */
const KEPT_CODES = 20;

/**
 * What browser sign-in keeps in the database, so it holds after a restart and on every server sharing a
 * PostgreSQL database (behind a load balancer a link printed by one server is opened on another):
 * - the one-time codes of sign-in links, by a digest of each (never the code); a code signs one browser in,
 *   once, whichever server it reaches;
 * - a random secret the servers share, from which the key that signs browser session cookies is made.
 */
export class SignInStore {
  readonly #database: StoreDatabase;
  readonly #insert;
  readonly #forgetUnused;
  readonly #forgetUsed;
  readonly #find;
  readonly #use;

  constructor(database: StoreDatabase) {
    this.#database = database;
    this.#insert = database.prepare("INSERT INTO login_codes (digest, expires_at_ms) VALUES (?, ?)");
    // The code just added is never the one forgotten, whatever the clocks of the servers that added others.
    this.#forgetUnused = database.prepare(
      `DELETE FROM login_codes WHERE used_at_ms IS NULL AND digest <> ? AND digest NOT IN (SELECT digest FROM login_codes WHERE used_at_ms IS NULL ORDER BY expires_at_ms DESC LIMIT ${KEPT_CODES})`,
    );
    this.#forgetUsed = database.prepare(
      `DELETE FROM login_codes WHERE used_at_ms IS NOT NULL AND digest NOT IN (SELECT digest FROM login_codes WHERE used_at_ms IS NOT NULL ORDER BY used_at_ms DESC LIMIT ${KEPT_CODES})`,
    );
    this.#find = database.prepare("SELECT expires_at_ms, used_at_ms FROM login_codes WHERE digest = ?");
    this.#use = database.prepare(
      "UPDATE login_codes SET used_at_ms = ? WHERE digest = ? AND used_at_ms IS NULL",
    );
  }

  /** Keeps a new code's digest until it expires; only the newest 20 unused codes are kept. */
  addCode(digest: string, expiresAtMs: number): void {
    this.#insert.run(digest, expiresAtMs);
    this.#forgetUnused.run(digest);
  }

  /** Uses the code of `digest`: "signed-in" exactly once, on whichever server, before it expires. */
  redeemCode(digest: string, nowMs: number): LoginCodeOutcome {
    const row = this.#find.get(digest) as { expires_at_ms: number | string; used_at_ms: unknown } | undefined;
    if (row === undefined) return "unknown";
    if (row.used_at_ms !== null) return "used";
    if (Number(row.expires_at_ms) <= nowMs) return "expired";
    // Two servers redeeming at once: the update that finds it unused wins.
    if (this.#use.run(nowMs, digest).changes !== 1) return "used";
    this.#forgetUsed.run();
    return "signed-in";
  }

  /** The servers' shared secret (32 random bytes), made by whichever server asks first. */
  sharedSecret(): Buffer {
    const fresh = randomBytes(32).toString("base64url");
    this.#database
      .prepare("INSERT OR IGNORE INTO server_secrets (name, value) VALUES ('cookie', ?)")
      .run(fresh);
    const value = this.#database
      .prepare("SELECT value FROM server_secrets WHERE name = 'cookie'")
      .pluck()
      .get() as string;
    return Buffer.from(value, "base64url");
  }
}
