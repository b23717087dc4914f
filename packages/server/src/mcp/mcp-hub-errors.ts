/** No configured server has this name. */
export class McpServerNotFoundError extends Error {
  constructor(readonly serverName: string) {
    super(`no MCP server is named "${serverName}"`);
    this.name = "McpServerNotFoundError";
  }
}

/** The server is not the user's to edit from Parley (it comes from the project's `.mcp.json`). */
export class McpServerNotEditableError extends Error {
  constructor(
    readonly serverName: string,
    readonly file: string,
  ) {
    super(`the MCP server "${serverName}" comes from ${file}; edit that file to change or remove it`);
    this.name = "McpServerNotEditableError";
  }
}

/** The server exists only in the user's own file: it needs no approval and cannot be rejected. */
export class McpServerNotProjectError extends Error {
  constructor(readonly serverName: string) {
    super(`the MCP server "${serverName}" is your own (mcp.json); disable or remove it instead`);
    this.name = "McpServerNotProjectError";
  }
}

/** A project entry named like the user's own server: the user's is used, the project's cannot be approved. */
export class McpServerShadowedError extends Error {
  constructor(readonly serverName: string) {
    super(
      `your own MCP server "${serverName}" is used; rename it or the project's entry to use the project's too`,
    );
    this.name = "McpServerShadowedError";
  }
}

/** The entry changed since the person looked at it: the decision would be about an entry they did not see. */
export class McpEntryChangedError extends Error {
  constructor(
    readonly serverName: string,
    readonly file: string,
  ) {
    super(`the MCP server "${serverName}" changed in ${file} since you saw it; review it again`);
    this.name = "McpEntryChangedError";
  }
}
