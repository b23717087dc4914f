import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { LoginCodeOutcome, SignInStore } from "../../store/sign-in-store.ts";
import { writeFileAtomic } from "../../store/write-file-atomic.ts";

/** Name of the browser session cookie set by the one-time login URL. */
export const SESSION_COOKIE = "parley_session";

/** A printed login link works this long. */
const LOGIN_CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Browser sessions last this long before the user needs a new login URL. */
const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The secrets that authenticate API callers:
 * - the bearer token (`PARLEY_TOKEN`, or 128 random bits rotated at every launch), written to the
 *   project's data directory as `token` with mode 0600 so local tools of the same user can read it, and
 *   never logged;
 * - one-time login codes: the printed URL carries one, and using it sets an HttpOnly SameSite=Strict cookie;
 *   their digests are kept in the database (`SignInStore`), so a link outlives a restart and works on every
 *   server sharing a PostgreSQL database;
 * - the key that signs session cookies, so browser sessions survive restarts. With `PARLEY_TOKEN` set it is
 *   made from a random secret in the database and the token: the servers of a team share both, so a cookie
 *   one signed is good on all; changing the token signs browsers out; a stolen cookie tells nothing about
 *   the token (the database's 256 random bits are in the key too). Without one (a new token every start) it
 *   is `PARLEY_HOME/cookie-secret`. A cookie that secret signed is not accepted once a token is set: setting
 *   (or changing) the token signs every browser out, so rotating a leaked token revokes them all.
 */
export class Credentials {
  readonly token: string;
  readonly #tokenDigest: Buffer;
  /** Signs and verifies session cookies. */
  readonly #cookieKey: Buffer;
  readonly #signIn: SignInStore;

  constructor(home: string, dataDirectory: string, configuredToken: string | undefined, signIn: SignInStore) {
    this.token = configuredToken ?? randomBytes(16).toString("hex");
    this.#tokenDigest = digest(this.token);
    this.#signIn = signIn;
    // This run's token: no fsync, since after a power loss no server runs and the next start writes its own.
    writeFileAtomic(join(dataDirectory, "token"), `${this.token}\n`, 0o600, { durable: false });
    this.#cookieKey =
      configuredToken === undefined
        ? loadOrCreateSecret(join(home, "cookie-secret"))
        : createHmac("sha256", signIn.sharedSecret()).update(configuredToken).digest();
  }

  /** Constant-time check of a presented bearer token. */
  verifyToken(presented: string): boolean {
    return timingSafeEqual(digest(presented), this.#tokenDigest);
  }

  /** A new single-use login code for a login URL, valid for a day; only the newest 20 unused are kept. */
  mintLoginCode(nowMs = Date.now()): string {
    const code = randomBytes(16).toString("base64url");
    this.#signIn.addCode(codeDigest(code), nowMs + LOGIN_CODE_LIFETIME_MS);
    return code;
  }

  /**
   * Consumes a login code: "signed-in" exactly once per minted code, before it expires. Otherwise why not,
   * so the page can say so: "used" (it signed a browser in already), "expired", or "unknown" (never minted,
   * mistyped, or crowded out by 20 newer links).
   */
  redeemLoginCode(code: string, nowMs = Date.now()): LoginCodeOutcome {
    return this.#signIn.redeemCode(codeDigest(code), nowMs);
  }

  /** A signed, expiring session cookie value. */
  issueSessionCookie(nowMs: number): string {
    const payload = `v1.${randomBytes(12).toString("base64url")}.${nowMs + SESSION_LIFETIME_MS}`;
    return `${payload}.${sign(this.#cookieKey, payload)}`;
  }

  verifySessionCookie(value: string, nowMs: number): boolean {
    const parts = value.split(".");
    if (parts.length !== 4 || parts[0] !== "v1") return false;
    const payload = parts.slice(0, 3).join(".");
    const presented = Buffer.from(parts[3] as string);
    const expected = Buffer.from(sign(this.#cookieKey, payload));
    if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return false;
    return Number(parts[2]) > nowMs;
  }
}

function sign(key: Buffer, payload: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

/** What the database keeps of a login code: enough to recognise it, nothing to sign in with. */
function codeDigest(code: string): string {
  return createHash("sha256").update(code).digest("base64url");
}

function digest(value: string): Buffer {
  return createHmac("sha256", "parley-token").update(value).digest();
}

function loadOrCreateSecret(file: string): Buffer {
  if (existsSync(file)) {
    const secret = Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(32);
  writeFileAtomic(file, `${secret.toString("base64url")}\n`, 0o600);
  return secret;
}
