import type { ChatMessage, MessageCard } from "@parley/sdk";
import { sampleProjectTree, sampleStructureFields } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { TranscriptPrinter } from "./transcript-printer.ts";

const at = "2026-11-26T10:00:00.000Z";

function user(id: string, text: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { id, role: "user", text, timestamp: at, ...extra };
}

function turn(id: string, text: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    runId: id,
    role: "agent",
    text,
    timestamp: at,
    segments: [{ id: `${id}-text`, text, streaming: extra.isGenerating === true }],
    partOrder: [`${id}-text`],
    ...extra,
  };
}

function printedText(printer: TranscriptPrinter, messages: ChatMessage[]): string[] {
  return printer
    .plan(messages)
    .print.map((block) => (block.kind === "markdown" ? block.token.raw.trim() : block.kind));
}

describe("what the transcript writes for good and what stays live", () => {
  it("writes the closed blocks of a streaming answer once, keeps the growing block live, and writes it when done", () => {
    const printer = new TranscriptPrinter();
    const question = user("u1", "Explain");
    const first = printer.plan([
      question,
      turn("r1", "First paragraph.\n\nSecond para", { isGenerating: true }),
    ]);
    expect(first.print.map((block) => block.kind)).toEqual(["user", "markdown"]);
    expect(first.live.map((block) => block.kind)).toEqual(["markdown", "progress"]);

    const more = printer.plan([
      question,
      turn("r1", "First paragraph.\n\nSecond paragraph grows", { isGenerating: true }),
    ]);
    expect(more.print).toEqual([]);

    const done = printedText(printer, [question, turn("r1", "First paragraph.\n\nSecond paragraph grows.")]);
    expect(done).toEqual(["Second paragraph grows."]);
  });

  it("never writes a block twice, whatever is planned again", () => {
    const printer = new TranscriptPrinter();
    const messages = [user("u1", "Hi"), turn("r1", "Hello.\n\nHow can I help?")];
    expect(printedText(printer, messages)).toEqual(["user", "Hello.", "How can I help?"]);
    expect(printer.plan(messages).print).toEqual([]);
    expect(printer.plan([...messages]).print).toEqual([]);
  });

  it("never calls a written answer empty when the same turn comes again as a new object (a reload after it)", () => {
    const printer = new TranscriptPrinter();
    expect(printedText(printer, [user("u1", "Hi"), turn("r1", "Hello.")])).toEqual(["user", "Hello."]);
    expect(printer.plan([user("u1", "Hi"), turn("r1", "Hello.")]).print).toEqual([]);
  });

  it("holds later messages until the turn before them can no longer change, keeping their order", () => {
    const printer = new TranscriptPrinter();
    const running = turn("r1", "Working on it.\n\nStill", { isGenerating: true });
    const plan = printer.plan([user("u1", "Go"), running, user("u2", "Also this")]);
    expect(plan.print.map((block) => block.kind)).toEqual(["user", "markdown"]);
    expect(plan.live.map((block) => block.kind)).toEqual(["markdown", "progress", "user"]);
  });

  it("says so and prints the new text when a retried model request restarts an answer already partly written", () => {
    const printer = new TranscriptPrinter();
    printer.plan([turn("r1", "Old start.\n\nmore", { isGenerating: true })]);
    const restarted = printer.plan([turn("r1", "New start.\n\nmore", { isGenerating: true })]);
    expect(
      restarted.print.map((block) => (block.kind === "markdown" ? block.token.raw.trim() : block.kind)),
    ).toEqual(["restarted", "New start."]);
  });

  it("does not write a message again when a reload shows its text as a card", () => {
    const printer = new TranscriptPrinter();
    printer.plan([turn("r1", "A report.")]);
    const card: MessageCard = { id: "r1-text", rich: { kind: "Text", data: { text: "A report." } } };
    const reloaded: ChatMessage = {
      id: "r1",
      runId: "r1",
      role: "agent",
      text: "",
      timestamp: at,
      cards: [card],
      partOrder: ["r1-text"],
    };
    expect(printer.plan([reloaded]).print).toEqual([]);
  });

  it("adds one line when a question printed while it waited is answered later (in a browser, say)", () => {
    const printer = new TranscriptPrinter();
    const question = (status: string, answers?: string[][]): MessageCard => ({
      id: "q1",
      rich: {
        kind: "Question",
        data: {
          question: "Which?",
          question_id: "ask-1",
          options: [{ label: "A", value: "a" }],
          status,
          ...(answers && { answers }),
        },
      },
    });
    const waiting = {
      ...turn("r1", "Let me ask."),
      cards: [question("pending")],
      partOrder: ["r1-text", "q1"],
    };
    expect(printer.plan([waiting]).print.map((block) => block.kind)).toEqual(["markdown", "card"]);

    const answered = { ...waiting, cards: [question("answered", [["a"]])] };
    const update = printer.plan([answered]).print;
    expect(update.map((block) => block.kind)).toEqual(["settled"]);
    expect(printer.plan([answered]).print).toEqual([]);
  });

  it("opens a long session with its latest messages only", () => {
    const printer = new TranscriptPrinter();
    const messages = Array.from({ length: 5000 }, (_, index) =>
      index % 2 === 0 ? user(`u${index}`, `question ${index}`) : turn(`r${index}`, `answer ${index}`),
    );
    const plan = printer.plan(messages, 30);
    expect(printer.skipped).toBe(4970);
    expect(plan.print.filter((block) => block.kind === "user")).toHaveLength(15);
  });

  it("writes a project structure the person shared as a card after their words", () => {
    const printer = new TranscriptPrinter();
    const structure = {
      kind: "ProjectStructure" as const,
      data: { ...sampleStructureFields, structure_type: "tree" as const, content: sampleProjectTree },
    };
    const plan = printer.plan([user("u1", "Look at this", { attachments: [structure] })]);
    expect(plan.print.map((block) => block.kind)).toEqual(["user", "card"]);
    const card = plan.print[1];
    expect(card?.kind === "card" ? card.card.rich : undefined).toEqual(structure);
  });
});
