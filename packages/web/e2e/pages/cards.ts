import type { Locator } from "playwright-core";

/** An approval card's `data-status`. */
export type ApprovalStatus = "pending" | "approved" | "rejected" | "cancelled" | "expired" | "auto-approved";

/** Narrows `root` to the elements that also match `selector` (an attribute test on the card itself). */
function having(root: Locator, selector: string): Locator {
  return root.and(root.page().locator(selector));
}

/**
 * A tool call that asks the person (`approval-card`): its tool, headline and parameters, and the answers a
 * person gives it: approve once, always allow, reject with feedback, edit the input and approve.
 */
export class ApprovalCardPart {
  readonly root: Locator;

  constructor(root: Locator) {
    this.root = root;
  }

  /** `data-approval-id`: the approval the card answers (`apv_…`). */
  async approvalId(): Promise<string> {
    const id = await this.root.getAttribute("data-approval-id");
    if (id === null) throw new Error("the approval card names no approval");
    return id;
  }

  get tool(): Locator {
    return this.root.getByTestId("approval-tool");
  }

  get headline(): Locator {
    return this.root.getByTestId("approval-headline");
  }

  get actions(): Locator {
    return this.root.getByTestId("approval-actions");
  }

  get decision(): Locator {
    return this.root.getByTestId("approval-status");
  }

  get result(): Locator {
    return this.root.getByTestId("tool-result");
  }

  /** One row of the call's input as the card shows it (`data-name`, e.g. `file_path`). */
  parameter(name: string): Locator {
    return this.root
      .getByTestId("approval-parameters")
      .locator(`[data-testid=tool-parameter][data-name=${name}]`);
  }

  /** Waits until the card says `status` (`data-status`). */
  async waitForStatus(status: ApprovalStatus): Promise<void> {
    await having(this.root, `[data-status=${status}]`).waitFor();
  }

  async approveOnce(): Promise<void> {
    await this.root.getByTestId("approval-approve").click();
  }

  async alwaysAllow(): Promise<void> {
    await this.root.getByTestId("approval-always").click();
  }

  /** Opens "Reject…", types `feedback` for the agent and sends the rejection. */
  async reject(feedback: string): Promise<void> {
    await this.root.getByTestId("approval-reject").click();
    await this.root.getByTestId("approval-feedback").fill(feedback);
    await this.root.getByTestId("approval-reject-send").click();
  }

  /** Opens "Edit input…", returns the JSON the editor starts with, replaces it with `input` and approves. */
  async editAndApprove(input: Record<string, unknown>): Promise<unknown> {
    await this.root.getByTestId("approval-edit").click();
    const editor = this.root.getByTestId("approval-input-editor");
    const initial: unknown = JSON.parse(await editor.inputValue());
    await editor.fill(JSON.stringify(input, null, 2));
    await this.root.getByTestId("approval-edit-approve").click();
    return initial;
  }
}

/** A plan card (`plan-card`): goal, numbered steps, risks, and Execute / Refine while proposed. */
export class PlanCardPart {
  readonly root: Locator;

  constructor(root: Locator) {
    this.root = root;
  }

  get goal(): Locator {
    return this.root.getByTestId("plan-goal");
  }

  get steps(): Locator {
    return this.root.getByTestId("plan-step");
  }

  get risks(): Locator {
    return this.root.getByTestId("plan-risk");
  }

  get decision(): Locator {
    return this.root.getByTestId("plan-status");
  }

  /** Waits until the card says `status` (`proposed`, `executing`, `refining`, `completed`). */
  async waitForStatus(status: string): Promise<void> {
    await having(this.root, `[data-status=${status}]`).waitFor();
  }

  /** Each step as `[number, status]`, in order. */
  async stepStates(): Promise<[string | null, string | null][]> {
    return this.steps.evaluateAll((steps) =>
      steps.map((step): [string | null, string | null] => [
        step.getAttribute("data-step-number"),
        step.getAttribute("data-status"),
      ]),
    );
  }

  /** Chooses the mode the plan is carried out in, then presses Execute in one turn. */
  async execute(mode = "default"): Promise<void> {
    await this.root.getByTestId("plan-execute-mode").selectOption(mode);
    await this.root.getByTestId("plan-execute").click();
  }

  /** Opens Refine Plan…, types `feedback` and sends it. */
  async refine(feedback: string): Promise<void> {
    await this.root.getByTestId("plan-refine").click();
    await this.root.getByTestId("plan-refine-feedback").fill(feedback);
    await this.root.getByTestId("plan-refine-send").click();
  }
}

/** A question card (`question-card`): severity, its questions, one button per option, free text, Submit. */
export class QuestionCardPart {
  readonly root: Locator;

  constructor(root: Locator) {
    this.root = root;
  }

  /** The option buttons (of question `index` when given). */
  options(index?: number): Locator {
    const scope =
      index === undefined
        ? this.root
        : this.root.locator(`[data-testid=question-item][data-index="${index}"]`);
    return scope.getByTestId("question-option");
  }

  /** The option button whose `data-value` is `value`. */
  option(value: string, index?: number): Locator {
    return this.options(index).and(this.root.page().locator(`[data-value="${value}"]`));
  }

  get answer(): Locator {
    return this.root.getByTestId("question-status");
  }

  /** Waits until the card says `status` (`pending`, `answered`, `cancelled`, `expired`). */
  async waitForStatus(status: string): Promise<void> {
    await having(this.root, `[data-status=${status}]`).waitFor();
  }
}

/** One subagent in the delegation tree (`subagent-entry`). */
export class SubagentEntryPart {
  readonly root: Locator;

  constructor(root: Locator) {
    this.root = root;
  }

  get task(): Locator {
    return this.root.getByTestId("subagent-task");
  }

  get outcome(): Locator {
    return this.root.getByTestId("subagent-outcome");
  }

  /** Waits until the entry says `status` (`running`, `success`, `error`, `cancelled`, `interrupted`). */
  async waitForStatus(status: string): Promise<void> {
    await having(this.root, `[data-status=${status}]`).waitFor();
  }
}

/** The files a run changed (`special-block` of type `change_report`). */
export class ChangeReportPart {
  readonly root: Locator;

  constructor(root: Locator) {
    this.root = root;
  }

  get files(): Locator {
    return this.root.getByTestId("change-file");
  }

  /** The entry of the file at `path` (relative to the project). */
  file(path: string): Locator {
    return this.files.and(this.root.page().locator(`[data-path="${path}"]`));
  }

  /** Opens a file's diff and returns each diff line as `[kind, text]`. */
  async openDiff(path: string): Promise<[string | null, string][]> {
    const file = this.file(path);
    await file.getByTestId("change-file-toggle").click();
    const diff = file.getByTestId("diff-view");
    await diff.waitFor();
    return diff
      .getByTestId("diff-line")
      .evaluateAll((lines) =>
        lines.map((line): [string | null, string] => [
          line.getAttribute("data-kind"),
          (line.textContent ?? "").replace(/\n$/, ""),
        ]),
      );
  }
}
