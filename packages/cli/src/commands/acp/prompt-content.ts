import type { ContentBlock } from "@agentclientprotocol/sdk";
import type { MessageParam } from "@parley/protocol";

type TextBlock = { type: "text"; text: string };

/**
 * An ACP prompt as the user message Parley sends the model: text as it is, a resource link as a note the
 * model can follow with `Read`, an embedded resource (a file or selection the editor attached) as its text
 * inside a `<context>` element naming where it came from. Images and audio are not offered in `initialize`;
 * a block of them is named rather than dropped.
 */
export function promptContent(blocks: readonly ContentBlock[]): MessageParam["content"] {
  return blocks.map((block): TextBlock => {
    switch (block.type) {
      case "text":
        return { type: "text", text: block.text };
      case "resource_link":
        return { type: "text", text: `[Attached: ${block.title ?? block.name}](${block.uri})` };
      case "resource": {
        const { resource } = block;
        if ("text" in resource) {
          return { type: "text", text: `<context uri="${resource.uri}">\n${resource.text}\n</context>` };
        }
        return { type: "text", text: `[Attached binary resource ${resource.uri}, not shown]` };
      }
      default:
        return { type: "text", text: `[Attached ${block.type}, which Parley cannot read here]` };
    }
  });
}
