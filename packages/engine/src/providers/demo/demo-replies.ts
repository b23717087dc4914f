import type { LanguageModelV3Prompt } from "@ai-sdk/provider";

/** One thing the demo model says or does, in order: text, visible thinking, or a tool call. */
export type DemoReplyStep =
  | { type: "text"; text: string }
  | { type: "thinking"; text: string }
  | { type: "tool_call"; name: string; input: Record<string, unknown> };

/** What the demo model knows about a request, distilled from the prompt. */
export interface DemoRequest {
  /** The text of the last user message (empty when it holds only images or tool results). */
  lastUserText: string;
  /** Tool results the request ends with, as text (the demo model called a tool last time). */
  toolResults: { toolName: string; text: string }[];
  /** Names of the tools offered to the model. */
  toolNames: string[];
}

/**
 * A scripted demo answer: the first script whose `matches` accepts the request answers it. Add
 * scripts (before the default ones) to demonstrate plans, questions or tool calls.
 */
export interface DemoScript {
  name: string;
  matches(request: DemoRequest): boolean;
  reply(request: DemoRequest): DemoReplyStep[];
}

/** Reads what the demo scripts need from a provider prompt. */
export function demoRequestFrom(prompt: LanguageModelV3Prompt, toolNames: string[]): DemoRequest {
  const last = prompt.at(-1);
  const toolResults: DemoRequest["toolResults"] = [];
  if (last?.role === "tool") {
    for (const part of last.content) {
      if (part.type !== "tool-result") continue;
      const output = part.output;
      const text =
        output.type === "text" || output.type === "error-text"
          ? output.value
          : output.type === "execution-denied"
            ? `denied${output.reason ? `: ${output.reason}` : ""}`
            : JSON.stringify("value" in output ? output.value : output);
      toolResults.push({ toolName: part.toolName, text });
    }
  }
  const lastUser = [...prompt].reverse().find((message) => message.role === "user");
  const lastUserText =
    lastUser?.role === "user"
      ? lastUser.content
          .filter((part) => part.type === "text")
          .map((part) => part.text)
          .join("\n")
      : "";
  return { lastUserText: last?.role === "tool" ? "" : lastUserText, toolResults, toolNames };
}

/** Answers a conversation that ends with tool results by reporting them. */
export const toolResultScript: DemoScript = {
  name: "tool-results",
  matches: (request) => request.toolResults.length > 0,
  reply: (request) => [
    {
      type: "text",
      text: [
        "The demo model received these tool results:",
        "",
        ...request.toolResults.map((result) => `- **${result.toolName}**: ${firstLine(result.text)}`),
      ].join("\n"),
    },
  ],
};

/**
 * The first-minute answer: says this is the demo, echoes the request, and shows how to connect a model,
 * naming the settings file actually in use.
 */
export function introductionScript(settingsFile = "~/.parley/settings.json"): DemoScript {
  return {
    name: "introduction",
    matches: () => true,
    reply: (request) => [{ type: "text", text: introduction(request.lastUserText, settingsFile) }],
  };
}

/** The scripts the demo model uses when none are given. */
export function defaultDemoScripts(settingsFile?: string): readonly DemoScript[] {
  return [toolResultScript, introductionScript(settingsFile)];
}

function introduction(userText: string, settingsFile: string): string {
  const echoed = userText.trim()
    ? truncate(userText.trim(), 600)
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n")
    : "> (your message had no text)";
  return `# This is Parley's demo model

You are talking to the **offline demo model**. It runs on your machine, needs no API key, and always gives this scripted answer: no real model read your message.

You asked:

${echoed}

## Connect a real model

- **Anthropic**: set \`ANTHROPIC_API_KEY\` and Parley uses \`claude-opus-5-5\`
- **OpenAI**: set \`OPENAI_API_KEY\` and Parley uses \`gpt-5.5\`
- **Any model**: set \`PARLEY_MODEL=provider:model\`, for example \`ollama:qwen3:8b\` for a local Ollama
- **Settings**: choose a model and store keys on the settings page, or in \`${settingsFile}\`

\`\`\`sh
export ANTHROPIC_API_KEY=sk-ant-...
parley run -p "Summarise this repository"
\`\`\`

## Model references

| Reference | Talks to | Needs |
| --- | --- | --- |
| \`anthropic:claude-opus-5-5\` | Anthropic | \`ANTHROPIC_API_KEY\` |
| \`openai:gpt-5.5\` | OpenAI | \`OPENAI_API_KEY\` |
| \`ollama:qwen3:8b\` | Ollama on 127.0.0.1:11434 | a running Ollama |
| \`lmstudio:<model>\` | LM Studio on 127.0.0.1:1234 | a running LM Studio |
| \`demo\` | this demo model | nothing |
`;
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`;
}

function firstLine(text: string): string {
  const line = text.split("\n", 1)[0] ?? "";
  return truncate(line, 200);
}
