/**
 * @parley/sdk/markdown — streaming markdown for every face: the block splitter that lets a UI re-parse
 * only the last block of an answer as tokens arrive, and the code highlighter both UIs colour code with. On a
 * subpath so the package root needs no `marked` or `lowlight`.
 */
export { highlightTree, MAX_HIGHLIGHT_LENGTH } from "./code-highlighter.ts";
export { type MarkdownBlock, type MarkdownBlocks, parseMarkdownBlocks } from "./markdown-blocks.ts";
