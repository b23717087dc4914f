import type { CustomCommandView, McpServerPromptView, WorkflowSummary } from "@parley/protocol";
import { useLoadWhen } from "@parley/react/use-load-when";
import { parseStructureCommand } from "@parley/sdk";
import { Box, Text } from "ink";
import { memo, useCallback, useMemo, useRef, useState } from "react";
import { commandSuggestions, fileSuggestions } from "../commands/slash-commands.ts";
import { BufferView } from "../input/buffer-view.tsx";
import { editKey } from "../input/edit-key.ts";
import { useKeyClaims } from "../input/key-claims.tsx";
import {
  bufferOf,
  insert,
  moveVertically,
  replaceBeforeCursor,
  type TextBuffer,
  wordAtCursor,
} from "../input/text-buffer.ts";
import { useKeys } from "../input/use-keys.ts";
import { useLiveState } from "../input/use-live-state.ts";
import { useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";
import { PasteStore } from "./paste.ts";
import { PendingAttachments } from "./pending-attachments.tsx";
import type { Attachments } from "./use-attachments.ts";

const NO_WORKFLOWS: WorkflowSummary[] = [];
const NO_PROMPTS: McpServerPromptView[] = [];
const NO_CUSTOM_COMMANDS: CustomCommandView[] = [];
const NO_FILES: string[] = [];
const ESCAPE = "\u001b";

/** One line offered below the message box. */
interface Suggestion {
  label: string;
  description?: string;
  /** Replaces the text from `start` to the cursor. */
  replacement: string;
  start: number;
}

/**
 * The message box. Enter sends; Alt-Enter, Ctrl-J or a trailing `\` adds a line; ↑/↓ walk the sent
 * messages from the first or last line; a paste arrives whole (a long one as a placeholder, sent in full);
 * `/` completes commands, workflows, custom commands and MCP prompts, `@` the project's files (Tab or Enter takes one).
 * `/structure [tree|files|dependencies] [path]` attaches the project's structure to the message being
 * written instead of sending anything; the line stays when the project cannot be read.
 */
export const Composer = memo(function Composer({
  focused,
  busy,
  history,
  attachments,
  onSubmit,
}: {
  focused: boolean;
  busy: boolean;
  /** The cards the message will carry (shown above the box). */
  attachments: Attachments;
  /** Earlier messages, oldest first, for ↑. */
  history: readonly string[];
  /** Gets the whole text (pastes expanded); returns false to keep it in the box (a failed command). */
  onSubmit: (text: string) => void;
}) {
  const theme = useTheme();
  const { store, workflows } = useServices();
  const [buffer, setBuffer, readBuffer] = useLiveState<TextBuffer>(bufferOf);
  const [historyIndex, setHistoryIndex] = useState<number | undefined>();
  const [selected, setSelected] = useState(0);
  const [dismissed, setDismissed] = useState<string | undefined>();
  const draft = useRef("");
  const pastes = useRef(new PasteStore());
  const pasting = useRef<string | undefined>(undefined);
  const claims = useKeyClaims();

  const slash = buffer.text.startsWith("/") && !buffer.text.slice(0, buffer.cursor).includes(" ");
  const { word, start } = wordAtCursor(buffer);
  const mention = word.startsWith("@");
  const loadWorkflows = useCallback(async () => (await workflows.definitions()).workflows, [workflows]);
  const loadPrompts = useCallback(
    async () => (await store.client.listMcpServers()).servers.flatMap((server) => server.prompts),
    [store],
  );
  const loadCustomCommands = useCallback(
    async () => (await store.client.listCustomCommands()).commands,
    [store],
  );
  const loadFiles = useCallback(async () => {
    const structure = await store.client.getProjectStructure({
      type: "file_list",
      order: "relevance",
      maxEntries: 5000,
    });
    return structure.data.structure_type === "file_list"
      ? structure.data.content.map((file) => file.path)
      : [];
  }, [store]);
  const workflowList = useLoadWhen(slash, loadWorkflows, NO_WORKFLOWS);
  const prompts = useLoadWhen(slash, loadPrompts, NO_PROMPTS);
  const customCommands = useLoadWhen(slash, loadCustomCommands, NO_CUSTOM_COMMANDS);
  const files = useLoadWhen(mention, loadFiles, NO_FILES);

  const suggestions = useMemo((): Suggestion[] => {
    if (dismissed === buffer.text) return [];
    if (slash) {
      return commandSuggestions(buffer.text.slice(0, buffer.cursor), workflowList, prompts, customCommands)
        .slice(0, 8)
        .map((command) => ({
          label: command.label,
          description: command.description,
          replacement: command.insert,
          start: 0,
        }));
    }
    if (mention) {
      return fileSuggestions(word.slice(1), files).map((path) => ({
        label: `@${path}`,
        replacement: `@${path} `,
        start,
      }));
    }
    return [];
  }, [buffer, slash, mention, word, start, workflowList, prompts, customCommands, files, dismissed]);
  // What is on screen now, for a key that reaches the handler before Ink re-registers it after this render.
  const shown = useRef({ suggestions, selected });
  shown.current = { suggestions, selected };

  const update = (next: TextBuffer) => {
    // Why a `/structure` line failed stays only while that line does.
    if (attachments.error !== undefined && next.text !== readBuffer().text) attachments.dismissError();
    setBuffer(next);
    setSelected(0);
  };
  const accept = (suggestion: Suggestion) =>
    update(replaceBeforeCursor(buffer, suggestion.start, suggestion.replacement));
  const submit = (typed: TextBuffer) => {
    const text = pastes.current.expand(typed.text);
    const structure = parseStructureCommand(text);
    if (structure !== undefined) {
      // The card joins the message being written; the line goes only once it is attached.
      void attachments.attach(structure).then((attached) => {
        if (attached && readBuffer().text === typed.text) update(bufferOf());
      });
      return update(typed);
    }
    if (text.trim() === "" && attachments.list.length === 0) return update(typed);
    onSubmit(text);
    pastes.current.clear();
    draft.current = "";
    setHistoryIndex(undefined);
    update(bufferOf());
  };
  const walkHistory = (direction: -1 | 1) => {
    if (history.length === 0) return;
    const current = historyIndex ?? history.length;
    const next = Math.max(0, Math.min(history.length, current + direction));
    if (next === current) return;
    if (historyIndex === undefined) draft.current = readBuffer().text;
    setHistoryIndex(next === history.length ? undefined : next);
    update(bufferOf(next === history.length ? draft.current : (history[next] ?? "")));
  };

  useKeys((input, key) => {
    const buffer = readBuffer();
    // Bracketed paste: everything between ESC[200~ and ESC[201~ is text, Enter included.
    if (input.includes("[200~") || pasting.current !== undefined) {
      const text = (pasting.current ?? "") + input.replace("[200~", "");
      const end = text.indexOf("[201~");
      if (end === -1) {
        pasting.current = text;
        return;
      }
      pasting.current = undefined;
      const raw = text.slice(0, end);
      const pasted = (raw.endsWith(ESCAPE) ? raw.slice(0, -1) : raw).replace(/\r\n?/g, "\n");
      update(insert(buffer, pastes.current.placeholderFor(pasted)));
      return;
    }
    const { suggestions, selected } = shown.current;
    const choice = suggestions[Math.min(selected, suggestions.length - 1)];
    if (suggestions.length > 0 && choice !== undefined) {
      if (key.upArrow) return setSelected((index) => (index - 1 + suggestions.length) % suggestions.length);
      if (key.downArrow) return setSelected((index) => (index + 1) % suggestions.length);
      if (key.tab || key.escape) claims.claim();
      if (key.tab) return accept(choice);
      if (key.escape) return setDismissed(buffer.text);
      if (
        key.return &&
        !key.meta &&
        buffer.text.slice(choice.start, buffer.cursor) !== choice.replacement.trimEnd()
      )
        return accept(choice);
    }
    if ((key.return && key.meta) || input === "\n") return update(insert(buffer, "\n"));
    if (key.return) {
      if (buffer.text.slice(0, buffer.cursor).endsWith("\\")) {
        return update(
          insert(
            {
              text: buffer.text.slice(0, buffer.cursor - 1) + buffer.text.slice(buffer.cursor),
              cursor: buffer.cursor - 1,
            },
            "\n",
          ),
        );
      }
      return submit(buffer);
    }
    if ((key.backspace || key.delete) && buffer.text === "" && attachments.list.length > 0)
      return attachments.removeLast();
    if (key.upArrow || key.downArrow) {
      const moved = moveVertically(buffer, key.upArrow ? -1 : 1);
      if (moved !== undefined) return setBuffer(moved);
      return walkHistory(key.upArrow ? -1 : 1);
    }
    // Several characters at once without paste brackets: typed faster than read (ending in Enter, then it
    // sends), or pasted by a terminal that does not bracket pastes.
    if (input.length > 1 && !key.ctrl && !key.meta) {
      const typedThenEnter = /^[^\r\n]+\r$/.test(input);
      const text = typedThenEnter ? input.slice(0, -1) : input.replace(/\r\n?/g, "\n");
      const next = insert(buffer, pastes.current.placeholderFor(text));
      return typedThenEnter ? submit(next) : update(next);
    }
    const next = editKey(buffer, input, key);
    if (next !== undefined) update(next);
  }, focused);

  const lines = buffer.text.split("\n").length;
  return (
    <Box flexDirection="column">
      <PendingAttachments
        attachments={attachments.list}
        attaching={attachments.attaching}
        error={attachments.error}
      />
      <Box
        borderStyle="round"
        borderColor={focused ? theme.accent : theme.muted}
        borderDimColor={!focused}
        paddingX={1}
      >
        <Text color={theme.accent}>{"› "}</Text>
        <Box flexGrow={1} flexShrink={1}>
          <BufferView
            buffer={buffer}
            focused={focused}
            placeholder={
              busy
                ? "Queue a message for the agent (Esc stops it)"
                : "Message Parley (/ for commands, @ for files)"
            }
          />
        </Box>
      </Box>
      {suggestions.length > 0 && (
        <Box flexDirection="column" paddingX={2}>
          {suggestions.map((suggestion, index) => (
            <Text
              key={suggestion.label}
              color={index === selected ? theme.accent : undefined}
              bold={index === selected}
            >
              {suggestion.label}
              {suggestion.description !== undefined && <Text dimColor>{`  ${suggestion.description}`}</Text>}
            </Text>
          ))}
        </Box>
      )}
      {lines > 1 && <Text dimColor>{`  ${lines} lines · Enter sends · Alt-Enter adds a line`}</Text>}
    </Box>
  );
});
