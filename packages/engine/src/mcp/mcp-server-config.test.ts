// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Claude Code's ${VAR} syntax, which Parley expands
import { describe, expect, it } from "vitest";
import { parseMcpServerConfig } from "./mcp-server-config.ts";
import { concealValues, variablesIn } from "./mcp-variables.ts";

const SECRET = "sk-live-secret-0123456789";

describe("an mcpServers entry", () => {
  it("is checked as written: a type is a transport as written, not once a variable filled it in", () => {
    expect(
      parseMcpServerConfig({ type: "${KIND}", url: "http://127.0.0.1:1/mcp" }, { KIND: "http" }),
    ).toEqual({
      success: false,
      error: 'unknown transport "${KIND}" (use stdio, http or sse)',
    });
    expect(parseMcpServerConfig({ type: "${KIND}", command: "node" }, { KIND: SECRET })).toEqual({
      success: false,
      error: 'unknown transport "${KIND}" (use stdio, http or sse)',
    });
  });

  it("names what is wrong without ever showing an expanded value", () => {
    const url = parseMcpServerConfig({ type: "http", url: "${ENDPOINT}" }, { ENDPOINT: SECRET });
    expect(url).toEqual({
      success: false,
      error: 'url: "${ENDPOINT}" is not a valid URL once its variables are expanded',
    });
    const command = parseMcpServerConfig({ command: "${UNSET}" }, {});
    expect(command).toEqual({ success: false, error: 'command: "${UNSET}" is empty once expanded' });
    const args = parseMcpServerConfig({ command: "node", args: "${ARGS}" }, { ARGS: SECRET });
    expect(args.success).toBe(false);
    expect(JSON.stringify(args)).not.toContain(SECRET);
  });

  it("expands command, args, env, url and headers, and reports the values it put in", () => {
    const env = { BIN: "/usr/bin/node", TOKEN: SECRET, HOST: "127.0.0.1" };
    const stdio = parseMcpServerConfig(
      { command: "${BIN}", args: ["--token=${TOKEN}", "${MISSING:-fallback}"], env: { KEY: "${TOKEN}" } },
      env,
    );
    expect(stdio).toEqual({
      success: true,
      config: { command: "/usr/bin/node", args: [`--token=${SECRET}`, "fallback"], env: { KEY: SECRET } },
      inserted: ["/usr/bin/node", SECRET, SECRET],
    });
    const remote = parseMcpServerConfig(
      {
        type: "http",
        url: "http://${HOST}:9/mcp",
        headers: { authorization: "Bearer ${TOKEN}" },
        timeout: 5,
      },
      env,
    );
    expect(remote).toMatchObject({
      success: true,
      config: { url: "http://127.0.0.1:9/mcp", headers: { authorization: `Bearer ${SECRET}` }, timeout: 5 },
    });
  });

  it("lists the variables a string reads and conceals values long enough to be secrets", () => {
    expect(variablesIn("${A}-${B:-x}-${A}-$C")).toEqual(["A", "B"]);
    expect(concealValues(`spawn ${SECRET} ENOENT (1)`, [SECRET, "1"])).toBe("spawn [hidden] ENOENT (1)");
  });
});
