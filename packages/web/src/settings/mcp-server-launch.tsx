import type { McpConsentChange, McpServerView } from "@parley/protocol";
import type { ReactNode } from "react";

/**
 * Variables that make a program run something before its own code (`NODE_OPTIONS=--require ./x.cjs`,
 * `LD_PRELOAD`, …) or pick what it runs: flagged on the card, as a person may not know them.
 */
const STARTUP_VARIABLES = new Set([
  "NODE_OPTIONS",
  "NODE_PATH",
  "LD_PRELOAD",
  "LD_LIBRARY_PATH",
  "DYLD_INSERT_LIBRARIES",
  "DYLD_LIBRARY_PATH",
  "PYTHONSTARTUP",
  "PYTHONPATH",
  "PYTHONHOME",
  "PERL5OPT",
  "PERL5LIB",
  "RUBYOPT",
  "RUBYLIB",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "BASH_ENV",
  "ENV",
  "PATH",
]);

/**
 * Everything an entry runs or reaches, as written in its file (no `${VAR}` expanded): transport, command,
 * arguments, environment, working directory, URL and header names; the variables it reads from the
 * person's environment (and which of Parley's secrets it never gets); and what changed since the person
 * approved it.
 */
export function McpServerLaunch({ server }: { server: McpServerView }) {
  const { launch, variables, consent } = server;
  const env = Object.entries(launch.env ?? {});
  const headers = Object.entries(launch.headers ?? {});
  return (
    <div className="mcp-launch" data-testid="mcp-launch">
      <dl className="mcp-launch-fields">
        <dt>Transport</dt>
        <dd data-testid="mcp-launch-transport">{launch.transport}</dd>
        {launch.command !== undefined && (
          <Field label="Command" testId="mcp-launch-command">
            <code>{launch.command}</code>
          </Field>
        )}
        {launch.args !== undefined && launch.args.length > 0 && (
          <Field label="Arguments" testId="mcp-launch-args">
            <ol className="mcp-launch-list">
              {launch.args.map((arg, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: arguments repeat; their position is who they are
                <li key={index}>
                  <code>{arg}</code>
                </li>
              ))}
            </ol>
          </Field>
        )}
        {env.length > 0 && (
          <Field label="Environment" testId="mcp-launch-env">
            <ul className="mcp-launch-list">
              {env.map(([name, value]) => (
                <li key={name} data-testid="mcp-launch-env-variable" data-name={name}>
                  <code>
                    {name}={value}
                  </code>
                  {STARTUP_VARIABLES.has(name) && (
                    <span className="badge badge-destructive" data-testid="mcp-launch-startup">
                      changes what runs
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </Field>
        )}
        {launch.cwd !== undefined && (
          <Field label="Runs in" testId="mcp-launch-cwd">
            <code>{launch.cwd}</code>
          </Field>
        )}
        {launch.url !== undefined && (
          <Field label="URL" testId="mcp-launch-url">
            <code>{launch.url}</code>
          </Field>
        )}
        {headers.length > 0 && (
          <Field label="Headers" testId="mcp-launch-headers">
            <ul className="mcp-launch-list">
              {headers.map(([name, value]) => (
                <li key={name}>
                  <code>
                    {name}: {value}
                  </code>
                </li>
              ))}
            </ul>
          </Field>
        )}
        {launch.ignored_fields !== undefined && (
          <Field label="Not used by Parley" testId="mcp-launch-ignored">
            {launch.ignored_fields.map((field) => (
              <code key={field}>{field} </code>
            ))}
          </Field>
        )}
      </dl>
      {headers.length > 0 && (
        <p className="muted mcp-launch-note">
          Header values show the variables they send; text written into the file is masked (•••).
        </p>
      )}
      {variables.length > 0 && (
        <div data-testid="mcp-variables">
          <p className="mcp-launch-heading">Reads from your environment</p>
          <ul className="mcp-launch-list">
            {variables.map((variable) => (
              <li key={variable.name} data-testid="mcp-variable" data-name={variable.name}>
                <code>{variable.name}</code> <span className="muted">in {variable.fields.join(", ")}</span>
                {variable.withheld ? (
                  <span className="badge" data-testid="mcp-variable-withheld">
                    withheld: one of Parley's secrets, never given to a project's server
                  </span>
                ) : (
                  <span className="muted"> — {variable.set ? "set" : "not set"}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {consent?.changes !== undefined && consent.changes.length > 0 && <Changes changes={consent.changes} />}
    </div>
  );
}

function Field({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

function Changes({ changes }: { changes: McpConsentChange[] }) {
  return (
    <div data-testid="mcp-changes">
      <p className="mcp-launch-heading">Changed since you approved it</p>
      <table className="mcp-changes">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Approved</th>
            <th scope="col">Now</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} data-testid="mcp-change" data-field={change.field}>
              <th scope="row">
                <code>{change.field}</code>
              </th>
              <td>{shown(change.before)}</td>
              <td>{shown(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function shown(value: unknown): ReactNode {
  if (value === undefined) return <span className="muted">(none)</span>;
  return <code>{typeof value === "string" ? value : JSON.stringify(value)}</code>;
}
