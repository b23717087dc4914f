import type { ContentBlockParam, MessageParam } from "@parley/protocol";

/** The rough rule the estimate uses: one token per four characters of text. */
export const CHARS_PER_TOKEN = 4;

/** What one image or binary document is counted as; their base64 size says little about their tokens. */
export const ESTIMATED_MEDIA_TOKENS = 1_600;

/**
 * A rough token count for a conversation (and its system prompt): characters / 4 for text, tool inputs
 * and results, a flat `ESTIMATED_MEDIA_TOKENS` per image or binary document. For deciding when to
 * compact, not for billing.
 */
export function estimateTokens(messages: readonly MessageParam[], systemPrompt?: string): number {
  let chars = systemPrompt?.length ?? 0;
  let media = 0;
  for (const message of messages) {
    if (typeof message.content === "string") {
      chars += message.content.length;
      continue;
    }
    for (const block of message.content as ContentBlockParam[]) {
      const size = blockSize(block);
      chars += size.chars;
      media += size.media;
    }
  }
  return Math.ceil(chars / CHARS_PER_TOKEN) + media * ESTIMATED_MEDIA_TOKENS;
}

/** Characters / 4, rounded up. */
export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

function blockSize(block: ContentBlockParam): { chars: number; media: number } {
  switch (block.type) {
    case "text":
      return { chars: block.text.length, media: 0 };
    case "thinking":
      return { chars: block.thinking.length, media: 0 };
    case "tool_use":
      return { chars: block.name.length + JSON.stringify(block.input ?? {}).length, media: 0 };
    case "image":
      return { chars: 0, media: 1 };
    case "document":
      return block.source.type === "text"
        ? { chars: block.source.data.length, media: 0 }
        : { chars: 0, media: 1 };
    case "tool_result": {
      if (typeof block.content === "string") return { chars: block.content.length, media: 0 };
      let chars = 0;
      let media = 0;
      for (const part of block.content ?? []) {
        const size = blockSize(part as ContentBlockParam);
        chars += size.chars;
        media += size.media;
      }
      return { chars, media };
    }
    default:
      return { chars: JSON.stringify(block).length, media: 0 };
  }
}
