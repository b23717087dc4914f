import { describe, expect, it } from "vitest";
import { agentCliFor, defaultBackend } from "./agent-cli-backends.ts";

describe("agent CLI backends", () => {
  it("default to PARLEY_BACKEND (what parley serve --backend sets), else Parley's engine", () => {
    expect(defaultBackend({ PARLEY_BACKEND: "codex" })).toBe("codex");
    expect(defaultBackend({})).toBe("parley");
    expect(defaultBackend({ PARLEY_BACKEND: "cobol" })).toBe("parley");
  });

  it("run the CLI a PARLEY_<CLI>_COMMAND names, and say so when it is missing", async () => {
    const cli = agentCliFor("opencode", { PARLEY_OPENCODE_COMMAND: "/nonexistent/opencode" });
    expect(await cli.discover()).toMatchObject({ availability: "missing", command: "/nonexistent/opencode" });
  });
});
