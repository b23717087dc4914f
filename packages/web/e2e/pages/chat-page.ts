import type { BrowserContext, Locator, Page } from "playwright-core";
import {
  ApprovalCardPart,
  ChangeReportPart,
  PlanCardPart,
  QuestionCardPart,
  SubagentEntryPart,
} from "./cards.ts";

/** What a message's `data-phase` says about an agent turn. */
export type AgentPhase = "thinking" | "working" | "streaming" | "done";

/** The connection indicator's states (`data-status`). */
export type ConnectionState =
  | "connecting"
  | "connected"
  | "reconnecting"
  | "resyncing"
  | "offline"
  | "signed-out";

/**
 * The chat screen as a person uses it, through the UI's `data-testid` hooks (packages/web/README.md): sign
 * in with the one-time link, type and send, watch agent turns, the queue, the session list.
 */
export class ChatPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** Opens a tab in `context` and signs it in with a one-time link, as a person would from the terminal. */
  static async signIn(context: BrowserContext, loginUrl: string): Promise<ChatPage> {
    const chat = new ChatPage(await context.newPage());
    await chat.page.goto(loginUrl);
    await chat.waitForConnection("connected");
    return chat;
  }

  get composer(): Locator {
    return this.page.getByTestId("composer");
  }

  get sendButton(): Locator {
    return this.page.getByTestId("send");
  }

  get stopButton(): Locator {
    return this.page.getByTestId("stop");
  }

  get connection(): Locator {
    return this.page.getByTestId("connection-indicator");
  }

  get queueItems(): Locator {
    return this.page.getByTestId("queue-item");
  }

  get sessionItems(): Locator {
    return this.page.getByTestId("session-item");
  }

  get approvalCards(): Locator {
    return this.page.getByTestId("approval-card");
  }

  /** An approval card (the last one unless `index` says which; negative counts from the end). */
  approval(index = -1): ApprovalCardPart {
    return new ApprovalCardPart(this.approvalCards.nth(index));
  }

  get planCards(): Locator {
    return this.page.getByTestId("plan-card");
  }

  /** A plan card (the last one unless `index` says which). */
  plan(index = -1): PlanCardPart {
    return new PlanCardPart(this.planCards.nth(index));
  }

  get questionCards(): Locator {
    return this.page.getByTestId("question-card");
  }

  /** A question card (the last one unless `index` says which). */
  question(index = -1): QuestionCardPart {
    return new QuestionCardPart(this.questionCards.nth(index));
  }

  /** A subagent of the delegation tree (the last one unless `index` says which). */
  subagent(index = -1): SubagentEntryPart {
    return new SubagentEntryPart(this.page.getByTestId("subagent-entry").nth(index));
  }

  /** The change report of the last agent turn that has one. */
  changeReport(): ChangeReportPart {
    return new ChangeReportPart(
      this.page.locator("[data-testid=special-block][data-block-type=change_report]").last(),
    );
  }

  /** Picks the agent's permission mode in the chat header and waits until the selector shows it. */
  async choosePermissionMode(mode: string): Promise<void> {
    await this.page.getByTestId("permission-mode-select").selectOption(mode);
    // The selector is controlled by the store: it shows the new mode once the server has confirmed it.
    await this.page.waitForFunction(
      (expected) =>
        (document.querySelector("[data-testid=permission-mode-select]") as HTMLSelectElement | null)
          ?.value === expected,
      mode,
    );
  }

  /** The conversation's messages, optionally of one role, in order. */
  messages(role?: "user" | "agent"): Locator {
    const all = this.page.locator("[data-testid=message]");
    return role === undefined ? all : all.and(this.page.locator(`[data-role=${role}]`));
  }

  /** Types `text` into the message box and presses Enter (sends, or queues while the agent works). */
  async send(text: string): Promise<void> {
    await this.composer.fill(text);
    await this.composer.press("Enter");
  }

  async waitForConnection(status: ConnectionState): Promise<void> {
    await this.page.locator(`[data-testid=connection-indicator][data-status=${status}]`).waitFor();
  }

  /** The session id in the address bar (`/sessions/:id`), once the page has one. */
  sessionIdFromUrl(): string | undefined {
    return /\/sessions\/([^/?#]+)/.exec(new URL(this.page.url()).pathname)?.[1];
  }

  /** Opens a session from the sidebar by its title. */
  async openSession(title: string): Promise<void> {
    const item = this.sessionItems.filter({ has: this.page.getByTestId("session-title").getByText(title) });
    await item.getByTestId("session-open").click();
    await this.page
      .locator("[data-testid=session-item][data-active=true]")
      .filter({ hasText: title })
      .waitFor();
  }

  /** The visible text of an agent turn's segments (the last turn unless `index` says which). */
  async agentText(index = -1): Promise<string> {
    return (await this.page.evaluate(agentTextWhen, { index })) || "";
  }

  /** Waits until an agent turn's text is exactly `expected`; a timeout reports what it showed instead. */
  async waitForAgentText(expected: string, index = -1): Promise<void> {
    await this.#waitForText({ index, equals: expected }, `to read ${JSON.stringify(expected)}`);
  }

  /** Waits until an agent turn's text contains `fragment` (what streamed so far). */
  async waitForAgentTextContaining(fragment: string, index = -1): Promise<void> {
    await this.#waitForText({ index, contains: fragment }, `to contain ${JSON.stringify(fragment)}`);
  }

  /** Waits until an agent turn shows `phase` (`data-phase`) and returns its locator. */
  async waitForAgentPhase(phase: AgentPhase, index = -1): Promise<Locator> {
    const turn = this.messages("agent").nth(index);
    await this.page.locator(`[data-testid=message][data-phase=${phase}]`).and(turn).waitFor();
    return turn;
  }

  async #waitForText(query: AgentTextQuery, what: string): Promise<void> {
    try {
      await this.page.waitForFunction(agentTextWhen, query);
    } catch (error) {
      const actual = await this.agentText(query.index);
      const reason = (error as Error).message.split("\n")[0];
      throw new Error(
        `waited for agent turn ${query.index} ${what}; it reads ${JSON.stringify(actual)} (${reason})`,
      );
    }
  }
}

/** Which agent turn to read (negative counts from the end) and what its text must be. */
interface AgentTextQuery {
  index: number;
  equals?: string;
  contains?: string;
}

/**
 * Runs in the page (Playwright sends its source, so it names nothing outside itself; a function rather than
 * an expression string, which the page's CSP would refuse to evaluate): the text of an agent turn's rendered
 * segments when it satisfies the query, else false.
 */
function agentTextWhen({ index, equals, contains }: AgentTextQuery): string | false {
  const turns = document.querySelectorAll("[data-testid=message][data-role=agent]");
  const turn = turns[index < 0 ? turns.length + index : index];
  const segments = turn === undefined ? [] : Array.from(turn.querySelectorAll("[data-testid=segment]"));
  const text = segments.map((segment) => segment.textContent ?? "").join("");
  if (equals !== undefined && text !== equals) return false;
  if (contains !== undefined && !text.includes(contains)) return false;
  return text;
}
