import { Composer, type StructureLoader, useChatStore } from "@parley/react";
import { ParleyClient, parseWorkflowCommand } from "@parley/sdk";
import { useState } from "react";
import { navigate } from "../app/use-route.ts";
import {
  isWorkflowFile,
  startWorkflow,
  useWorkflowDefinitions,
} from "../workflows/use-workflow-definitions.ts";
import { WorkflowSuggestions } from "../workflows/workflow-suggestions.tsx";
import { CustomCommandSuggestions, useCustomCommands } from "./custom-command-suggestions.tsx";
import { McpPromptSuggestions, useMcpPrompts } from "./mcp-prompt-suggestions.tsx";
import { StructureSuggestion } from "./structure-suggestion.tsx";

const defaultClient = new ParleyClient();

/**
 * The web UI's message box: @parley/react's Composer with the project's `/` commands. Typing `/` offers the
 * project's workflows, the custom commands (Markdown prompts; the server fills one in when it is sent) and the
 * MCP servers' prompts; `/name key=value …` naming a workflow starts it (a workflow wins a shared name) in this
 * session (a new chat opens the session it started) instead of sending a message; `/structure` attaches the
 * project's structure as a card. Send errors show in the page's error banner.
 */
export function ChatComposer({ client = defaultClient }: { client?: StructureLoader }) {
  const [text, setText] = useState("");
  const sessionId = useChatStore((state) => state.activeSessionId);
  const slashTyped = text.trimStart().startsWith("/");
  const workflows = useWorkflowDefinitions(slashTyped);
  const mcpPrompts = useMcpPrompts(slashTyped);
  const customCommands = useCustomCommands(slashTyped);

  const startWorkflowCommand = (line: string): Promise<boolean> | undefined => {
    const command = parseWorkflowCommand(line);
    if (command === undefined) return undefined;
    // The definitions are asked for when the list is not loaded yet: a fast typist is not sent to the agent.
    return isWorkflowFile(command.name, workflows).then(async (found) => {
      if (!found) return false;
      const view = await startWorkflow(command.name, sessionId, command.inputs);
      if (sessionId === undefined) navigate({ page: "chat", sessionId: view.session_id });
      return true;
    });
  };

  return (
    <Composer
      text={text}
      onTextChange={setText}
      showSendErrors={false}
      onCommand={startWorkflowCommand}
      structureLoader={client}
      suggestions={
        <>
          <WorkflowSuggestions text={text} list={workflows} onChoose={setText} />
          <CustomCommandSuggestions
            text={text}
            commands={customCommands}
            taken={[
              ...workflows.workflows.map((workflow) => workflow.name),
              ...workflows.problems.flatMap((problem) => problem.name ?? []),
              "structure",
            ]}
            onChoose={setText}
          />
          <McpPromptSuggestions text={text} prompts={mcpPrompts} onChoose={setText} />
          <StructureSuggestion text={text} onChoose={setText} />
        </>
      }
    />
  );
}
