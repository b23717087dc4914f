import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { FileReferenceMessageSchema } from "./file-reference.ts";
import { ImageMessageSchema } from "./image.ts";
import { MCPResourceMessageSchema } from "./mcp-resource.ts";
import { MCPToolRequestMessageSchema } from "./mcp-tool-request.ts";
import { MCPToolResultMessageSchema } from "./mcp-tool-result.ts";
import { PlanMessageSchema } from "./plan.ts";
import { ProcessingMessageSchema } from "./processing.ts";
import { ProjectStructureMessageSchema } from "./project-structure.ts";
import { QuestionMessageSchema } from "./question.ts";
import { SystemControlMessageSchema } from "./system-control.ts";
import { TextMessageSchema } from "./text.ts";
import { ToolRequestMessageSchema } from "./tool-request.ts";
import { ToolResultMessageSchema } from "./tool-result.ts";
import { WorkflowExecutionMessageSchema } from "./workflow-execution.ts";

/** The kinds of rich message this version knows (seeds 000 + 001). */
export const RichMessageKindSchema = lazySchema(() =>
  z.enum([
    "Text",
    "Plan",
    "Question",
    "Image",
    "FileReference",
    "ProjectStructure",
    "ToolRequest",
    "ToolResult",
    "MCPToolRequest",
    "MCPToolResult",
    "MCPResource",
    "WorkflowExecution",
    "SystemControl",
    "Processing",
  ]),
);
export type RichMessageKind = z.infer<typeof RichMessageKindSchema>;

/**
 * A typed, persisted chat item the UI renders as a card: `{ kind, data }` (seed 001's serialization).
 * Unknown fields on the envelope and inside `data` survive a decode/encode round trip.
 */
export const RichMessageSchema = lazySchema(() =>
  z.discriminatedUnion("kind", [
    TextMessageSchema,
    PlanMessageSchema,
    QuestionMessageSchema,
    ImageMessageSchema,
    FileReferenceMessageSchema,
    ProjectStructureMessageSchema,
    ToolRequestMessageSchema,
    ToolResultMessageSchema,
    MCPToolRequestMessageSchema,
    MCPToolResultMessageSchema,
    MCPResourceMessageSchema,
    WorkflowExecutionMessageSchema,
    SystemControlMessageSchema,
    ProcessingMessageSchema,
  ]),
);
export type RichMessage = z.infer<typeof RichMessageSchema>;

/** True when `value` names a kind this version can decode. */
export function isRichMessageKind(value: unknown): value is RichMessageKind {
  kinds ??= new Set(RichMessageKindSchema.options);
  return typeof value === "string" && kinds.has(value);
}

/** The kinds as a set, built on first use (a card asks for every message it shows). */
let kinds: ReadonlySet<string> | undefined;

let schemasByKind: Readonly<Record<string, z.ZodType>> | undefined;

/**
 * Each kind's own schema, read off `RichMessageSchema`'s members: a decoder that knows the kind checks the
 * message against its schema alone (and can compile it) instead of going through the union.
 */
export function richMessageSchemasByKind(): Readonly<Record<RichMessageKind, z.ZodType>> {
  schemasByKind ??= Object.fromEntries(
    RichMessageSchema.options.map((schema) => [schema.shape.kind.value, schema as z.ZodType]),
  );
  return schemasByKind as Readonly<Record<RichMessageKind, z.ZodType>>;
}
