/**
 * The project's instruction files (AGENTS.md, CLAUDE.md) as a subpath of its own
 * (`@parley/engine/project-instructions`): the server's Settings lists them before any agent has run, and
 * loading the engine's index for that would load the whole agent loop.
 */
export type { InstructionSource } from "./instruction-files.ts";
export {
  INSTRUCTION_FILES,
  MAX_FOLDER_INSTRUCTIONS_BYTES,
  MAX_IMPORT_DEPTH,
  MAX_IMPORTS,
  MAX_INSTRUCTIONS_BYTES,
  MAX_NESTED_INSTRUCTIONS_BYTES,
  USER_INSTRUCTIONS_FILE,
} from "./instruction-files.ts";
export type {
  InstructionFile,
  ProjectInstructions,
  ReadInstructionsOptions,
} from "./read-project-instructions.ts";
export { instructionsPrompt, readProjectInstructions } from "./read-project-instructions.ts";
