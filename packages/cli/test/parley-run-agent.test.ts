import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migratePostgresDatabase } from "@parley/server";
import { McpProjectState, projectDirectory, sharedMcpStateAt } from "@parley/server/mcp";
import {
  type FakeModelServer,
  findPostgresBinaries,
  reply,
  startFakeModelServer,
  startPostgresCluster,
} from "@parley/testkit";
import { FIXTURE_MCP_SERVER } from "@parley/testkit/mcp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GREET_WORKFLOW } from "./support/greet-workflow.ts";
import { decodeLines, fakeAnthropicHome, runParley } from "./support/run-parley.ts";

/** `parley run` with a prompt (text, json or stream-json output) is the same agent as the SDK's mode. */

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "parley-run-agent-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

let server: FakeModelServer;
let project: string;
let env: Record<string, string>;
beforeEach(async () => {
  server = await startFakeModelServer();
  project = await realpath(await mkdtemp(join(scratch, "project-")));
  const home = await mkdtemp(join(scratch, "home-"));
  env = fakeAnthropicHome(server, home);
});
afterEach(async () => {
  await server.close();
});

const parley = (args: string[]) => runParley(scratch, args, { env, cwd: project });
const toolNames = (index: number) =>
  (((server.requests[index]?.body ?? {}) as { tools?: { name: string }[] }).tools ?? []).map(
    (tool) => tool.name,
  );
const systemOf = (index: number) =>
  JSON.stringify(((server.requests[index]?.body ?? {}) as { system?: unknown }).system) ?? "";
const resultOf = (stdout: string) => JSON.parse(stdout) as { session_id: string; result: string };

// Each start of parley costs seconds on a loaded machine; these tests start it several times.
const SEVERAL_STARTS = 240_000;

describe("parley run with a prompt, in every output format", { timeout: SEVERAL_STARTS }, () => {
  it("starts the user's mcp.json, the approved .mcp.json and --mcp-config servers, and calls their tools", async () => {
    const fixture = { command: process.execPath, args: [FIXTURE_MCP_SERVER] };
    await mkdir(env.PARLEY_HOME as string, { recursive: true });
    await writeFile(
      join(env.PARLEY_HOME as string, "mcp.json"),
      JSON.stringify({ mcpServers: { mine: fixture } }),
    );
    await writeFile(
      join(project, ".mcp.json"),
      JSON.stringify({ mcpServers: { approved: fixture, other: fixture } }),
    );
    new McpProjectState(projectDirectory(env.PARLEY_HOME as string, project)).approve("approved", fixture);
    const flags = ["--mcp-config", JSON.stringify({ mcpServers: { given: fixture } })];
    server.script(reply().toolCall("mcp__given__lookup", { word: "parley" }), reply().text("Found it."));

    const run = await parley([
      "-p",
      "Look up parley",
      "--output-format",
      "json",
      "--allowedTools",
      "mcp__given__lookup",
      ...flags,
    ]);

    expect(run.code).toBe(0);
    expect(resultOf(run.stdout).result).toBe("Found it.");
    expect(toolNames(0)).toEqual(
      expect.arrayContaining([
        "ProjectStructure",
        "mcp__mine__lookup",
        "mcp__approved__lookup",
        "mcp__given__lookup",
      ]),
    );
    expect(toolNames(0)).not.toContain("mcp__other__lookup");
    expect(run.stderr).toContain("the MCP server other of");
    // The allowed MCP call runs, and its answer reaches the model.
    expect(JSON.stringify(server.requests[1]?.body)).toContain("parley: a word the fixture knows");

    server.script(reply().text("ok"));
    const strict = await parley(["-p", "hi", "--strict-mcp-config", ...flags]);
    expect(strict.code).toBe(0);
    expect(toolNames(2).filter((name) => name.startsWith("mcp__"))).toEqual(
      expect.arrayContaining(["mcp__given__lookup"]),
    );
    expect(
      toolNames(2).some((name) => name.startsWith("mcp__mine__") || name.startsWith("mcp__approved__")),
    ).toBe(false);
  });

  it.skipIf("missing" in findPostgresBinaries())(
    "with PARLEY_DATABASE_URL, starts the .mcp.json servers the team approved in its database, not those of its own data directory",
    async () => {
      const fixture = { command: process.execPath, args: [FIXTURE_MCP_SERVER] };
      await writeFile(
        join(project, ".mcp.json"),
        JSON.stringify({ mcpServers: { team: fixture, local: fixture } }),
      );
      const cluster = await startPostgresCluster();
      try {
        const url = cluster.createDatabase();
        await migratePostgresDatabase(url);
        // Approved on one of the team's servers; "local" only in this machine's own data directory.
        const directory = projectDirectory(env.PARLEY_HOME as string, project);
        new McpProjectState(directory, sharedMcpStateAt(url, project)).approve("team", fixture);
        new McpProjectState(directory).approve("local", fixture);
        server.script(reply().text("ok"));

        const run = await runParley(scratch, ["-p", "hi"], {
          env: { ...env, PARLEY_DATABASE_URL: url },
          cwd: project,
        });

        expect(run.code).toBe(0);
        expect(toolNames(0)).toContain("mcp__team__lookup");
        expect(toolNames(0)).not.toContain("mcp__local__lookup");
        expect(run.stderr).toContain("the MCP server local of");

        // A database that does not answer: said so (without its password), and nothing of .mcp.json starts.
        cluster.pause();
        server.script(reply().text("ok"));
        const away = await runParley(scratch, ["-p", "hi"], {
          env: { ...env, PARLEY_DATABASE_URL: url.replace("postgres@", "postgres:hunter2@") },
          cwd: project,
        });
        expect(away.code).toBe(0);
        expect(away.stderr).toContain("the team's MCP decisions are not known");
        expect(away.stderr).not.toContain("hunter2");
        expect(toolNames(1).filter((name) => name.startsWith("mcp__"))).toEqual([]);
      } finally {
        cluster.stop();
      }
    },
  );

  it("offers only --tools' tools, and refuses a tool name Parley does not have", async () => {
    server.script(reply().text("ok"));
    const run = await parley([
      "-p",
      "hi",
      "--tools",
      "Read,ProjectStructure",
      "--output-format",
      "stream-json",
      "--verbose",
    ]);
    expect(run.code).toBe(0);
    expect(toolNames(0)).toEqual(["Read", "ProjectStructure"]);
    const init = decodeLines(run.stdout)[0];
    expect(init).toMatchObject({
      kind: "message",
      message: { subtype: "init", tools: ["Read", "ProjectStructure"] },
    });

    const unknown = await parley(["-p", "hi", "--tools", "Read,WebFetch"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--tools: Parley has no tool "WebFetch"');
  });

  it("replaces the system prompt with --system-prompt and adds --append-system-prompt to it", async () => {
    server.script(reply().text("ok"), reply().text("ok"));
    await parley(["-p", "hi", "--append-system-prompt", "Answer in French."]);
    await parley([
      "-p",
      "hi",
      "--system-prompt",
      "You are terse.",
      "--append-system-prompt",
      "Answer in French.",
    ]);
    expect(systemOf(0)).toContain("Answer in French.");
    expect(systemOf(0)).not.toContain("You are terse.");
    expect(systemOf(1)).toContain("You are terse.\\n\\nAnswer in French.");
  });

  it("gives the agent the person's own AGENTS.md and the project's AGENTS.md and CLAUDE.local.md as --setting-sources says", async () => {
    await writeFile(join(project, "AGENTS.md"), "Use tabs for indentation.\n");
    await writeFile(join(project, "CLAUDE.local.md"), "Answer in French.\n");
    await mkdir(env.PARLEY_HOME as string, { recursive: true });
    await writeFile(join(env.PARLEY_HOME as string, "AGENTS.md"), "Sign off as Sam.\n");
    server.script(reply().text("ok"), reply().text("ok"), reply().text("ok"), reply().text("ok"));
    // Without the flag, as Claude Code does, every source; the SDK's `settingSources: []` sends it empty.
    await parley(["-p", "hi", "--system-prompt", "You are terse."]);
    await parley(["-p", "hi", "--setting-sources", "user,project"]);
    await parley(["-p", "hi", "--setting-sources="]);
    await parley(["-p", "hi", "--setting-sources", "project"]);
    expect(systemOf(0)).toContain("You are terse.\\n\\nThe instruction files follow:");
    expect(systemOf(0)).toContain("Sign off as Sam.");
    expect(systemOf(0)).toContain('<instructions file=\\"AGENTS.md\\">\\nUse tabs for indentation.');
    expect(systemOf(0)).toContain('<instructions file=\\"CLAUDE.local.md\\">\\nAnswer in French.');
    expect(systemOf(1)).toContain("Sign off as Sam.");
    expect(systemOf(1)).toContain("Use tabs for indentation.");
    expect(systemOf(1)).not.toContain("Answer in French.");
    expect(systemOf(2)).not.toContain("<instructions");
    expect(systemOf(3)).toContain("Use tabs for indentation.");
    expect(systemOf(3)).not.toContain("Sign off as Sam.");

    const wrong = await parley(["-p", "hi", "--setting-sources", "project,team"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--setting-sources must be one of user, project, local (got "team")');
  });

  it("gives no instruction files once settings.json turns them off, whatever --setting-sources asks", async () => {
    await writeFile(join(project, "AGENTS.md"), "Use tabs for indentation.\n");
    await mkdir(env.PARLEY_HOME as string, { recursive: true });
    await writeFile(join(env.PARLEY_HOME as string, "settings.json"), '{"project_instructions": false}');
    server.script(reply().text("ok"));
    await parley(["-p", "hi", "--setting-sources", "user,project,local"]);
    expect(systemOf(0)).not.toContain("Use tabs");
  });

  it("gives a subfolder's instruction files with the first Read there, from the sources --setting-sources names", async () => {
    await mkdir(join(project, "packages", "api"), { recursive: true });
    await writeFile(join(project, "packages", "api", "AGENTS.md"), "Every API route has a test.\n");
    await writeFile(join(project, "packages", "api", "CLAUDE.local.md"), "My API notes.\n");
    await writeFile(join(project, "packages", "api", "app.ts"), "export const app = 1;\n");
    const readApp = () => reply().toolCall("Read", { file_path: "packages/api/app.ts" });
    server.script(readApp(), reply().text("ok"), readApp(), reply().text("ok"));
    expect((await parley(["-p", "look", "--setting-sources", "project"])).code).toBe(0);
    expect((await parley(["-p", "look"])).code).toBe(0);
    const projectOnly = JSON.stringify(server.requests[1]?.body);
    expect(projectOnly).toContain(
      '<instructions file=\\"packages/api/AGENTS.md\\">\\nEvery API route has a test.',
    );
    expect(projectOnly).not.toContain("My API notes.");
    expect(JSON.stringify(server.requests[3]?.body)).toContain("My API notes.");
  });

  it("says on stderr which instruction file it did not read, and why", async () => {
    const outside = join(scratch, "private-notes.md");
    await writeFile(outside, "The deploy password is hunter2.");
    await symlink(outside, join(project, "CLAUDE.md"));
    server.script(reply().text("ok"));
    const run = await parley(["-p", "hi"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      "parley: CLAUDE.md is not read: it is a symlink to a place outside the project",
    );
    expect(systemOf(0)).not.toContain("hunter2");
  });

  it("offers the project's and the person's skills through the Skill tool, from the sources --setting-sources names", async () => {
    const writeSkill = async (folder: string, name: string, description: string, body: string) => {
      await mkdir(join(folder, name), { recursive: true });
      await writeFile(
        join(folder, name, "SKILL.md"),
        `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`,
      );
    };
    await writeSkill(
      join(project, ".claude", "skills"),
      "changelog",
      "Write a changelog entry.",
      "Group under Fixed.",
    );
    await writeSkill(
      join(env.PARLEY_HOME as string, "skills"),
      "sign-off",
      "Sign off letters.",
      "Sign as Sam.",
    );
    await mkdir(join(project, ".agents", "skills", "vague"), { recursive: true });
    await writeFile(join(project, ".agents", "skills", "vague", "SKILL.md"), "---\nname: vague\n---\n");
    server.script(
      reply().toolCall("Skill", { skill: "changelog" }),
      reply().text("Done."),
      reply().text("ok"),
    );

    const run = await parley(["-p", "Write the changelog", "--output-format", "stream-json", "--verbose"]);
    expect(run.code).toBe(0);
    expect(decodeLines(run.stdout)[0]).toMatchObject({
      kind: "message",
      message: { subtype: "init", skills: ["sign-off", "changelog"] },
    });
    expect(run.stderr).toContain(
      "parley: the skill in .agents/skills/vague is not offered: its SKILL.md's frontmatter has no description",
    );
    expect(JSON.stringify(server.requests[1]?.body)).toContain(
      "Base directory for this skill: .claude/skills/changelog\\n\\nGroup under Fixed.",
    );

    await parley(["-p", "hi", "--setting-sources", "project"]);
    const offered = ((server.requests[2]?.body ?? {}) as { tools?: { name: string; description: string }[] })
      .tools;
    const description = offered?.find((tool) => tool.name === "Skill")?.description ?? "";
    expect(description).toContain("- changelog: Write a changelog entry.");
    expect(description).not.toContain("sign-off");

    // Left out by the tool flags, skills are not read at all: no warning about the one without a description.
    server.script(reply().text("ok"));
    const without = await parley(["-p", "hi", "--disallowedTools", "Skill"]);
    expect(without.code).toBe(0);
    expect(without.stderr).not.toContain("vague");
    expect(toolNames(3)).not.toContain("Skill");
  });

  it("takes --tools naming Skill in a project without skills", async () => {
    server.script(reply().text("ok"));
    const run = await parley(["-p", "hi", "--tools", "Read,Skill"]);
    expect(run.code).toBe(0);
    expect(toolNames(0)).toEqual(["Read"]);
  });

  it("continues a conversation with --resume and --continue, forks one, and refuses an unknown id", async () => {
    server.script(
      reply().text("Noted: blue."),
      reply().text("Blue."),
      reply().text("Still blue."),
      reply().text("Blue again."),
    );
    const first = resultOf((await parley(["-p", "My colour is blue", "--output-format", "json"])).stdout);

    const resumed = await parley(["-p", "What is my colour?", "--resume", first.session_id]);
    expect(resumed).toMatchObject({ code: 0, stdout: "Blue.\n" });
    expect(JSON.stringify(server.requests[1]?.body)).toContain("My colour is blue");

    const continued = resultOf(
      (await parley(["-p", "And now?", "--continue", "--output-format", "json"])).stdout,
    );
    expect(continued.session_id).toBe(first.session_id);
    expect(JSON.stringify(server.requests[2]?.body)).toContain("What is my colour?");

    const forked = resultOf(
      (
        await parley([
          "-p",
          "Again?",
          "--resume",
          first.session_id,
          "--fork-session",
          "--output-format",
          "json",
        ])
      ).stdout,
    );
    expect(forked.session_id).not.toBe(first.session_id);
    expect(JSON.stringify(server.requests[3]?.body)).toContain("And now?");

    const unknown = await parley(["-p", "hi", "--resume", "no-such-session"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--resume: no conversation found with session id no-such-session");
  });

  it("keeps nothing with --no-session-persistence", async () => {
    server.script(reply().text("ok"));
    const run = await parley(["-p", "hi", "--no-session-persistence", "--output-format", "json"]);
    expect(run.code).toBe(0);
    const again = await parley(["-p", "hi", "--resume", resultOf(run.stdout).session_id]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("no conversation found");
  });

  it("sends the thinking budget, effort and task budget to an Anthropic model, effort to an OpenAI one, and names what a model does not take", async () => {
    server.script(reply().text("ok"), reply().text("ok"));
    const reasoning = ["--max-thinking-tokens", "2048", "--effort", "high", "--task-budget", "50000"];
    const anthropic = await parley(["-p", "hi", ...reasoning]);
    expect(anthropic).toMatchObject({ code: 0, stderr: "" });
    expect(server.requests[0]?.body).toMatchObject({
      thinking: { type: "enabled", budget_tokens: 2048 },
      output_config: { effort: "high", task_budget: { type: "tokens", total: 50000 } },
    });

    const openai = await runParley(scratch, ["-p", "hi", ...reasoning], {
      env: {
        OPENAI_API_KEY: "sk-fake",
        OPENAI_BASE_URL: server.openaiBaseUrl,
        PARLEY_MODEL: "openai:gpt-fake",
      },
      cwd: project,
    });
    expect(openai.code).toBe(0);
    expect(server.requests[1]?.body).toMatchObject({ reasoning_effort: "high" });
    expect(JSON.stringify(server.requests[1]?.body)).not.toContain("2048");
    expect(openai.stderr).toContain(
      "parley: --max-thinking-tokens/--thinking, --task-budget have no effect on openai:gpt-fake",
    );
  });

  it("answers --json-schema with structured output: a wrong shape is refused, ending without it gets a reminder", async () => {
    const schema = {
      type: "object",
      properties: { name: { type: "string" }, age: { type: "integer" } },
      required: ["name", "age"],
    };
    server.script(
      reply().text("Ada is 36."),
      reply().toolCall("StructuredOutput", { name: "Ada", age: "thirty-six" }),
      reply().toolCall("StructuredOutput", { name: "Ada", age: 36 }),
      reply().text("Done."),
    );
    const run = await parley([
      "-p",
      "Who?",
      "--json-schema",
      JSON.stringify(schema),
      "--output-format",
      "json",
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      subtype: "success",
      result: "Done.",
      structured_output: { name: "Ada", age: 36 },
    });
    const body = server.requests[0]?.body as
      | { tools?: { name: string; input_schema: unknown }[] }
      | undefined;
    expect(body?.tools?.find((tool) => tool.name === "StructuredOutput")?.input_schema).toMatchObject(schema);
    expect(systemOf(0)).toContain("call the StructuredOutput tool exactly once");
    expect(JSON.stringify(server.requests[1]?.body)).toContain(
      "You ended without calling the StructuredOutput tool",
    );
    expect(JSON.stringify(server.requests[2]?.body)).toMatch(/"is_error":true/);

    const bad = await parley(["-p", "hi", "--json-schema", "[1]"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--json-schema must be a JSON Schema object");
  });

  it("stops before the next model request once --max-budget-usd is spent, and refuses a budget for a model with no known price", async () => {
    await writeFile(join(project, "notes.txt"), "hello\n");
    server.script(
      reply()
        .toolCall("Read", { file_path: join(project, "notes.txt") })
        .usage({ input: 200_000, output: 10_000 }),
      reply().text("never asked"),
    );
    const budget = ["--max-budget-usd", "0.5", "--output-format", "json"];
    const run = await runParley(scratch, ["-p", "Read notes", ...budget], {
      env: { ...env, PARLEY_MODEL: "anthropic:claude-sonnet-4-5" },
      cwd: project,
    });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      subtype: "error_max_budget_usd",
      terminal_reason: "budget_exhausted",
      errors: ["Reached maximum budget ($0.5)"],
      total_cost_usd: 0.75,
    });
    expect(server.requests).toHaveLength(1);

    const unknown = await parley(["-p", "hi", "--max-budget-usd", "1"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      "--max-budget-usd: Parley knows no price for anthropic:claude-fake-1, so it cannot keep to a budget",
    );
  });

  it("refuses a Claude Code flag it cannot honour, saying why, before calling the model", async () => {
    const run = await parley(["-p", "hi", "--betas", "context-1m"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--betas is not supported: Parley does not send API betas");
    const effort = await parley(["-p", "hi", "--effort", "extreme"]);
    expect(effort.code).toBe(2);
    expect(effort.stderr).toContain('--effort must be one of low, medium, high, xhigh, max (got "extreme")');
    const approver = await parley(["-p", "hi", "--permission-prompt-tool", "mcp__auth__approve"]);
    expect(approver.code).toBe(2);
    expect(approver.stderr).toContain("--permission-prompt-tool must be one of stdio");
    expect(server.requests).toHaveLength(0);
  });

  it("runs a project workflow to its end with RunWorkflow, gives the model each step's output, and keeps it in the project's history", async () => {
    await writeGreetWorkflow();
    server.script(
      reply().toolCall("RunWorkflow", { name: "greet", inputs: { who: "Ada" } }),
      reply().text("Greeted."),
    );
    const run = await parley([
      "-p",
      "Greet Ada",
      "--output-format",
      "json",
      "--permission-mode",
      "bypassPermissions",
    ]);
    expect(run.code).toBe(0);
    expect(resultOf(run.stdout).result).toBe("Greeted.");
    expect(systemOf(0) + JSON.stringify(server.requests[0]?.body)).toContain(
      "greet (inputs: who): Says hello",
    );
    const result = JSON.stringify(server.requests[1]?.body);
    expect(result).toMatch(/greet {2}Completed {2}1\/1/);
    expect(result).toContain("hello Ada");
    expect(await readFile(join(project, "greeting.txt"), "utf8")).toBe("hello Ada\n");
    const status = await runParley(scratch, ["workflow", "status"], { env, cwd: project });
    expect(status.stdout).toMatch(/greet {2}Completed {2}1\/1/);
  });

  it("pauses a RunWorkflow step that asks for approval when nobody can answer, and tells the model how to go on", async () => {
    await writeGreetWorkflow();
    server.script(
      reply().toolCall("RunWorkflow", { name: "greet", inputs: { who: "Ada" } }),
      reply().text("It is paused."),
    );
    const run = await parley(["-p", "Greet Ada", "--allowedTools", "RunWorkflow"]);
    expect(run).toMatchObject({ code: 0, stdout: "It is paused.\n" });
    const result = JSON.stringify(server.requests[1]?.body);
    expect(result).toContain("greet  Paused");
    expect(result).toContain("nobody can answer it here");
    expect(result).toContain("parley workflow resume");
    expect(existsSync(join(project, "greeting.txt"))).toBe(false);
  });
});

/** The workflow the RunWorkflow tests run. */
async function writeGreetWorkflow(): Promise<void> {
  await mkdir(join(project, ".parley", "workflows"), { recursive: true });
  await writeFile(join(project, ".parley", "workflows", "greet.yaml"), GREET_WORKFLOW);
}
