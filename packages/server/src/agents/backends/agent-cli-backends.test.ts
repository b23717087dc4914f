import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ChildEnvironments } from "../../children/child-environments.ts";
import { openAgentCli, withheldVariablesHint } from "./agent-cli-backends.ts";
import { defaultBackend } from "./default-backend.ts";

const home = mkdtempSync(join(tmpdir(), "parley-backends-"));
const childrenOf = (env: Record<string, string>) => ({
  children: new ChildEnvironments({ env, home, token: "t" }),
  home,
});

describe("agent CLI backends", () => {
  it("default to PARLEY_BACKEND (what parley serve --backend sets), else Parley's engine", () => {
    expect(defaultBackend({ PARLEY_BACKEND: "codex" })).toBe("codex");
    expect(defaultBackend({})).toBe("parley");
    expect(defaultBackend({ PARLEY_BACKEND: "cobol" })).toBe("parley");
  });

  it("run the CLI a PARLEY_<CLI>_COMMAND names, and say so when it is missing", async () => {
    const cli = await openAgentCli(
      "opencode",
      childrenOf({ PARLEY_OPENCODE_COMMAND: "/nonexistent/opencode" }),
    );
    expect(await cli.discover()).toMatchObject({ availability: "missing", command: "/nonexistent/opencode" });
  });

  it("say which variables a CLI was not given, and where to pass them on", () => {
    expect(withheldVariablesHint("claude-code", ["ANTHROPIC_API_KEY"], home)).toBe(
      "Parley did not pass ANTHROPIC_API_KEY on: it keeps its own secrets from every program it starts. " +
        `If claude-code needs it, list it under "agent_clis": { "claude-code": { "pass_env": [...] } } in ${join(home, "settings.json")}.`,
    );
    expect(withheldVariablesHint("codex", [], home)).toBeNull();
  });
});
