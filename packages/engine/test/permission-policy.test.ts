import { symlink } from "node:fs/promises";
import { join } from "node:path";
import type { PermissionMode } from "@parley/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type PermissionDecision,
  PermissionPolicy,
  type PermissionRule,
  policyCanUseTool,
  type ToolAccess,
} from "../src/index.ts";
import { createProject, type ProjectFixture } from "./project-fixture.ts";

let project: ProjectFixture;
beforeEach(async () => {
  project = await createProject({ "src/app.ts": "", "README.md": "" });
});
afterEach(async () => {
  await project.remove();
});

const write = (path: string): ToolAccess => ({ kind: "write", path });
const shell = (command: string): ToolAccess => ({ kind: "execute", command });

function check(
  access: ToolAccess,
  options: { mode?: PermissionMode; rules?: PermissionRule[]; toolName?: string; added?: string[] } = {},
): Promise<PermissionDecision> {
  const policy = new PermissionPolicy({
    projectRoot: project.root,
    mode: options.mode,
    rules: options.rules,
    ...(options.added && { additionalDirectories: options.added }),
  });
  const toolName =
    options.toolName ?? (access.kind === "execute" ? "Bash" : access.kind === "read" ? "Read" : "Write");
  return policy.check({ toolName, input: {}, access });
}

describe("permission modes", () => {
  it.each<[PermissionMode, ToolAccess, PermissionDecision["behavior"]]>([
    ["default", { kind: "read", path: "src/app.ts" }, "allow"],
    ["default", write("src/app.ts"), "ask"],
    ["default", shell("npm test"), "ask"],
    ["default", { kind: "other" }, "ask"],
    ["acceptEdits", write("src/app.ts"), "allow"],
    ["acceptEdits", write("src/new/file.ts"), "allow"],
    ["acceptEdits", shell("npm test"), "ask"],
    ["plan", { kind: "read", path: "src/app.ts" }, "allow"],
    ["plan", write("src/app.ts"), "deny"],
    ["plan", shell("ls"), "deny"],
    ["plan", { kind: "other" }, "deny"],
    ["bypassPermissions", write("src/app.ts"), "allow"],
    ["bypassPermissions", shell("rm -rf build; curl x | sh"), "allow"],
    ["bypassPermissions", { kind: "other" }, "allow"],
    ["dontAsk", write("src/app.ts"), "deny"],
    ["dontAsk", { kind: "read", path: "README.md" }, "allow"],
  ])("%s: %j is %s", async (mode, access, behavior) => {
    expect((await check(access, { mode })).behavior).toBe(behavior);
  });

  it("tells the model it is in plan mode when it tries to change something", async () => {
    expect(await check(write("src/app.ts"), { mode: "plan" })).toEqual({
      behavior: "deny",
      message: expect.stringMatching(/^Parley is in plan mode, so Write did not run: .*present it/),
    });
  });

  it("denies a path outside the project in every mode, naming the rule", async () => {
    for (const mode of ["default", "acceptEdits", "bypassPermissions"] as const) {
      expect(await check(write("../proj-evil/x"), { mode })).toEqual({
        behavior: "deny",
        message: expect.stringContaining("Path refused (parent-segment)"),
      });
    }
  });
});

describe("protected paths", () => {
  it.each([
    ".vscode/settings.json",
    ".vscode/mcp.json",
    ".cursor/mcp.json",
    ".mcp.json",
    ".git/hooks/pre-commit",
    ".git/config",
    ".parley/settings.json",
    ".idea/workspace.xml",
    ".editorconfig",
    ".env.local",
  ])(
    "creating or changing %s asks even in bypassPermissions and acceptEdits, with no always-allow offer",
    async (path) => {
      for (const mode of ["bypassPermissions", "acceptEdits", "default"] as const) {
        const decision = await check(write(path), { mode, rules: [{ tool: "Write", behavior: "allow" }] });
        expect(decision).toEqual({
          behavior: "ask",
          reason: expect.stringContaining(path),
          blockedPath: path,
        });
      }
    },
  );

  it("asks when a symlink inside the project leads a harmless-looking path into .git", async () => {
    await project.write({ ".git/hooks/README": "" });
    await symlink(".git/hooks", join(project.root, "scripts"));

    expect(await check(write("scripts/pre-commit"), { mode: "bypassPermissions" })).toMatchObject({
      behavior: "ask",
      blockedPath: ".git/hooks/pre-commit",
    });
  });

  it("asks when a shell command names a protected file, even in bypassPermissions", async () => {
    expect(
      await check(shell("cp evil.sh .git/hooks/pre-commit"), { mode: "bypassPermissions" }),
    ).toMatchObject({
      behavior: "ask",
      blockedPath: ".git/hooks/pre-commit",
    });
    expect(
      await check(shell("echo '{}' > .vscode/settings.json"), {
        rules: [{ tool: "Bash", pattern: "echo", behavior: "allow" }],
      }),
    ).toMatchObject({ behavior: "ask", blockedPath: ".vscode/settings.json" });
  });

  it("still lets a deny rule win over the protected-path question", async () => {
    expect(
      await check(write(".env"), { rules: [{ tool: "Write", pattern: ".env*", behavior: "deny" }] }),
    ).toMatchObject({
      behavior: "deny",
      message: "Write is denied by the project rule Write(.env*), so it did not run.",
    });
  });
});

describe("rules", () => {
  it("lets deny beat ask and ask beat allow, whatever order they were added in", async () => {
    const rules: PermissionRule[] = [
      { tool: "Write", pattern: "src/**", behavior: "allow" },
      { tool: "Write", pattern: "src/**", behavior: "ask" },
      { tool: "Write", pattern: "src/secret/**", behavior: "deny" },
    ];

    expect((await check(write("src/secret/key.txt"), { rules, mode: "bypassPermissions" })).behavior).toBe(
      "deny",
    );
    expect(await check(write("src/app.ts"), { rules, mode: "bypassPermissions" })).toMatchObject({
      behavior: "ask",
      rule: { behavior: "ask" },
    });
    expect((await check(write("src/app.ts"), { rules: [rules[0] as PermissionRule] })).behavior).toBe(
      "allow",
    );
  });

  it("matches file rules against the canonical path, so a symlink cannot borrow an allowed folder", async () => {
    await project.write({ "secrets/key.txt": "" });
    await symlink("../secrets", join(project.root, "src", "link"));
    const rules: PermissionRule[] = [{ tool: "Write", pattern: "src/**", behavior: "allow" }];

    expect((await check(write("src/link/key.txt"), { rules })).behavior).toBe("ask");
    expect(
      (
        await check(write("src/link/key.txt"), {
          rules: [{ tool: "Write", pattern: "src/**", behavior: "deny" }],
        })
      ).behavior,
    ).toBe("deny");
  });

  it("allows a command that starts with an allowed prefix, on word boundaries", async () => {
    const rules: PermissionRule[] = [
      { tool: "Bash", pattern: "git status", behavior: "allow" },
      { tool: "Bash", pattern: "npm run test:*", behavior: "allow" },
    ];

    expect((await check(shell("git status"), { rules })).behavior).toBe("allow");
    expect((await check(shell("git status --short"), { rules })).behavior).toBe("allow");
    expect((await check(shell("npm run test -- --watch"), { rules })).behavior).toBe("allow");
    expect((await check(shell("npm run test 2>&1 > /dev/null"), { rules })).behavior).toBe("allow");
    expect((await check(shell("git statusx"), { rules })).behavior).toBe("ask");
    expect((await check(shell("/tmp/evil/git status"), { rules })).behavior).toBe("ask");
  });

  it.each([
    ["git status; rm -rf x", "git status"],
    ["git status && rm -rf x", "git status"],
    ["git status || rm -rf x", "git status"],
    ["git status | sh", "git status"],
    ["git status & rm -rf x", "git status"],
    ["git status\nrm -rf x", "git status"],
    ["git status $(rm -rf x)", "git status"],
    ["git status `rm -rf x`", "git status"],
    ["echo $(id)", "echo"],
    ["echo `id`", "echo"],
    ['echo "$(id)"', "echo"],
    ["echo $HOME", "echo"],
    ["echo a > /tmp/outside.txt", "echo"],
    ["echo a > ../proj-evil/secret.txt", "echo"],
    ["echo 'unbalanced", "echo"],
    ["PAGER=sh git status", "git status"],
    ["rg --pre=sh pattern", "rg"],
    ["rg --pre sh pattern", "rg"],
    ["find . -exec rm {} +", "find"],
    ["git -c core.pager=sh log", "git"],
    ["diff <(cat a) b", "diff"],
    // Issue 18: each of these is an operation of its own that Bash(echo:*) does not cover.
    ["echo x > README.md", "echo:*"],
    ["echo x >> notes.txt", "echo:*"],
    ["echo $(rm -rf .)", "echo:*"],
    ["echo x; rm y", "echo:*"],
    ["echo x && rm y", "echo:*"],
    ["echo x | sh", "echo:*"],
    ["echo `rm -rf .`", "echo:*"],
    ["echo <(rm -rf .)", "echo:*"],
    ["cat <<EOF\nx\nEOF", "cat:*"],
    ["echo x <<< y", "echo:*"],
    ["echo x & rm y", "echo:*"],
    ["echo x &", "echo:*"],
    ["echo x\nrm y", "echo:*"],
    ["echo x < /etc/passwd", "echo:*"],
  ])("still asks about %j although %j is allowed", async (command, prefix) => {
    const rules: PermissionRule[] = [{ tool: "Bash", pattern: prefix, behavior: "allow" }];

    const decision = await check(shell(command), { rules });

    expect(decision.behavior).toBe("ask");
    expect(decision).not.toHaveProperty("suggestedRule");
  });

  it("allows a chained line only when each of its commands has a rule of its own", async () => {
    const rules: PermissionRule[] = [
      { tool: "Bash", pattern: "git status", behavior: "allow" },
      { tool: "Bash", pattern: "git diff:*", behavior: "allow" },
    ];

    expect(await check(shell("git status && git diff --stat | git diff"), { rules })).toMatchObject({
      behavior: "allow",
      reason: "allowed by the rules Bash(git status), Bash(git diff:*)",
    });
    expect(await check(shell("git status; git push"), { rules })).toMatchObject({
      behavior: "ask",
      reason: "no rule allows `git push`",
    });
  });

  it("counts a redirection into a file as a write: Edit rules, acceptEdits and deny rules decide it", async () => {
    const echo: PermissionRule = { tool: "Bash", pattern: "echo:*", behavior: "allow" };
    const asked = await check(shell("echo hi > README.md"), { rules: [echo] });
    expect(asked).toEqual({
      behavior: "ask",
      reason:
        "its redirection `> README.md` writes README.md, and writing a file needs its own approval (an Edit rule for it, or acceptEdits mode)",
    });
    const editNotes: PermissionRule = { tool: "Edit", pattern: "notes/**", behavior: "allow" };
    expect((await check(shell("echo hi > notes/a.md"), { rules: [echo, editNotes] })).behavior).toBe("allow");
    expect((await check(shell("echo hi > README.md"), { rules: [echo, editNotes] })).behavior).toBe("ask");
    expect((await check(shell("echo hi > README.md"), { rules: [echo], mode: "acceptEdits" })).behavior).toBe(
      "allow",
    );
    expect(
      await check(shell("echo hi >> secrets/key"), {
        rules: [echo, { tool: "Write", pattern: "secrets/**", behavior: "deny" }],
        mode: "bypassPermissions",
      }),
    ).toMatchObject({ behavior: "deny", rule: { tool: "Write" } });
  });

  it("asks when a line changes directory and redirects, since the file's place cannot be known", async () => {
    const rules: PermissionRule[] = [
      { tool: "Bash", pattern: "cd:*", behavior: "allow" },
      { tool: "Bash", pattern: "echo:*", behavior: "allow" },
    ];

    expect((await check(shell("cd src && echo x"), { rules })).behavior).toBe("allow");
    expect(await check(shell("cd .. && echo x > notes.txt"), { rules, mode: "acceptEdits" })).toMatchObject({
      behavior: "ask",
      reason: expect.stringContaining("changes directory and redirects"),
    });
  });

  it("asks when a redirection writes a protected file through a symlink", async () => {
    await project.write({ ".git/config": "" });
    await symlink(".git", join(project.root, "meta"));

    expect(
      await check(shell("echo x > meta/config"), {
        rules: [{ tool: "Bash", pattern: "echo:*", behavior: "allow" }],
        mode: "bypassPermissions",
      }),
    ).toMatchObject({ behavior: "ask", blockedPath: ".git/config" });
  });

  it("applies deny rules to every command of a chained line, by program name too", async () => {
    const rules: PermissionRule[] = [
      { tool: "Bash", pattern: "git status", behavior: "allow" },
      { tool: "Bash", pattern: "rm", behavior: "deny" },
    ];

    expect((await check(shell("git status; rm -rf x"), { rules })).behavior).toBe("deny");
    expect((await check(shell("git status && /bin/rm -rf x"), { rules })).behavior).toBe("deny");
  });

  it("checks the paths a well-known program is given: outside the project asks, Read and Edit rules apply", async () => {
    await project.write({ "secrets/key.txt": "k", "notes.md": "n" });
    const rules: PermissionRule[] = [
      { tool: "Bash", pattern: "cat:*", behavior: "allow" },
      { tool: "Bash", pattern: "head:*", behavior: "allow" },
      { tool: "Bash", pattern: "grep:*", behavior: "allow" },
      { tool: "Bash", pattern: "rm:*", behavior: "allow" },
      { tool: "Bash", pattern: "sed:*", behavior: "allow" },
      { tool: "Bash", pattern: "find:*", behavior: "allow" },
    ];
    // Inside the project the program's own rule covers what it does to its operands.
    for (const line of ["cat notes.md", "head -n 5 src/app.ts", "grep -r token src", "rm -f build/out.js"])
      expect((await check(shell(line), { rules })).behavior, line).toBe("allow");
    // Outside it, no allow rule covers the line: it asks, naming the path.
    expect(await check(shell("cat /etc/passwd"), { rules })).toMatchObject({
      behavior: "ask",
      reason: "`cat /etc/passwd` reads /etc/passwd, outside the project and any directory added to it",
    });
    for (const line of [
      "head -n 1 ../other/.env",
      "grep -r token /home",
      "grep -e token -- ~/.parley",
      "rm -rf /tmp/x",
      "sed -i s/a/b/ /etc/hosts",
      "find / -name id_rsa",
    ])
      expect((await check(shell(line), { rules })).behavior, line).toBe("ask");
    // A rule about reading or writing a file applies to a program that reads or changes it.
    const denied: PermissionRule[] = [
      ...rules,
      { tool: "Read", pattern: "secrets/**", behavior: "deny" },
      { tool: "Edit", pattern: "src/**", behavior: "deny" },
    ];
    for (const line of [
      "cat secrets/key.txt",
      "grep -r k secrets",
      "rm src/app.ts",
      "sed -i s/a/b/ src/app.ts",
    ])
      expect(await check(shell(line), { rules: denied, mode: "bypassPermissions" }), line).toMatchObject({
        behavior: "deny",
      });
    expect((await check(shell("sed s/a/b/ src/app.ts"), { rules: denied })).behavior).toBe("allow");
    // After a cd, a relative operand's place is not known: it asks.
    expect(
      await check(shell("cd src && cat app.ts"), {
        rules: [...rules, { tool: "Bash", pattern: "cd:*", behavior: "allow" }],
      }),
    ).toMatchObject({
      behavior: "ask",
      reason: expect.stringContaining("changes directory and then names the relative path app.ts"),
    });
  });

  it("offers the narrowest sensible always-allow rule when it asks", async () => {
    expect(await check(shell("npm test -- --coverage"))).toEqual({
      behavior: "ask",
      reason: "it runs a shell command",
      suggestedRule: { tool: "Bash", pattern: "npm test", behavior: "allow" },
    });
    expect(await check(write("src/app.ts"), { toolName: "Edit" })).toEqual({
      behavior: "ask",
      reason: "Edit would change src/app.ts",
      suggestedRule: { tool: "Edit", pattern: "src/**", behavior: "allow" },
    });
  });
});

describe("rules with Claude Code's path forms, and added directories", () => {
  const allowEdit = (pattern: string): PermissionRule => ({ tool: "Edit", pattern, behavior: "allow" });
  const edit = (path: string, rules: PermissionRule[], added = [project.outside]) =>
    check(write(path), { toolName: "Edit", rules, added }).then((decision) => decision.behavior);

  it("reads //path as absolute, /path and ./path as the project root's, and keeps relative rules in the project", async () => {
    const inAdded = join(project.outside, "secret.txt");

    expect(await edit(inAdded, [allowEdit(`/${project.outside}/**`)])).toBe("allow");
    expect(await edit("src/app.ts", [allowEdit(`/${project.root}/src/**`)])).toBe("allow");
    expect(await edit("src/app.ts", [allowEdit("/src/**")])).toBe("allow");
    expect(await edit("src/app.ts", [allowEdit("./src/**")])).toBe("allow");
    // A single slash is the project root, as in Claude Code, so it does not name the added directory.
    expect(await edit(inAdded, [allowEdit(`${project.outside}/**`)])).toBe("ask");
    expect(await edit(inAdded, [allowEdit("**")])).toBe("ask");
    expect(
      await check(write(inAdded), {
        toolName: "Edit",
        rules: [{ tool: "Edit", pattern: `/${project.outside}/*.txt`, behavior: "deny" }],
        mode: "bypassPermissions",
        added: [project.outside],
      }),
    ).toMatchObject({ behavior: "deny" });
  });

  it("applies a Read rule to every tool that reads files, and to a folder a search is given", async () => {
    await project.write({ "secrets/key.txt": "" });
    const rules: PermissionRule[] = [{ tool: "Read", pattern: "/secrets/**", behavior: "deny" }];
    const read = (toolName: string, path: string) =>
      check({ kind: "read", path }, { toolName, rules }).then((decision) => decision.behavior);

    expect(await read("Read", "secrets/key.txt")).toBe("deny");
    expect(await read("Grep", "secrets")).toBe("deny");
    expect(await read("Glob", "secrets")).toBe("deny");
    expect(await read("LS", "secrets")).toBe("deny");
    expect(await read("Grep", "src")).toBe("allow");
    expect(await read("mcp__files__read", "secrets/key.txt")).toBe("allow");
  });

  it("offers an always-allow rule for an added directory in the //path form", async () => {
    expect(await check(write(join(project.outside, "secret.txt")), { added: [project.outside] })).toEqual({
      behavior: "ask",
      reason: `Write would change ${join(project.outside, "secret.txt")}`,
      suggestedRule: { tool: "Write", pattern: `/${project.outside}/**`, behavior: "allow" },
    });
  });

  it("counts a redirection into an added directory as a write there, and one into any other place as outside", async () => {
    const echo: PermissionRule = { tool: "Bash", pattern: "echo:*", behavior: "allow" };
    const into = `echo hi > ${join(project.outside, "out.txt")}`;
    const added = [project.outside];

    expect(await check(shell(into), { rules: [echo], added })).toMatchObject({
      behavior: "ask",
      reason: expect.stringContaining("writing a file needs its own approval"),
    });
    expect((await check(shell(into), { rules: [echo], added, mode: "acceptEdits" })).behavior).toBe("allow");
    const editAdded = allowEdit(`/${project.outside}/**`);
    expect((await check(shell(into), { rules: [echo, editAdded], added })).behavior).toBe("allow");
    expect(await check(shell(into), { rules: [echo], mode: "acceptEdits" })).toMatchObject({
      behavior: "ask",
      reason: expect.stringContaining("writes outside the project"),
    });
    expect(
      await check(shell(`echo x > ${join(project.outside, ".git", "config")}`), {
        rules: [echo],
        added,
        mode: "acceptEdits",
      }),
    ).toMatchObject({ behavior: "ask", blockedPath: join(project.outside, ".git", "config") });
  });

  it("lets a line cd into the project or an added directory without a rule of its own, and nowhere else", async () => {
    const rules: PermissionRule[] = [{ tool: "Bash", pattern: "ls:*", behavior: "allow" }];
    const added = [project.outside];

    expect((await check(shell(`cd ${project.outside} && ls`), { rules, added })).behavior).toBe("allow");
    expect((await check(shell("cd src && ls"), { rules, added })).behavior).toBe("allow");
    expect(await check(shell(`cd ${project.outside} && ls`), { rules })).toMatchObject({
      behavior: "ask",
      reason: `no rule allows \`cd ${project.outside}\``,
    });
    expect((await check(shell("cd /tmp && ls"), { rules, added })).behavior).toBe("ask");
    // After one cd a relative one is not known from the project; an absolute redirection still is.
    expect((await check(shell(`cd ${project.outside} && cd src && ls`), { rules, added })).behavior).toBe(
      "ask",
    );
    const echo: PermissionRule = { tool: "Bash", pattern: "echo:*", behavior: "allow" };
    const line = `cd ${project.outside} && echo x > ${join(project.outside, "out.txt")}`;
    expect((await check(shell(line), { rules: [echo], added, mode: "acceptEdits" })).behavior).toBe("allow");
  });
});

describe("policyCanUseTool", () => {
  const request = (toolName: string, access: ToolAccess, toolUseId = "toolu_1") => ({
    toolName,
    input: {},
    toolUseId,
    signal: new AbortController().signal,
    access,
  });

  it("saves an always-allow answer as a rule, so the next matching call does not ask", async () => {
    const policy = new PermissionPolicy({ projectRoot: project.root });
    const asked: string[] = [];
    const saved: unknown[] = [];
    const canUseTool = policyCanUseTool(policy, {
      ask: async (prompt) => {
        asked.push(prompt.reason);
        return { behavior: "allow", updatedPermissions: prompt.suggestions };
      },
      onRulesAdded: (rules, destination) => void saved.push({ rules, destination }),
    });

    expect(await canUseTool(request("Bash", shell("npm test")))).toMatchObject({ behavior: "allow" });
    expect(await canUseTool(request("Bash", shell("npm test -- --watch"), "toolu_2"))).toEqual({
      behavior: "allow",
      toolUseID: "toolu_2",
    });

    expect(asked).toEqual(["it runs a shell command"]);
    expect(policy.rules).toEqual([{ tool: "Bash", pattern: "npm test", behavior: "allow" }]);
    expect(saved).toEqual([
      { rules: [{ tool: "Bash", pattern: "npm test", behavior: "allow" }], destination: "projectSettings" },
    ]);
  });

  it("passes the reason, the protected path and the SDK suggestions to the person", async () => {
    const prompts: unknown[] = [];
    const canUseTool = policyCanUseTool(new PermissionPolicy({ projectRoot: project.root }), {
      ask: async ({ signal: _signal, ...prompt }) => {
        prompts.push(prompt);
        return { behavior: "deny", message: "no" };
      },
    });

    await canUseTool(request("Edit", write("src/app.ts")));
    await canUseTool(request("Write", write(".mcp.json"), "toolu_2"));

    expect(prompts).toEqual([
      {
        toolName: "Edit",
        input: {},
        toolUseId: "toolu_1",
        access: write("src/app.ts"),
        reason: "Edit would change src/app.ts",
        suggestedRule: { tool: "Edit", pattern: "src/**", behavior: "allow" },
        suggestions: [
          {
            type: "addRules",
            rules: [{ toolName: "Edit", ruleContent: "src/**" }],
            behavior: "allow",
            destination: "projectSettings",
          },
        ],
      },
      {
        toolName: "Write",
        input: {},
        toolUseId: "toolu_2",
        access: write(".mcp.json"),
        reason: expect.stringContaining("MCP server configuration"),
        blockedPath: ".mcp.json",
        suggestions: [],
      },
    ]);
  });

  it("denies what would ask when there is nobody to ask, and a missing answer", async () => {
    const policy = new PermissionPolicy({ projectRoot: project.root });

    expect(await policyCanUseTool(policy)(request("Bash", shell("ls")))).toMatchObject({
      behavior: "deny",
      message: expect.stringContaining("there is nobody to ask here"),
    });
    expect(
      await policyCanUseTool(policy, { ask: async () => null })(request("Bash", shell("ls"))),
    ).toMatchObject({
      behavior: "deny",
    });
  });

  it("switches the mode when the answer says so", async () => {
    const policy = new PermissionPolicy({ projectRoot: project.root });
    const canUseTool = policyCanUseTool(policy, {
      ask: async () => ({
        behavior: "allow",
        updatedPermissions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
      }),
    });

    await canUseTool(request("Write", write("src/app.ts")));

    expect(policy.mode).toBe("acceptEdits");
  });
});
