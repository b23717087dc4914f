import type { ScriptedReply, ScriptedUsage } from "../script-schema.ts";
import { openaiChatFormat } from "./openai-chat-format.ts";
import { type ContentBlock, contentBlocksOf, ordinalLabel, splitIntoPieces, usageOf } from "./reply-facts.ts";
import type { Frame, RenderContext, WireFormat } from "./wire-format.ts";

/**
 * The OpenAI Responses API (`POST /v1/responses`), which Codex speaks: SSE frames `event: <type>` + `data:
 * {type, sequence_number, …}` for `response.created`, `response.in_progress`, per output item
 * (`output_item.added`, reasoning-summary / output-text / function-call-arguments deltas and their `done`s,
 * `output_item.done`), then `response.completed` with the whole output and usage. A stream error becomes
 * `response.failed`. Errors outside a stream use OpenAI's error body.
 */
export const openaiResponsesFormat: WireFormat = {
  api: "openai_responses",

  streamHeaders(context) {
    return openaiChatFormat.streamHeaders(context);
  },

  streamFrames(reply, context) {
    const frames: Frame[] = [];
    let sequence = 0;
    const event = (type: string, fields: Record<string, unknown>): void => {
      const data = JSON.stringify({ type, sequence_number: sequence++, ...fields });
      frames.push({ type: "bytes", text: `event: ${type}\ndata: ${data}\n\n` });
    };
    const base = responseEnvelope(reply, context, "in_progress", []);
    event("response.created", { response: base });
    event("response.in_progress", { response: base });

    const output: unknown[] = [];
    let open: { kind: "text" | "thinking"; id: string; text: string; index: number } | undefined;
    const closeOpen = (): void => {
      if (!open) return;
      const { id, text, index } = open;
      if (open.kind === "thinking") {
        const part = { type: "summary_text", text };
        event("response.reasoning_summary_text.done", {
          item_id: id,
          output_index: index,
          summary_index: 0,
          text,
        });
        event("response.reasoning_summary_part.done", {
          item_id: id,
          output_index: index,
          summary_index: 0,
          part,
        });
        const item = { id, type: "reasoning", summary: [part] };
        event("response.output_item.done", { output_index: index, item });
        output.push(item);
      } else {
        const part = { type: "output_text", text, annotations: [] };
        event("response.output_text.done", { item_id: id, output_index: index, content_index: 0, text });
        event("response.content_part.done", { item_id: id, output_index: index, content_index: 0, part });
        const item = { id, type: "message", status: "completed", role: "assistant", content: [part] };
        event("response.output_item.done", { output_index: index, item });
        output.push(item);
      }
      open = undefined;
    };
    const itemId = (prefix: string): string =>
      `${prefix}_fake_${ordinalLabel(context.ordinal)}_${output.length}`;

    let toolIndex = 0;
    for (const step of reply.steps) {
      if (step.type === "gate") {
        frames.push({ type: "gate", name: step.name });
        continue;
      }
      if (step.type === "stream_error") {
        closeOpen();
        const error = { code: step.errorType, message: step.message };
        event("response.failed", {
          response: { ...responseEnvelope(reply, context, "failed", output), error },
        });
        return frames;
      }
      if (step.type === "text" || step.type === "thinking") {
        const kind = step.type;
        const delta = step.type === "text" ? step.text : step.thinking;
        if (open?.kind !== kind) {
          closeOpen();
          const index = output.length;
          const id = itemId(kind === "text" ? "msg" : "rs");
          open = { kind, id, text: "", index };
          if (kind === "text") {
            const item = { id, type: "message", status: "in_progress", role: "assistant", content: [] };
            event("response.output_item.added", { output_index: index, item });
            const part = { type: "output_text", text: "", annotations: [] };
            event("response.content_part.added", {
              item_id: id,
              output_index: index,
              content_index: 0,
              part,
            });
          } else {
            event("response.output_item.added", {
              output_index: index,
              item: { id, type: "reasoning", summary: [] },
            });
            const part = { type: "summary_text", text: "" };
            event("response.reasoning_summary_part.added", {
              item_id: id,
              output_index: index,
              summary_index: 0,
              part,
            });
          }
        }
        open.text += delta;
        const where = { item_id: open.id, output_index: open.index };
        if (kind === "text") event("response.output_text.delta", { ...where, content_index: 0, delta });
        else event("response.reasoning_summary_text.delta", { ...where, summary_index: 0, delta });
        continue;
      }
      closeOpen();
      const index = output.length;
      const id = itemId("fc");
      const callId = step.id ?? `call_fake_${ordinalLabel(context.ordinal)}_${toolIndex++}`;
      const args = JSON.stringify(step.input);
      const item = {
        id,
        type: "function_call",
        status: "completed",
        call_id: callId,
        name: step.name,
        arguments: args,
      };
      event("response.output_item.added", {
        output_index: index,
        item: { ...item, status: "in_progress", arguments: "" },
      });
      for (const piece of splitIntoPieces(args, step.chunks ?? 3)) {
        event("response.function_call_arguments.delta", { item_id: id, output_index: index, delta: piece });
      }
      event("response.function_call_arguments.done", { item_id: id, output_index: index, arguments: args });
      event("response.output_item.done", { output_index: index, item });
      output.push(item);
    }
    closeOpen();
    event("response.completed", { response: responseEnvelope(reply, context, "completed", output) });
    return frames;
  },

  jsonResponse(reply, context) {
    const output = contentBlocksOf(reply, `call_fake_${ordinalLabel(context.ordinal)}`).map((block, index) =>
      outputItem(block, `${ordinalLabel(context.ordinal)}_${index}`),
    );
    const body = responseEnvelope(reply, context, "completed", output);
    return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  },

  errorResponse(error, context) {
    return openaiChatFormat.errorResponse(error, context);
  },
};

function outputItem(block: ContentBlock, suffix: string): unknown {
  if (block.type === "text") {
    const content = [{ type: "output_text", text: block.text, annotations: [] }];
    return { id: `msg_fake_${suffix}`, type: "message", status: "completed", role: "assistant", content };
  }
  if (block.type === "thinking") {
    return {
      id: `rs_fake_${suffix}`,
      type: "reasoning",
      summary: [{ type: "summary_text", text: block.thinking }],
    };
  }
  const args = JSON.stringify(block.input);
  return {
    id: `fc_fake_${suffix}`,
    type: "function_call",
    status: "completed",
    call_id: block.id,
    name: block.name,
    arguments: args,
  };
}

function responseEnvelope(reply: ScriptedReply, context: RenderContext, status: string, output: unknown[]) {
  return {
    id: `resp_fake_${ordinalLabel(context.ordinal)}`,
    object: "response",
    created_at: Math.floor(context.nowMs / 1000),
    model: reply.model ?? context.requestedModel,
    status,
    output,
    ...(status === "completed" && { usage: responsesUsage(usageOf(reply)) }),
  };
}

function responsesUsage(usage: ScriptedUsage) {
  const input = usage.input + (usage.cacheRead ?? 0) + (usage.cacheWrite ?? 0);
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: usage.cacheRead ?? 0 },
    output_tokens: usage.output,
    output_tokens_details: { reasoning_tokens: usage.reasoning ?? 0 },
    total_tokens: input + usage.output,
  };
}
