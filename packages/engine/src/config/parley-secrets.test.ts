import { describe, expect, it } from "vitest";
import { isParleySecret, parleySecrets, withoutParleySecrets } from "./parley-secrets.ts";

describe("Parley's secrets", () => {
  const env = {
    PARLEY_TOKEN: "parley-token-0123456789",
    ANTHROPIC_API_KEY: "sk-ant-0123456789",
    MY_COPY: "sk-stored-0123456789",
    SERVER_TOKEN_TOO: "random-server-token-0123",
    GITHUB_TOKEN: "ghp_0123456789",
    DEBUG: "1",
  };
  const secrets = parleySecrets({
    env,
    settings: {
      providers: {
        openai_compatible: [
          { id: "local", base_url: "http://127.0.0.1:1/v1", api_key: "sk-stored-0123456789" },
        ],
      },
    },
    token: "random-server-token-0123",
  });

  it("are the token and model keys by name, and any variable holding a key Parley stores or its token", () => {
    expect(withoutParleySecrets(env, secrets)).toEqual({ GITHUB_TOKEN: "ghp_0123456789", DEBUG: "1" });
    expect(isParleySecret("OPENAI_API_KEY", undefined, secrets)).toBe(true);
  });

  it("never match a value too short to be a key", () => {
    const short = parleySecrets({ env: { ANTHROPIC_API_KEY: "1" } });
    expect(isParleySecret("DEBUG", "1", short)).toBe(false);
  });
});
