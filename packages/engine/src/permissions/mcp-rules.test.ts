import { describe, expect, it } from "vitest";
import { PermissionPolicy } from "./permission-policy.ts";
import { coversMcpServer } from "./permission-rule.ts";

describe("MCP permission rules", () => {
  it("a server rule covers every tool of that server and of no other", () => {
    expect(coversMcpServer("mcp__github", "mcp__github__create_issue")).toBe(true);
    expect(coversMcpServer("mcp__github", "mcp__githubx__create_issue")).toBe(false);
    expect(coversMcpServer("mcp__github__create_issue", "mcp__github__create_issue__x")).toBe(false);
    expect(coversMcpServer("Bash", "Bash__x")).toBe(false);
  });

  it("asks for an MCP call by default, allows it by a server rule, and denies it by a tool rule first", async () => {
    const call = { toolName: "mcp__db__query", input: {}, access: { kind: "other" as const } };
    expect((await new PermissionPolicy({ projectRoot: "/" }).check(call)).behavior).toBe("ask");
    const serverAllowed = new PermissionPolicy({
      projectRoot: "/",
      rules: [{ tool: "mcp__db", behavior: "allow" }],
    });
    expect((await serverAllowed.check(call)).behavior).toBe("allow");
    serverAllowed.addRule({ tool: "mcp__db__query", behavior: "deny" });
    expect((await serverAllowed.check(call)).behavior).toBe("deny");
  });

  it("runs a read-only tool unasked only when the user trusts reads, and never in dontAsk without trust", async () => {
    const read = { toolName: "mcp__db__list", input: {}, access: { kind: "other" as const, readOnly: true } };
    expect((await new PermissionPolicy({ projectRoot: "/" }).check(read)).behavior).toBe("ask");
    expect(
      (await new PermissionPolicy({ projectRoot: "/", trustReadOnlyTools: true }).check(read)).behavior,
    ).toBe("allow");
    expect(
      (await new PermissionPolicy({ projectRoot: "/", mode: "plan", trustReadOnlyTools: true }).check(read))
        .behavior,
    ).toBe("allow");
    expect((await new PermissionPolicy({ projectRoot: "/", mode: "dontAsk" }).check(read)).behavior).toBe(
      "deny",
    );
  });
});
