import { describe, expect, it } from "vitest";
import { UsageError } from "../../usage-error.ts";
import { parseServeArgs } from "./parse-serve-args.ts";

describe("parley serve --backend", () => {
  it("sets who answers new sessions, from the flag or PARLEY_BACKEND", () => {
    expect(parseServeArgs(["--backend", "codex"], {}, "/p").backend).toBe("codex");
    expect(parseServeArgs([], { PARLEY_BACKEND: "opencode" }, "/p").backend).toBe("opencode");
    expect(parseServeArgs(["--backend", "gemini"], { PARLEY_BACKEND: "codex" }, "/p").backend).toBe("gemini");
    expect(parseServeArgs([], {}, "/p").backend).toBeUndefined();
  });

  it("refuses an unknown backend and lists the choices", () => {
    expect(() => parseServeArgs(["--backend", "cobol"], {}, "/p")).toThrow(
      new UsageError('--backend must be one of parley, claude-code, opencode, codex, gemini, not "cobol"'),
    );
  });
});
