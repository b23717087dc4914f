// Content blocks, BetaMessage, usage, stream events and MessageParam against the Anthropic types the
// SDK declares (relaxed as explained in relax.ts).
import type * as Ours from "../../../src/index.ts";
import type {
  BetaContentBlock,
  BetaMessage,
  BetaRawMessageStreamEvent,
  BetaUsage,
  ContentBlockParam,
  MessageParam,
} from "./official.ts";
import { accepts, some, type Wire } from "./relax.ts";

accepts<Wire<BetaMessage>>(some<Ours.BetaMessage>());
accepts<Wire<BetaContentBlock>>(some<Ours.BetaContentBlock>());
accepts<Wire<BetaUsage>>(some<Ours.BetaUsage>());
accepts<Wire<BetaRawMessageStreamEvent>>(some<Ours.BetaRawMessageStreamEvent>());
accepts<ContentBlockParam>(some<Ours.ContentBlockParam>());
accepts<MessageParam>(some<Ours.MessageParam>());
accepts<Wire<BetaContentBlock> | ContentBlockParam>(some<Ours.ContentBlock>());

// Each block type on its own, so a mismatch names the block.
accepts<Wire<Extract<BetaContentBlock, { type: "text" }>>>(some<Ours.BetaTextBlock>());
accepts<Wire<Extract<BetaContentBlock, { type: "thinking" }>>>(some<Ours.BetaThinkingBlock>());
accepts<Wire<Extract<BetaContentBlock, { type: "redacted_thinking" }>>>(
  some<Ours.BetaRedactedThinkingBlock>(),
);
accepts<Wire<Extract<BetaContentBlock, { type: "tool_use" }>>>(some<Ours.BetaToolUseBlock>());
accepts<Wire<Extract<BetaContentBlock, { type: "server_tool_use" }>>>(some<Ours.BetaServerToolUseBlock>());
accepts<Extract<ContentBlockParam, { type: "tool_result" }>>(some<Ours.ToolResultBlockParam>());
accepts<Extract<ContentBlockParam, { type: "image" }>>(some<Ours.ImageBlockParam>());
accepts<Extract<ContentBlockParam, { type: "document" }>>(some<Ours.DocumentBlockParam>());
accepts<Extract<ContentBlockParam, { type: "search_result" }>>(some<Ours.SearchResultBlockParam>());
accepts<Extract<ContentBlockParam, { type: "server_tool_use" }>>(some<Ours.ServerToolUseBlockParam>());
accepts<Extract<ContentBlockParam, { type: "web_fetch_tool_result" }>>(
  some<Ours.WebFetchToolResultBlockParam>(),
);
accepts<Wire<Extract<BetaContentBlock, { type: "compaction" }>>>(some<Ours.BetaCompactionBlock>());
accepts<Wire<Extract<BetaContentBlock, { type: "mcp_tool_result" }>>>(some<Ours.BetaMCPToolResultBlock>());
