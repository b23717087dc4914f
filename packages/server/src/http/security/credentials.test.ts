import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Store } from "../../store/store.ts";
import { Credentials } from "./credentials.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("sign-in link codes and browser sessions", () => {
  const directories: string[] = [];
  const stores: Store[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });
  const folder = () => {
    const directory = mkdtempSync(join(tmpdir(), "parley-credentials-"));
    directories.push(directory);
    return directory;
  };
  /**
   * A server's credentials over the store file in `directory` (a restart opens the same file again), with
   * `PARLEY_TOKEN` set to `token` (null: none, a random one each start).
   */
  const credentials = (directory = folder(), token: string | null = "token") => {
    const store = new Store(join(directory, "parley.db"));
    stores.push(store);
    return new Credentials(directory, directory, token ?? undefined, store.signIn);
  };

  it("sign a browser in once, then say the link was used", () => {
    const keeper = credentials();
    const code = keeper.mintLoginCode(0);
    expect(keeper.redeemLoginCode(code, 1)).toBe("signed-in");
    expect(keeper.redeemLoginCode(code, 2)).toBe("used");
  });

  it("say a link a day old has expired, and one never given out is unknown", () => {
    const keeper = credentials();
    const code = keeper.mintLoginCode(0);
    expect(keeper.redeemLoginCode(code, DAY_MS)).toBe("expired");
    expect(keeper.redeemLoginCode("made-up", 0)).toBe("unknown");
  });

  it("a link printed before a restart signs a browser in after it, once", () => {
    const directory = folder();
    const code = credentials(directory).mintLoginCode(0);
    const restarted = credentials(directory);
    expect(restarted.redeemLoginCode(code, 1)).toBe("signed-in");
    expect(credentials(directory).redeemLoginCode(code, 2)).toBe("used");
  });

  it("keep only the newest 20 unused links", () => {
    const keeper = credentials();
    const codes = Array.from({ length: 21 }, (_, index) => keeper.mintLoginCode(index));
    expect(keeper.redeemLoginCode(codes[0] as string, 100)).toBe("unknown");
    expect(keeper.redeemLoginCode(codes[1] as string, 100)).toBe("signed-in");
  });

  it("a browser session signed by one server is good on another of the same database and PARLEY_TOKEN, not with another token", () => {
    const shared = folder();
    const cookie = credentials(shared, "team-token-0123456789").issueSessionCookie(0);
    expect(credentials(shared, "team-token-0123456789").verifySessionCookie(cookie, 1)).toBe(true);
    expect(credentials(shared, "other-token-0123456789").verifySessionCookie(cookie, 1)).toBe(false);
    // The database's secret is in the key: knowing the token alone signs nothing.
    expect(credentials(folder(), "team-token-0123456789").verifySessionCookie(cookie, 1)).toBe(false);
    // Without a configured token the secret is the home's: a restart keeps the session.
    const home = folder();
    const own = credentials(home, null).issueSessionCookie(0);
    expect(credentials(home, null).verifySessionCookie(own, 1)).toBe(true);
    expect(credentials(folder(), null).verifySessionCookie(own, 1)).toBe(false);
    // Setting a token signs browsers out: what the home's secret signed is no longer accepted.
    expect(credentials(home, "now-a-token-0123456789").verifySessionCookie(own, 1)).toBe(false);
  });

  it("never forgets the link just printed, whatever the expiry of the others (another server's clock)", () => {
    const keeper = credentials();
    for (let index = 0; index < 20; index++) keeper.mintLoginCode(1_000_000);
    const behind = keeper.mintLoginCode(0);
    expect(keeper.redeemLoginCode(behind, 1)).toBe("signed-in");
  });
});
