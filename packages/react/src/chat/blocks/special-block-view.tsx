import type { SpecialBlock } from "@parley/protocol";
import { AskUserCard } from "./ask-user-card.tsx";
import { ChangeReportBlock } from "./change-report-block.tsx";
import { FinalizeTaskBlock } from "./finalize-task-block.tsx";
import { PlanBlock } from "./plan-block.tsx";

/** Renders a special block found in message text (seed 002) with the component for its `type`. */
export function SpecialBlockView({ block }: { block: SpecialBlock }) {
  switch (block.type) {
    case "plan":
      return <PlanBlock block={block} />;
    case "finalize_task":
      return <FinalizeTaskBlock block={block} />;
    case "change_report":
      return <ChangeReportBlock block={block} />;
    case "ask_user":
      return <AskUserCard block={block} />;
  }
}
