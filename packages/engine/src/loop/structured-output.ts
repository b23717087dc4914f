import type { EngineTool } from "../tools/engine-tool.ts";
import { jsonSchemaInput } from "../tools/json-schema-input.ts";

/** The tool the model gives its final answer with, as Claude Code names it. */
export const STRUCTURED_OUTPUT_TOOL = "StructuredOutput";
/** How often a model that ends without the tool is reminded before the turn fails. */
export const MAX_STRUCTURED_OUTPUT_REMINDERS = 5;

/**
 * A turn that must end with output matching a JSON Schema (`--json-schema`, the SDK's `outputFormat`), the
 * way Claude Code does it: the model gets a `StructuredOutput` tool whose input is that schema, is told to
 * call it once its work is done, and is reminded when it ends without it. The last valid call is the
 * result's `structured_output`.
 */
export class StructuredOutput {
  readonly tool: EngineTool;
  readonly instructions =
    `When you have finished, call the ${STRUCTURED_OUTPUT_TOOL} tool exactly once with your final answer, matching its input schema. Do not put the answer only in text.`;
  readonly reminder =
    `You ended without calling the ${STRUCTURED_OUTPUT_TOOL} tool. Call it now with your final answer, matching its input schema.`;
  #value: unknown;
  #provided = false;
  #reminders = 0;

  constructor(schema: Record<string, unknown>) {
    this.tool = {
      name: STRUCTURED_OUTPUT_TOOL,
      description:
        "Gives your final answer as structured output matching the requested JSON Schema. Call it once, at the end.",
      jsonSchema: schema,
      inputSchema: jsonSchemaInput(schema),
      requiresApproval: false,
      execute: async (input) => {
        this.#value = input;
        this.#provided = true;
        return "Structured output provided successfully.";
      },
    };
  }

  get provided(): boolean {
    return this.#provided;
  }

  get value(): unknown {
    return this.#value;
  }

  /** Counts a reminder; false once the model has been reminded as often as it may be. */
  remind(): boolean {
    if (this.#reminders >= MAX_STRUCTURED_OUTPUT_REMINDERS) return false;
    this.#reminders += 1;
    return true;
  }
}
