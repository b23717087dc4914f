import type {
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import {
  type BetaContentBlock,
  type BetaMessage,
  type BetaRawMessageStreamEvent,
  type BetaStopReason,
  newAssistantMessage,
  type SDKAssistantMessage,
  type SDKPartialAssistantMessage,
  type Uuid,
} from "@parley/protocol";
import { ModelStreamError } from "../providers/model-call-failure.ts";
import type { TokenCounts } from "../providers/model-catalog.ts";
import type { EngineClock, IdGenerator } from "./engine-clock.ts";
import { stopReasonOf, tokensOf } from "./finish-facts.ts";

/** A completed model response: its blocks in order, why it stopped, and what it cost in tokens. */
export interface AssembledResponse {
  messageId: string;
  model: string;
  blocks: BetaContentBlock[];
  stopReason: BetaStopReason;
  tokens: TokenCounts & { reasoning: number };
  /** Tool calls whose JSON input could not be parsed, by tool use id, with the parser's message. */
  invalidToolInputs: Map<string, string>;
}

/** What the assembler needs to stamp the messages it emits. */
export interface AssemblerContext {
  sessionId: string;
  ids: IdGenerator;
  clock: EngineClock;
  /** The requested model id, used until the provider reports the one that answered. */
  model: string;
  includePartialMessages: boolean;
  /** Messages of an abandoned attempt that this response replaces (set on its first assistant message). */
  supersedes: Uuid[];
}

type Emitted = (SDKAssistantMessage | SDKPartialAssistantMessage)[];

interface OpenBlock {
  index: number;
  block: BetaContentBlock;
  /** The tool input JSON received so far. */
  inputJson?: string;
  /** Set once the provider delivered the whole tool call, whose input then is final. */
  inputFinal?: boolean;
}

/**
 * Turns the AI SDK's provider stream parts into what the Claude Code CLI emits: Anthropic raw stream
 * events (`stream_event`, when partials are on; synthesized for OpenAI-format providers) and one
 * `assistant` message per completed content block, all sharing the response's message id.
 */
export class ResponseAssembler {
  private messageId: string | undefined;
  private model: string;
  private started = false;
  private nextIndex = 0;
  private readonly open = new Map<string, OpenBlock>();
  private readonly blocks: { index: number; block: BetaContentBlock }[] = [];
  private readonly invalidToolInputs = new Map<string, string>();
  private finish: { usage: LanguageModelV3Usage; finishReason: LanguageModelV3FinishReason } | undefined;
  private pendingSupersedes: Uuid[];
  /** Where the messages of the part being accepted go. */
  private out: Emitted = [];
  /** UUIDs of the assistant messages emitted so far (superseded if this attempt is abandoned). */
  readonly emittedUuids: Uuid[] = [];

  constructor(private readonly context: AssemblerContext) {
    this.model = context.model;
    this.pendingSupersedes = [...context.supersedes];
  }

  /** The blocks completed so far, in stream order (what survives an interrupted response). */
  get completedBlocks(): BetaContentBlock[] {
    return [...this.blocks].sort((a, b) => a.index - b.index).map((entry) => entry.block);
  }

  /** Takes one provider part and returns the messages it produces; throws on an in-stream error. */
  accept(part: LanguageModelV3StreamPart): Emitted {
    this.out = [];
    switch (part.type) {
      case "response-metadata":
        if (part.id && !this.started) this.messageId = part.id;
        if (part.modelId) this.model = part.modelId;
        this.start();
        break;
      case "text-start":
        this.openBlock(part.id, { type: "text", text: "" });
        break;
      case "text-delta": {
        const open = this.open.get(part.id) ?? this.openBlock(part.id, { type: "text", text: "" });
        if (open.block.type === "text" && part.delta) {
          open.block.text += part.delta;
          this.delta(open.index, { type: "text_delta", text: part.delta });
        }
        break;
      }
      case "reasoning-start": {
        const redacted = anthropicMetadata(part.providerMetadata).redactedData;
        this.openBlock(
          part.id,
          typeof redacted === "string"
            ? { type: "redacted_thinking", data: redacted }
            : { type: "thinking", thinking: "", signature: "" },
        );
        break;
      }
      case "reasoning-delta": {
        const open =
          this.open.get(part.id) ??
          this.openBlock(part.id, { type: "thinking", thinking: "", signature: "" });
        if (open.block.type !== "thinking") break;
        if (part.delta) {
          open.block.thinking += part.delta;
          this.delta(open.index, { type: "thinking_delta", thinking: part.delta });
        }
        const signature = anthropicMetadata(part.providerMetadata).signature;
        if (typeof signature === "string") {
          open.block.signature = signature;
          this.delta(open.index, { type: "signature_delta", signature });
        }
        break;
      }
      case "text-end":
      case "reasoning-end":
        this.closeBlock(part.id);
        break;
      case "tool-input-start":
        if (!part.providerExecuted) {
          this.openBlock(part.id, {
            type: "tool_use",
            id: part.id,
            name: part.toolName,
            input: {},
          }).inputJson = "";
        }
        break;
      case "tool-input-delta": {
        const open = this.open.get(part.id);
        if (open?.inputJson === undefined) break;
        open.inputJson += part.delta;
        this.delta(open.index, { type: "input_json_delta", partial_json: part.delta });
        break;
      }
      case "tool-call": {
        if (part.providerExecuted) break;
        let open = this.open.get(part.toolCallId);
        if (!open) {
          open = this.openBlock(part.toolCallId, {
            type: "tool_use",
            id: part.toolCallId,
            name: part.toolName,
            input: {},
          });
          open.inputJson = part.input;
          this.delta(open.index, { type: "input_json_delta", partial_json: part.input });
        }
        if (open.block.type === "tool_use")
          open.block.input = this.parseToolInput(part.toolCallId, part.input);
        open.inputFinal = true;
        this.closeBlock(part.toolCallId);
        break;
      }
      case "finish": {
        this.start();
        for (const id of [...this.open.keys()]) this.closeBlock(id);
        this.finish = { usage: part.usage, finishReason: part.finishReason };
        const tokens = tokensOf(part.usage);
        this.event({
          type: "message_delta",
          delta: { stop_reason: this.stopReason(), stop_sequence: null },
          usage: {
            output_tokens: tokens.output,
            input_tokens: tokens.input,
            cache_creation_input_tokens: tokens.cacheWrite,
            cache_read_input_tokens: tokens.cacheRead,
          },
        });
        this.event({ type: "message_stop" });
        break;
      }
      case "error":
        throw new ModelStreamError(part.error);
      default:
        // stream-start, raw chunks, sources, files and provider-executed results carry nothing for the CLI's messages.
        break;
    }
    return this.out;
  }

  /** The completed response; only valid after the provider's `finish` part. */
  result(): AssembledResponse | undefined {
    if (!this.finish) return undefined;
    return {
      messageId: this.messageIdOrNew(),
      model: this.model,
      blocks: this.completedBlocks,
      stopReason: this.stopReason(),
      tokens: tokensOf(this.finish.usage),
      invalidToolInputs: this.invalidToolInputs,
    };
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.event({ type: "message_start", message: this.baseMessage([]) });
  }

  private openBlock(id: string, block: BetaContentBlock): OpenBlock {
    this.start();
    const open: OpenBlock = { index: this.nextIndex++, block };
    this.open.set(id, open);
    const initial = block.type === "tool_use" ? { ...block, input: {} } : { ...block };
    this.event({ type: "content_block_start", index: open.index, content_block: initial });
    return open;
  }

  private closeBlock(id: string): void {
    const open = this.open.get(id);
    if (!open) return;
    this.open.delete(id);
    if (open.block.type === "tool_use" && open.inputJson !== undefined && !open.inputFinal) {
      open.block.input = this.parseToolInput(id, open.inputJson);
    }
    // Like the CLI: the complete assistant message comes before the block's content_block_stop.
    if (!isEmpty(open.block)) {
      this.blocks.push({ index: open.index, block: open.block });
      this.out.push(this.assistant(open.block));
    }
    this.event({ type: "content_block_stop", index: open.index });
  }

  private parseToolInput(id: string, json: string): unknown {
    if (json.trim() === "") return {};
    try {
      return JSON.parse(json);
    } catch (error) {
      this.invalidToolInputs.set(id, (error as Error).message);
      return {};
    }
  }

  private assistant(block: BetaContentBlock): SDKAssistantMessage {
    const message = newAssistantMessage(
      { ...this.baseMessage([block]), context_management: null },
      this.context.sessionId,
      { timestamp: new Date(this.context.clock.now()).toISOString() },
    );
    const uuid = this.context.ids.uuid();
    this.emittedUuids.push(uuid);
    const supersedes = this.pendingSupersedes;
    this.pendingSupersedes = [];
    return { ...message, uuid, ...(supersedes.length > 0 && { supersedes }) };
  }

  // Usage is only known when the response finishes, so the per-block messages carry zeros (the
  // `message_delta` partial and the `result` carry the real counts).
  private baseMessage(content: BetaContentBlock[]): BetaMessage {
    return {
      id: this.messageIdOrNew(),
      type: "message",
      role: "assistant",
      model: this.model,
      content,
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: 0,
        output_tokens: 0,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    };
  }

  private messageIdOrNew(): string {
    this.messageId ??= `msg_${this.context.ids.uuid().replaceAll("-", "")}`;
    return this.messageId;
  }

  private delta(
    index: number,
    delta: Extract<BetaRawMessageStreamEvent, { type: "content_block_delta" }>["delta"],
  ): void {
    this.event({ type: "content_block_delta", index, delta });
  }

  private event(event: BetaRawMessageStreamEvent): void {
    if (!this.context.includePartialMessages) return;
    this.out.push({
      type: "stream_event",
      event,
      parent_tool_use_id: null,
      uuid: this.context.ids.uuid(),
      session_id: this.context.sessionId,
    });
  }

  private stopReason(): BetaStopReason {
    return stopReasonOf(
      this.finish?.finishReason,
      this.blocks.some((entry) => entry.block.type === "tool_use"),
    );
  }
}

function anthropicMetadata(metadata: unknown): Record<string, unknown> {
  const anthropic = (metadata as { anthropic?: unknown } | undefined)?.anthropic;
  return typeof anthropic === "object" && anthropic !== null ? (anthropic as Record<string, unknown>) : {};
}

function isEmpty(block: BetaContentBlock): boolean {
  if (block.type === "text") return block.text === "";
  if (block.type === "thinking") return block.thinking === "" && block.signature === "";
  return false;
}
