import type {
  AccountInfo,
  McpServerConfig,
  McpSetServersResult,
  PermissionMode,
  RewindFilesResult,
  SDKControlGetUsageResponse,
  SDKControlMcpReadResourceResponse,
  SDKControlReadFileResponse,
  SDKControlReloadOutputStylesResponse,
  SDKControlReloadPluginsResponse,
  SDKControlReloadSkillsResponse,
  SdkAgentInfo,
  SdkPluginConfig,
  Settings,
} from "@parley/protocol";

/** A control request body: its subtype and fields, as the official SDK sends them. */
export type ControlRequestBody = { subtype: string } & Record<string, unknown>;

/**
 * The controls of the official SDK's `Query`, each sending the control request the official SDK sends (same
 * subtype, same fields), so what they do is the CLI's answer: `parley run`'s, or the real `claude`'s.
 * Subclasses give the transport: `request` sends one request and resolves with its success payload.
 */
export abstract class QueryControls {
  protected abstract request(request: ControlRequestBody): Promise<Record<string, unknown>>;
  /** The CLI's `initialize` reply. */
  protected abstract get initialized(): Promise<Record<string, unknown>>;
  /** Sends a fresh `initialize` (the same request as at the start) and resolves with its reply. */
  protected abstract initializeAgain(): Promise<Record<string, unknown>>;

  /** Stops the current turn at once; the CLI ends it with an `error_during_execution` result. */
  async interrupt(): Promise<{ still_queued: string[]; cancelled?: string[] } | undefined> {
    const response = await this.request({ subtype: "interrupt" });
    const queued = response.still_queued;
    if (!Array.isArray(queued)) return undefined;
    const cancelled = response.cancelled;
    return {
      still_queued: queued.filter((id): id is string => typeof id === "string"),
      ...(Array.isArray(cancelled) && {
        cancelled: cancelled.filter((id): id is string => typeof id === "string"),
      }),
    };
  }

  async setPermissionMode(mode: PermissionMode): Promise<void> {
    await this.request({ subtype: "set_permission_mode", mode });
  }

  /** Pins (or clears, with null) one MCP server's permission mode: `default` or `auto`. */
  async setMcpPermissionModeOverride(
    serverName: string,
    mode: "default" | "auto" | null,
  ): Promise<{ warning?: string }> {
    return this.request({ subtype: "set_mcp_permission_mode_override", serverName, mode });
  }

  /** A model for the next turns (undefined: back to the default). */
  async setModel(model?: string): Promise<void> {
    await this.request({ subtype: "set_model", ...(model !== undefined && { model }) });
  }

  /** A thinking budget for the next turns (null: the CLI's default), and optionally how thinking is shown. */
  async setMaxThinkingTokens(
    maxThinkingTokens: number | null,
    thinkingDisplay?: "summarized" | "omitted" | "highlights" | null,
  ): Promise<void> {
    await this.request({
      subtype: "set_max_thinking_tokens",
      max_thinking_tokens: maxThinkingTokens,
      thinking_display: thinkingDisplay,
    });
  }

  /** Merges settings into the session's flag settings layer (the `settings` option, mid-session). */
  async applyFlagSettings(settings: { [K in keyof Settings]?: Settings[K] | null }): Promise<void> {
    await this.request({ subtype: "apply_flag_settings", settings });
  }

  /** Writes settings to a settings file through the CLI and applies them. */
  async updateSettings(
    source: "localSettings" | "userSettings",
    settings: Record<string, unknown>,
  ): Promise<void> {
    await this.request({ subtype: "update_settings", source, settings });
  }

  /** The CLI's whole `initialize` reply. */
  initializationResult(): Promise<Record<string, unknown>> {
    return this.initialized;
  }

  /** Sends `initialize` again (hooks are registered anew) and resolves with the fresh reply. */
  reinitialize(): Promise<Record<string, unknown>> {
    return this.initializeAgain();
  }

  /** The slash commands the CLI offers (from its `initialize` reply). */
  async supportedCommands(): Promise<unknown[]> {
    return ((await this.initialized).commands as unknown[] | undefined) ?? [];
  }

  /** The models the CLI offers (from its `initialize` reply). */
  async supportedModels(): Promise<unknown[]> {
    return ((await this.initialized).models as unknown[] | undefined) ?? [];
  }

  /** The subagents the CLI offers (from its `initialize` reply). */
  async supportedAgents(): Promise<SdkAgentInfo[]> {
    return (await this.initialized).agents as SdkAgentInfo[];
  }

  async mcpServerStatus(): Promise<unknown[]> {
    const response = await this.request({ subtype: "mcp_status" });
    return (response.mcpServers as unknown[] | undefined) ?? [];
  }

  /** How full the context window is, by category. */
  getContextUsage(options?: { detail?: "summary" | "full" }): Promise<Record<string, unknown>> {
    return this.request({ subtype: "get_context_usage", ...options });
  }

  /** The session's cost and usage and the plan's rate limits (experimental in the official SDK too). */
  async usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(options?: {
    skipBehaviors?: boolean;
  }): Promise<SDKControlGetUsageResponse> {
    return (await this.request({
      subtype: "get_usage",
      ...(options?.skipBehaviors && { skip_behaviors: true }),
    })) as SDKControlGetUsageResponse;
  }

  /** A file of the session's project, under the Read tool's rules; null when it is refused or missing. */
  async readFile(
    path: string,
    options?: { maxBytes?: number; encoding?: "utf-8" | "base64" },
  ): Promise<SDKControlReadFileResponse | null> {
    try {
      return (await this.request({
        subtype: "read_file",
        path,
        max_bytes: options?.maxBytes,
        encoding: options?.encoding,
      })) as SDKControlReadFileResponse;
    } catch {
      return null;
    }
  }

  async reloadPlugins(options?: {
    holdOnCacheImpact?: boolean;
    addPlugins?: SdkPluginConfig[];
    refuseIfBusy?: boolean;
  }): Promise<SDKControlReloadPluginsResponse> {
    return (await this.request({
      subtype: "reload_plugins",
      ...(options?.holdOnCacheImpact && { hold_on_cache_impact: true }),
      ...(options?.addPlugins && options.addPlugins.length > 0 && { add_plugins: options.addPlugins }),
      ...(options?.refuseIfBusy && { refuse_if_busy: true }),
    })) as SDKControlReloadPluginsResponse;
  }

  async reloadSkills(): Promise<SDKControlReloadSkillsResponse> {
    return (await this.request({ subtype: "reload_skills" })) as SDKControlReloadSkillsResponse;
  }

  async reloadOutputStyles(): Promise<SDKControlReloadOutputStylesResponse> {
    return (await this.request({ subtype: "reload_output_styles" })) as SDKControlReloadOutputStylesResponse;
  }

  /** Who the CLI works as (from its `initialize` reply). */
  async accountInfo(): Promise<AccountInfo> {
    return (await this.initialized).account as AccountInfo;
  }

  /** Restores the files the session changed to their state at a user message (file checkpointing). */
  async rewindFiles(userMessageId: string, options?: { dryRun?: boolean }): Promise<RewindFilesResult> {
    return (await this.request({
      subtype: "rewind_files",
      user_message_id: userMessageId,
      dry_run: options?.dryRun,
    })) as RewindFilesResult;
  }

  /** Tells the CLI a file was read at `mtime`, so an Edit does not ask for a fresh Read. */
  async seedReadState(path: string, mtime: number): Promise<void> {
    await this.request({ subtype: "seed_read_state", path, mtime });
  }

  /** Starts an MCP server again; rejects when it fails. */
  async reconnectMcpServer(serverName: string): Promise<void> {
    await this.request({ subtype: "mcp_reconnect", serverName });
  }

  /** Switches an MCP server off (its tools are gone from the next turn) or on again. */
  async toggleMcpServer(serverName: string, enabled: boolean): Promise<void> {
    await this.request({ subtype: "mcp_toggle", serverName, enabled });
  }

  /** One resource of an MCP server the CLI connected. */
  async readMcpResource(serverName: string, uri: string): Promise<SDKControlMcpReadResourceResponse> {
    return (await this.request({
      subtype: "mcp_read_resource",
      serverName,
      uri,
    })) as SDKControlMcpReadResourceResponse;
  }

  /**
   * Replaces the MCP servers earlier calls set with these (stdio, sse and http servers; the CLI starts them).
   * SDK-hosted servers go to the CLI by name, as the official SDK sends them.
   */
  async setMcpServers(servers: Record<string, McpServerConfig>): Promise<McpSetServersResult> {
    const sent: Record<string, unknown> = {};
    for (const [name, config] of Object.entries(servers)) {
      const { instance: _instance, ...rest } = config as { instance?: unknown } & Record<string, unknown>;
      sent[name] = rest.type === "sdk" ? { type: "sdk", name } : config;
    }
    return (await this.request({ subtype: "mcp_set_servers", servers: sent })) as McpSetServersResult;
  }

  /** Stops a task (a subagent or background command) by the id its `task_started` gave. */
  async stopTask(taskId: string): Promise<void> {
    await this.request({ subtype: "stop_task", task_id: taskId });
  }

  /** Moves running foreground tasks to the background; false when `toolUseId` matched none. */
  async backgroundTasks(toolUseId?: string): Promise<boolean> {
    const response = await this.request({ subtype: "background_tasks", tool_use_id: toolUseId });
    return (response.backgrounded as boolean | undefined) ?? true;
  }
}
