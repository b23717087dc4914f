import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Credentials } from "./credentials.ts";

describe("sign-in link codes", () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });
  const credentials = () => {
    const directory = mkdtempSync(join(tmpdir(), "parley-credentials-"));
    directories.push(directory);
    return new Credentials(directory, directory, "token");
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
    expect(keeper.redeemLoginCode(code, 24 * 60 * 60 * 1000)).toBe("expired");
    expect(keeper.redeemLoginCode("made-up", 0)).toBe("unknown");
  });
});
