/**
 * @parley/sdk/markdown — streaming markdown for every face: the block splitter that lets a UI re-parse
 * only the last block of an answer as tokens arrive. On a subpath so the package root needs no `marked`.
 */
export { type MarkdownBlock, type MarkdownBlocks, parseMarkdownBlocks } from "./markdown-blocks.ts";
