export { formatBytes, formatDuration, formatSpan, formatTokens, plural } from "@parley/sdk";
