import { realpathSync } from "node:fs";
import { join } from "node:path";
import {
  AgentSession,
  type AskForPermission,
  childEnvironmentFor,
  createLanguageModel,
  createProjectStructureTool,
  createSkillTool,
  type EngineTool,
  FileCheckpoints,
  type InstructionSource,
  instructionsPrompt,
  lookupModelInfo,
  McpServers,
  type ModelConfig,
  modelRef,
  modelSkills,
  type PermissionRule,
  parleySecrets,
  type ReasoningSettings,
  RunningTasks,
  readProjectInstructions,
  reasoningNotTaken,
  savedCheckpointsFor,
  USER_INSTRUCTIONS_FILE,
} from "@parley/engine";
import type { ParleySettings } from "@parley/protocol";
import { loadWorkflows, RUN_WORKFLOW_TOOL } from "@parley/server/workflows";
import type { CliIo } from "../../cli-io.ts";
import { UsageError } from "../../usage-error.ts";
import { checkpointingRequested, withCheckpoints } from "./file-checkpointing.ts";
import type { RunArgs } from "./parse-run-args.ts";
import {
  type PrintModePermissions,
  type ProjectRules,
  printModePermissions,
} from "./print-mode-permissions.ts";
import { RunCustomCommands } from "./run-custom-commands.ts";
import { readRunSkills } from "./run-skills.ts";
import { runWorkflowTool } from "./run-workflow-tool.ts";
import { CliSessionStore, type StoredCliSession } from "./stream-json/cli-session-store.ts";
import { configuredMcpServers } from "./stream-json/configured-mcp-servers.ts";
import { mcpServersFromArgs } from "./stream-json/mcp-config-args.ts";
import { toolWanted } from "./tool-wanted.ts";

/** What every `parley run` mode starts from, whatever its input and output format. */
export interface RunAgentOptions {
  args: RunArgs;
  io: CliIo;
  cwd: string;
  home: string;
  settings: ParleySettings;
  model: ModelConfig;
  fallbackModel: ModelConfig | undefined;
  /** Who decides the calls the policy would ask about (the SDK host); without it they are refused. */
  ask?: AskForPermission;
  /** The project's stored rules, and where "always allow" keeps new ones (else they last the session). */
  projectRules?: ProjectRules;
  /** Tools that stand in for built-in ones of the same name (an editor's file and terminal access). */
  toolOverrides?: readonly EngineTool[];
  /** `acp`: the session is an editor's thread (a Parley server of the project shows it as it goes). */
  origin?: StoredCliSession["origin"];
  warn(message: string): void;
}

/**
 * The agent of `parley run`, set up once for every format: the built-in tools (only `--tools`' if given),
 * `ProjectStructure` and `RunWorkflow`, the permission policy from `--permission-mode`, `--allowedTools` and
 * `--disallowedTools`, the MCP servers of `--mcp-config` and (unless `--strict-mcp-config`) the user's
 * `mcp.json` and the project's approved `.mcp.json`, the conversation of `--resume`/`--continue`, and the
 * system prompt with `--append-system-prompt`.
 */
export class RunAgent {
  readonly session: AgentSession;
  readonly permissions: PrintModePermissions;
  /** The built-in tools this run offers (MCP tools come from `mcp` per turn). */
  readonly tools: EngineTool[];
  readonly mcp: McpServers;
  /** The subagents running now, which a host may stop one by one (`stop_task`). */
  readonly tasks: RunningTasks;
  /** Settles when every configured MCP server has connected or failed (failures are reported). */
  mcpReady: Promise<void>;
  /** The project's instruction files framed for the system prompt (`--setting-sources`), if any. */
  readonly instructions: string | undefined;
  /** What `Write` and `Edit` changed since each user message, when the host asked (`enableFileCheckpointing`). */
  readonly checkpoints: FileCheckpoints | undefined;
  /** The custom slash commands (Markdown prompts) a typed `/name args` expands to. */
  readonly customCommands: RunCustomCommands;
  systemPrompt: string | undefined;
  readonly #options: RunAgentOptions;
  readonly #store: CliSessionStore;
  readonly #origin: StoredCliSession["origin"];
  /** The save being written: saves are written one after another, so the last one is on disk last. */
  #saving: Promise<void> = Promise.resolve();
  /** The checkpoints' revision on disk. */
  #savedCheckpoints = 0;

  private constructor(
    options: RunAgentOptions,
    parts: Pick<
      RunAgent,
      | "session"
      | "permissions"
      | "tools"
      | "mcp"
      | "mcpReady"
      | "tasks"
      | "instructions"
      | "checkpoints"
      | "customCommands"
    >,
    store: CliSessionStore,
    origin: StoredCliSession["origin"],
  ) {
    this.#options = options;
    this.#store = store;
    this.#origin = origin;
    this.session = parts.session;
    this.permissions = parts.permissions;
    this.tools = parts.tools;
    this.mcp = parts.mcp;
    this.tasks = parts.tasks;
    this.mcpReady = parts.mcpReady;
    this.instructions = parts.instructions;
    this.checkpoints = parts.checkpoints;
    this.customCommands = parts.customCommands;
    const { args, settings } = options;
    this.systemPrompt = joinPrompts(
      args.systemPrompt ?? settings.system_prompt,
      this.instructions,
      args.appendSystemPrompt,
    );
  }

  /** Sets the agent up; a `--resume` id with no stored session, or an unknown `--tools` name, is refused. */
  static async open(options: RunAgentOptions): Promise<RunAgent> {
    const { args, cwd, io, settings } = options;
    const store = new CliSessionStore(options.home);
    const stored = args.resume
      ? await store.load(args.resume)
      : args.continueLatest
        ? await store.latest(cwd)
        : undefined;
    if (args.resume && stored === undefined)
      throw new UsageError(`--resume: no conversation found with session id ${args.resume}`);
    if (args.continueLatest && stored === undefined)
      throw new UsageError("--continue: no earlier conversation found in this directory");
    const tasks = new RunningTasks();
    const permissions = printModePermissions({
      runningTasks: tasks,
      cwd,
      ...(args.addDirectories && { additionalDirectories: args.addDirectories }),
      shellEnvironment: childEnvironmentFor("shell", io.env, settings).env,
      mode: args.permissionMode ?? settings.permission_mode ?? "default",
      ...(args.allowedTools && { allowedTools: args.allowedTools }),
      ...(args.disallowedTools && { disallowedTools: args.disallowedTools }),
      ...(options.ask && { ask: options.ask }),
      ...(options.projectRules && { projectRules: options.projectRules }),
    });
    const overrides = new Map((options.toolOverrides ?? []).map((tool) => [tool.name, tool]));
    const projectRoot = realpathSync(cwd);
    // The workflow files are parsed in a worker process: it starts while the skills are read.
    const workflowsRead = toolWanted(RUN_WORKFLOW_TOOL, args, permissions.removed)
      ? loadWorkflows(projectRoot, options.home)
      : undefined;
    const skills = await readRunSkills(
      { ...options, userHome: io.env.HOME },
      projectRoot,
      permissions.policy.rules,
      permissions.removed,
    );
    const workflows = (await workflowsRead)?.workflows ?? [];
    const chosen = chooseTools(
      [
        ...permissions.tools.map((tool) => overrides.get(tool.name) ?? tool),
        ...(modelSkills(skills.forModel).length > 0
          ? [createSkillTool(projectRoot, skills.forModel, permissions.policy.rules)]
          : []),
        createProjectStructureTool({ environment: () => childEnvironmentFor("git", io.env, settings).env }),
        runWorkflowTool(
          {
            projectRoot,
            home: options.home,
            env: io.env,
            permissionMode: () => permissions.policy.mode,
            ...(options.ask && { ask: options.ask }),
          },
          workflows,
        ),
      ].filter((tool) => !permissions.removed.has(tool.name)),
      args,
    );
    // Kept with the conversation: a resumed one rewinds to its earlier messages too, as Claude Code's does.
    // Only this project's: a conversation resumed in another folder must not put that project's files here.
    const checkpoints = checkpointingRequested(io.env)
      ? new FileCheckpoints(
          { projectRoot, ...(args.addDirectories && { additionalRoots: args.addDirectories }) },
          stored ? savedCheckpointsFor(await store.loadCheckpoints(stored.session_id), projectRoot) : [],
        )
      : undefined;
    const tools = checkpoints ? withCheckpoints(chosen, checkpoints) : chosen;
    const instructions = await projectInstructionsFor(options, permissions.policy.rules);
    const { mcp, ready } = await startMcpServers(options);
    const customCommands = await RunCustomCommands.read(
      {
        projectRoot,
        parleyHome: options.home,
        userHome: io.env.HOME,
        rules: permissions.policy.rules,
        // `--setting-sources` picks whose, as for skills: an SDK host that passes none gets none.
        sources: (args.settingSources ?? ["user", "project"]).filter(
          (source): source is "user" | "project" => source === "user" || source === "project",
        ),
        skills: skills.catalog,
      },
      options.warn,
    );
    const session = new AgentSession({
      sessionId:
        stored && !args.forkSession ? stored.session_id : (args.sessionId ?? globalThis.crypto.randomUUID()),
      model: options.model,
      ...(options.fallbackModel && { fallbackModel: options.fallbackModel }),
      cwd,
      ...(args.addDirectories?.length && { additionalDirectories: args.addDirectories }),
      ...(stored && { history: stored.history }),
      includePartialMessages: args.includePartialMessages,
      ...(args.reasoning && { reasoning: args.reasoning }),
      ...(args.jsonSchema && { outputSchema: args.jsonSchema }),
      ...(args.maxBudgetUsd !== undefined && { maxBudgetUsd: budgetFor(args.maxBudgetUsd, options) }),
      ...((args.maxTurns ?? settings.max_turns) ? { maxTurns: args.maxTurns ?? settings.max_turns } : {}),
      tools,
      // For `system/init`, as every turn of the session offers the same `Skill` tool (when it is chosen).
      skills: skills.forModel.map((skill) => skill.name),
      canUseTool: permissions.canUseTool,
      // Rules about reading make reads ask the policy, and searches leave out what they name.
      readRules: permissions.policy.rules,
      // Subfolders' instruction files come with the file tools' results, from the sources the root's are read from.
      ...(settings.project_instructions !== false && {
        instructionSources: args.settingSources ?? ["project", "local"],
      }),
      permissionMode: permissions.permissionMode,
      // The demo model paces its words for people watching partials; nobody sees them otherwise.
      createModel: (config) =>
        createLanguageModel(config, args.includePartialMessages ? {} : { demo: { delayMs: 0 } }),
    });
    warnOfReasoningNotTaken(options);
    // A conversation keeps its origin when `parley run --resume` continues an editor's thread.
    const origin = options.origin ?? (args.forkSession ? undefined : stored?.origin);
    return new RunAgent(
      options,
      { session, permissions, tools, mcp, mcpReady: ready, tasks, instructions, checkpoints, customCommands },
      store,
      origin,
    );
  }

  /**
   * Starts MCP servers the SDK host sent in `initialize` (`mcpServersDelivery: "initialize"`): like
   * `--mcp-config`'s, they are the host's own choice and read its whole environment; the next turn waits for them.
   */
  connectHostMcpServers(servers: Readonly<Record<string, unknown>>): Promise<void> {
    const { cwd, io, settings, warn } = this.#options;
    const connecting = this.mcp.connect(servers, io.env, {
      spawning: {
        cwd: realpathSync(cwd),
        environment: () => childEnvironmentFor("mcp", io.env, settings).env,
      },
      conceal: [...parleySecrets({ env: io.env, settings }).values],
    });
    const before = this.mcpReady;
    this.mcpReady = Promise.all([before, connecting]).then(() => reportFailures(this.mcp, warn));
    return connecting;
  }

  /** Every tool a turn offers now: the built-in ones and those of the MCP servers that connected. */
  turnTools(extra: readonly EngineTool[] = []): EngineTool[] {
    return [...this.tools, ...this.mcp.tools(), ...extra];
  }

  /** Keeps the conversation for `--resume` and `--continue` (not with `--no-session-persistence`). */
  save(): Promise<void> {
    if (!this.#options.args.persistSession) return Promise.resolve();
    const session = {
      session_id: this.session.sessionId,
      cwd: this.#options.cwd,
      updated_at_ms: Date.now(),
      // Before the history: a server tells an editor's thread from the file's first bytes.
      ...(this.#origin !== undefined && { origin: this.#origin }),
      history: this.session.historySoFar(),
    };
    const checkpoints = this.checkpoints;
    const revision = checkpoints?.revision ?? 0;
    this.#saving = this.#saving
      .then(() => this.#store.save(session))
      .then(async () => {
        if (checkpoints === undefined || revision === this.#savedCheckpoints) return;
        const saved = { project_root: realpathSync(this.#options.cwd), checkpoints: checkpoints.toJSON() };
        await this.#store.saveCheckpoints(session.session_id, saved);
        this.#savedCheckpoints = revision;
      })
      .catch((error: Error) => this.#options.warn(`parley: could not save the session: ${error.message}`));
    return this.#saving;
  }

  async close(): Promise<void> {
    await this.mcp.close();
  }
}

/** `--max-budget-usd`, refused for a model whose price Parley does not know: it could not keep to it. */
function budgetFor(maxBudgetUsd: number, options: RunAgentOptions): number {
  for (const model of [options.model, options.fallbackModel]) {
    if (model !== undefined && lookupModelInfo(model.kind, model.model) === undefined)
      throw new UsageError(
        `--max-budget-usd: Parley knows no price for ${modelRef(model)}, so it cannot keep to a budget`,
      );
  }
  return maxBudgetUsd;
}

/** The flags each reasoning setting comes from, to name the ones a model cannot take. */
const REASONING_FLAGS: Record<keyof ReasoningSettings, string> = {
  thinking: "--max-thinking-tokens/--thinking",
  thinkingDisplay: "--thinking-display",
  effort: "--effort",
  taskBudgetTokens: "--task-budget",
};

/** Says once which thinking and effort flags the chosen model does not take, rather than drop them unsaid. */
function warnOfReasoningNotTaken(options: RunAgentOptions): void {
  const { reasoning } = options.args;
  if (reasoning === undefined) return;
  for (const model of [options.model, options.fallbackModel]) {
    if (model === undefined) continue;
    const flags = reasoningNotTaken(model.kind, reasoning).map((key) => REASONING_FLAGS[key]);
    if (flags.length > 0)
      options.warn(
        `parley: ${flags.join(", ")} ${flags.length === 1 ? "has" : "have"} no effect on ${modelRef(model)} (Anthropic models take thinking, effort and task budget; OpenAI models take effort)`,
      );
  }
}

/**
 * The instruction files for this run, framed for the system prompt: those of `--setting-sources`' `user`
 * (`AGENTS.md` in Parley's home), `project` and `local` (all three without the flag, as Claude Code reads
 * its own), none when settings.json turned them off, whatever the flag says. A file that is there and is not
 * read (a symlink out of the project) is reported.
 */
async function projectInstructionsFor(
  options: RunAgentOptions,
  rules: readonly PermissionRule[],
): Promise<string | undefined> {
  const { args, cwd, settings, home, warn } = options;
  if (settings.project_instructions === false) return undefined;
  const sources: readonly InstructionSource[] = args.settingSources ?? ["user", "project", "local"];
  if (sources.length === 0) return undefined;
  const instructions = await readProjectInstructions(realpathSync(cwd), sources, {
    rules,
    userFile: join(home, USER_INSTRUCTIONS_FILE),
  });
  // The engine names them without control characters: none of a repository's reaches the terminal.
  for (const file of instructions.skipped) warn(`parley: ${file.path} is not read: ${file.reason}`);
  return instructionsPrompt(instructions);
}

/** Adds parts to a system prompt, a blank line apart; undefined when there is nothing. */
export function joinPrompts(...parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((part): part is string => typeof part === "string" && part !== "");
  return present.length > 0 ? present.join("\n\n") : undefined;
}

/**
 * `--tools a,b`: only these of the tools Parley has; a name it does not have is refused, not dropped. `Skill`
 * is a tool Parley has even in a project without skills (it is then not offered), so one command line works in
 * every project.
 */
function chooseTools(available: EngineTool[], args: RunArgs): EngineTool[] {
  if (args.tools === undefined) return available;
  const names = new Set([...available.map((tool) => tool.name), "Skill"]);
  const unknown = args.tools.filter((name) => !names.has(name));
  if (unknown.length > 0) {
    throw new UsageError(
      `--tools: Parley has no tool ${unknown.map((name) => `"${name}"`).join(", ")} (it has ${[...names].join(", ")})`,
    );
  }
  return available.filter((tool) => args.tools?.includes(tool.name));
}

async function startMcpServers(options: RunAgentOptions) {
  const { args, cwd, io, settings, home, warn } = options;
  const env = io.env;
  const secrets = parleySecrets({ env, settings });
  const fromFiles = args.strictMcpConfig ? undefined : configuredMcpServers(home, cwd, env, secrets, warn);
  // --mcp-config is the person's own command line: its servers read their whole environment.
  const fromArgs = await mcpServersFromArgs(args.mcpConfig ?? [], cwd, warn);
  const mcp = new McpServers();
  const connecting = mcp.connect({ ...fromFiles?.servers, ...fromArgs }, env, {
    spawning: { cwd: realpathSync(cwd), environment: () => childEnvironmentFor("mcp", env, settings).env },
    conceal: [...secrets.values],
    environmentOf: (name) => (Object.hasOwn(fromArgs, name) ? env : (fromFiles?.environmentOf(name) ?? env)),
  });
  return { mcp, ready: connecting.then(() => reportFailures(mcp, warn)) };
}

function reportFailures(mcp: McpServers, warn: (message: string) => void): void {
  for (const server of mcp.status()) {
    if (server.status === "failed") warn(`parley: the MCP server ${server.name} failed: ${server.error}`);
  }
}
