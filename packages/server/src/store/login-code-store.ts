import type { StoreDatabase } from "./store-database.ts";

/** What redeeming a sign-in link's code came to. */
export type LoginCodeOutcome = "signed-in" | "used" | "expired" | "unknown";

/** Unused codes kept at once, and used ones remembered (to say "already used"): the newest of each. */
const KEPT_CODES = 20;

/**
 * The one-time codes of sign-in links, by a digest of each (never the code), in the database: a link works
 * after a restart, and on every server sharing a PostgreSQL database (behind a load balancer a link printed
 * by one server is opened on another). A code signs one browser in, once, whichever server it reaches.
 */
export class LoginCodeStore {
  readonly #insert;
  readonly #forgetUnused;
  readonly #forgetUsed;
  readonly #find;
  readonly #use;

  constructor(database: StoreDatabase) {
    this.#insert = database.prepare("INSERT INTO login_codes (digest, expires_at_ms) VALUES (?, ?)");
    const beyondNewest = (used: string) =>
      `DELETE FROM login_codes WHERE used_at_ms IS ${used} AND digest NOT IN (SELECT digest FROM login_codes WHERE used_at_ms IS ${used} ORDER BY expires_at_ms DESC LIMIT ${KEPT_CODES})`;
    this.#forgetUnused = database.prepare(beyondNewest("NULL"));
    this.#forgetUsed = database.prepare(beyondNewest("NOT NULL"));
    this.#find = database.prepare("SELECT expires_at_ms, used_at_ms FROM login_codes WHERE digest = ?");
    this.#use = database.prepare(
      "UPDATE login_codes SET used_at_ms = ? WHERE digest = ? AND used_at_ms IS NULL",
    );
  }

  /** Keeps a new code's digest until it expires; only the newest 20 unused codes are kept. */
  add(digest: string, expiresAtMs: number): void {
    this.#insert.run(digest, expiresAtMs);
    this.#forgetUnused.run();
  }

  /** Uses the code of `digest`: "signed-in" exactly once, on whichever server, before it expires. */
  redeem(digest: string, nowMs: number): LoginCodeOutcome {
    const row = this.#find.get(digest) as { expires_at_ms: number | string; used_at_ms: unknown } | undefined;
    if (row === undefined) return "unknown";
    if (row.used_at_ms !== null) return "used";
    if (Number(row.expires_at_ms) <= nowMs) return "expired";
    // Two servers redeeming at once: the update that finds it unused wins.
    if (this.#use.run(nowMs, digest).changes !== 1) return "used";
    this.#forgetUsed.run();
    return "signed-in";
  }
}
