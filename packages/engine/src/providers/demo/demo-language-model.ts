import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { abortableSleep } from "../../util/abort.ts";
import { type DemoReplyStep, type DemoScript, defaultDemoScripts, demoRequestFrom } from "./demo-replies.ts";

/** How the demo model answers: the pause between streamed chunks, the sleep it uses, its scripts. */
export interface DemoModelOptions {
  /** Milliseconds between chunks (default 12) so the answer streams in like a real model's; 0 in tests. */
  delayMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Tried in order; the default scripts follow them, so an unmatched request still gets the introduction. */
  scripts?: readonly DemoScript[];
  /** The settings file the introduction tells people to edit (default: `~/.parley/settings.json`). */
  settingsFile?: string;
}

/**
 * The offline demo model (`demo`): no network, no key. It says it is the demo, echoes the request and
 * shows how to configure a real model, streaming markdown word by word; scripts can add more answers.
 */
export class DemoLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = "v3";
  readonly provider = "parley.demo";
  readonly modelId = "demo";
  readonly supportedUrls = {};
  private readonly delayMs: number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly scripts: readonly DemoScript[];

  constructor(options: DemoModelOptions = {}) {
    this.delayMs = options.delayMs ?? 12;
    this.sleep = options.sleep ?? abortableSleep;
    this.scripts = [...(options.scripts ?? []), ...defaultDemoScripts(options.settingsFile)];
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const parts = this.parts(options);
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      async pull(controller) {
        const next = await parts.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await parts.return(undefined);
      },
    });
    return { stream };
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const content: LanguageModelV3Content[] = [];
    let finish: Extract<LanguageModelV3StreamPart, { type: "finish" }> | undefined;
    for await (const part of this.parts({ ...options, delay: 0 })) {
      if (part.type === "text-delta") appendText(content, "text", part.delta);
      else if (part.type === "reasoning-delta") appendText(content, "reasoning", part.delta);
      else if (part.type === "tool-call") content.push(part);
      else if (part.type === "finish") finish = part;
    }
    return {
      content,
      finishReason: finish?.finishReason ?? { unified: "stop", raw: "end_turn" },
      usage: finish?.usage ?? usageOf(0, 0),
      warnings: [],
    };
  }

  private async *parts(
    options: LanguageModelV3CallOptions & { delay?: number },
  ): AsyncGenerator<LanguageModelV3StreamPart> {
    const toolNames = (options.tools ?? []).map((tool) => tool.name);
    const request = demoRequestFrom(options.prompt, toolNames);
    const script = this.scripts.find((candidate) => candidate.matches(request));
    const steps = script?.reply(request) ?? [];
    const delay = options.delay ?? this.delayMs;
    const messageNumber = globalThis.crypto.randomUUID().replaceAll("-", "").slice(0, 20);
    yield { type: "stream-start", warnings: [] };
    yield { type: "response-metadata", id: `msg_demo_${messageNumber}`, modelId: this.modelId };
    let outputCharacters = 0;
    for (const [index, step] of steps.entries()) {
      const id = String(index);
      if (step.type === "tool_call") {
        const input = JSON.stringify(step.input);
        const toolCallId = `toolu_demo_${messageNumber}_${index}`;
        yield { type: "tool-input-start", id: toolCallId, toolName: step.name };
        yield { type: "tool-input-delta", id: toolCallId, delta: input };
        yield { type: "tool-input-end", id: toolCallId };
        yield { type: "tool-call", toolCallId, toolName: step.name, input };
        outputCharacters += input.length;
        continue;
      }
      const kind = step.type === "text" ? "text" : "reasoning";
      yield { type: `${kind}-start`, id };
      for (const chunk of chunksOf(step.text)) {
        if (delay > 0) await this.sleep(delay, options.abortSignal);
        options.abortSignal?.throwIfAborted();
        yield { type: `${kind}-delta`, id, delta: chunk };
      }
      yield { type: `${kind}-end`, id };
      outputCharacters += step.text.length;
    }
    const hasToolCall = steps.some((step: DemoReplyStep) => step.type === "tool_call");
    yield {
      type: "finish",
      finishReason: hasToolCall
        ? { unified: "tool-calls", raw: "tool_use" }
        : { unified: "stop", raw: "end_turn" },
      usage: usageOf(estimateTokens(JSON.stringify(options.prompt).length), estimateTokens(outputCharacters)),
    };
  }
}

/** Splits text into word-sized chunks (each word with the whitespace after it), losing nothing. */
function chunksOf(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

function estimateTokens(characters: number): number {
  return Math.ceil(characters / 4);
}

function usageOf(input: number, output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

function appendText(content: LanguageModelV3Content[], type: "text" | "reasoning", delta: string): void {
  const last = content.at(-1);
  if (last?.type === type) last.text += delta;
  else content.push({ type, text: delta });
}
