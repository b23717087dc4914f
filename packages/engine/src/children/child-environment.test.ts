import { describe, expect, it } from "vitest";
import { childEnvironment, withWorkingDirectory } from "./child-environment.ts";
import { childEnvironmentFor } from "./child-environment-settings.ts";

const person = {
  PATH: "/usr/bin",
  HOME: "/home/ada",
  GITHUB_TOKEN: "ghp_person",
  PARLEY_TOKEN: "server-token",
  ANTHROPIC_API_KEY: "sk-ant",
  OPENAI_API_KEY: "sk-oai",
  PARLEY_WEBHOOK_SECRET: "hush",
  PARLEY_TOKEN_COMPACTION_MINUTES: "5",
  PARLEY_HOME: "/home/ada/.parley",
  GROQ_API_KEY: "gsk-stored",
};

describe("the environment of a child process", () => {
  it("is the person's environment without Parley's token, its providers' keys or PARLEY_* credentials", () => {
    const { env, withheld } = childEnvironment(person);
    expect(env).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/ada",
      GITHUB_TOKEN: "ghp_person",
      PARLEY_TOKEN_COMPACTION_MINUTES: "5",
      PARLEY_HOME: "/home/ada/.parley",
      GROQ_API_KEY: "gsk-stored",
    });
    expect(withheld).toEqual([
      "ANTHROPIC_API_KEY",
      "OPENAI_API_KEY",
      "PARLEY_TOKEN",
      "PARLEY_WEBHOOK_SECRET",
    ]);
  });

  it("also withholds any variable holding a key from the settings or the server's token", () => {
    const settings = {
      providers: { openai_compatible: [{ id: "groq", base_url: "http://x", api_key: "gsk-stored" }] },
    };
    const { env, withheld } = childEnvironmentFor("shell", { ...person, COPY: "generated" }, settings, [
      "generated",
    ]);
    expect(env.GROQ_API_KEY).toBeUndefined();
    expect(env.COPY).toBeUndefined();
    expect(withheld).toContain("GROQ_API_KEY");
  });

  it("passes on exactly what the person's settings pass on to that kind of child", () => {
    const settings = {
      agent_clis: { "claude-code": { pass_env: ["ANTHROPIC_API_KEY"] } },
      shell: { pass_env: ["OPENAI_API_KEY"] },
    };
    const claude = childEnvironmentFor("claude-code", person, settings).env;
    expect(claude.ANTHROPIC_API_KEY).toBe("sk-ant");
    expect(claude.OPENAI_API_KEY).toBeUndefined();
    expect(childEnvironmentFor("opencode", person, settings).env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(childEnvironmentFor("shell", person, settings).env).toMatchObject({ OPENAI_API_KEY: "sk-oai" });
    expect(childEnvironmentFor("mcp", person, settings).env.OPENAI_API_KEY).toBeUndefined();
  });

  it("says it runs where it runs: PWD is the working folder, whatever the parent's was", () => {
    expect(withWorkingDirectory({ PWD: "/parley/clone", PATH: "/bin" }, "/work/project")).toEqual({
      PWD: "/work/project",
      PATH: "/bin",
    });
  });
});
