import { Box, Text } from "ink";
import { BUILTIN_COMMANDS } from "../commands/slash-commands.ts";
import { useKeyClaims } from "../input/key-claims.tsx";
import { useKeys } from "../input/use-keys.ts";
import { useTheme } from "../theme/theme.ts";

const KEYS: [string, string][] = [
  ["Enter", "send (queued while the agent works)"],
  ["Alt-Enter, Ctrl-J, \\ then Enter", "a new line"],
  ["↑ / ↓", "earlier messages (from the first or last line)"],
  ["PgUp", "page back through the whole conversation"],
  ["Esc", "stop the agent (the run ends; nothing is disconnected)"],
  ["Tab", "take a completion, or move between a waiting card and the message box"],
  ["Shift-Tab", "next permission mode"],
  ["Ctrl-O", "tool inputs and outputs in full, or cut"],
  ["Ctrl-C twice, Ctrl-D", "leave"],
  ["/ and @", "commands, workflows and MCP prompts; the project's files"],
];

/** Keys and commands. */
export function HelpView({ onClose }: { onClose: () => void }) {
  const theme = useTheme();
  const claims = useKeyClaims();
  const keysAttached = useKeys((input, key) => {
    claims.claim();
    if (key.escape || key.return || input === "q") onClose();
  });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text bold color={theme.accent}>
        Keys
      </Text>
      {KEYS.map(([keys, meaning]) => (
        <Text key={keys}>
          <Text bold>{`${keys} `.padEnd(34)}</Text>
          <Text dimColor>{meaning}</Text>
        </Text>
      ))}
      <Text bold color={theme.accent}>
        Commands
      </Text>
      {BUILTIN_COMMANDS.map((command) => (
        <Text key={command.label}>
          <Text bold>{`${command.label} `.padEnd(34)}</Text>
          <Text dimColor>{command.description}</Text>
        </Text>
      ))}
      <Text dimColor>
        {
          "/<workflow> key=value starts one of the project's workflows; /mcp__server__prompt uses an MCP prompt."
        }
      </Text>
      {keysAttached && <Text dimColor>Esc closes</Text>}
    </Box>
  );
}
