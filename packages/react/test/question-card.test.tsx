import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { questionCard, renderTurns, turnWith } from "./support/card-fixtures.tsx";

const options = () => screen.getAllByTestId("question-option") as HTMLButtonElement[];

describe("QuestionMessageCard", () => {
  it("shows one button per option with its description, the default marked, styled by severity", () => {
    renderTurns([turnWith([questionCard()])]);
    const card = screen.getByTestId("question-card");
    expect(card.dataset).toMatchObject({ severity: "critical", status: "pending", questionId: "q_1" });
    expect(card.className).toContain("question-severity-critical");
    expect(screen.getByTestId("question-severity").textContent).toBe("Critical");
    expect(screen.getByTestId("question-text").textContent).toBe("Which database should the service use?");
    expect(screen.getByTestId("question-context").textContent).toBe("The service runs on one machine today.");
    expect(options().map((option) => [option.dataset.value, option.dataset.default])).toEqual([
      ["SQLite", "true"],
      ["PostgreSQL", undefined],
    ]);
    expect(options()[1]?.textContent).toContain("A server, for many writers");
    expect(screen.getByTestId("question-option-default").textContent).toBe("Suggested");
  });

  it("styles a major question orange and a minor one as any card", () => {
    renderTurns([
      turnWith([
        questionCard({
          severity: undefined,
          questions: [{ question: "A?", options: [{ label: "x", value: "x" }], severity: "major" }],
        }),
      ]),
      turnWith([questionCard({ severity: "minor", questions: undefined }, "msg_question_2")], {
        id: "run_2",
      }),
    ]);
    const [major, minor] = screen.getAllByTestId("question-card");
    expect(major?.dataset.severity).toBe("major");
    expect(major?.className).toContain("question-severity-major");
    expect(minor?.dataset.severity).toBe("minor");
  });

  it("answers with one click, then disables the buttons and shows the answer", async () => {
    const { store } = renderTurns([turnWith([questionCard()])]);
    await userEvent.click(options()[1] as HTMLButtonElement);
    expect(store.callsOf("answerQuestion")).toEqual([["q_1", ["PostgreSQL"]]]);
    expect(screen.getByTestId("question-card").dataset.status).toBe("answered");
    expect(options().every((option) => option.disabled)).toBe(true);
    expect(options().map((option) => option.dataset.chosen)).toEqual(["false", "true"]);
    expect(screen.getByTestId("question-status").textContent).toContain("Answered: PostgreSQL");
  });

  it("shows an answer given in another tab the same way", () => {
    renderTurns([turnWith([questionCard({ status: "answered", answers: ["SQLite"] })])]);
    expect(options().every((option) => option.disabled)).toBe(true);
    expect(screen.getByTestId("question-status").textContent).toContain("Answered: SQLite");
  });

  it("takes several options of a multi-select question with Submit, the defaults preselected", async () => {
    const question = {
      question: "Which platforms?",
      options: ["Linux", "macOS", "Windows"].map((label) => ({ label, value: label })),
      multi_select: true,
      default: ["Linux"],
    };
    const { store } = renderTurns([
      turnWith([questionCard({ ...question, questions: [question], severity: undefined })]),
    ]);
    expect(options().map((option) => option.getAttribute("aria-pressed"))).toEqual([
      "true",
      "false",
      "false",
    ]);
    await userEvent.click(options()[1] as HTMLButtonElement);
    await userEvent.click(screen.getByTestId("question-submit"));
    expect(store.callsOf("answerQuestion")).toEqual([["q_1", [["Linux", "macOS"]]]]);
  });

  it("takes a free-text answer where the question allows one", async () => {
    const question = { question: "Anything else?", options: [], allow_free_text: true };
    const { store } = renderTurns([
      turnWith([
        questionCard({ ...question, questions: [question], severity: undefined, default: undefined }),
      ]),
    ]);
    expect((screen.getByTestId("question-free-text-send") as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByTestId("question-free-text"), "Ship on Friday.{Enter}");
    expect(store.callsOf("answerQuestion")).toEqual([["q_1", ["Ship on Friday."]]]);
    expect(screen.getByTestId("question-status").textContent).toContain("Answered: Ship on Friday.");
  });

  it("answers several questions together once each has an answer", async () => {
    const platforms = {
      question: "Which platforms?",
      options: [{ label: "Linux", value: "linux" }],
      multi_select: true,
    };
    const notes = { question: "Anything else?", options: [], allow_free_text: true };
    const { store } = renderTurns([
      turnWith([
        questionCard({
          ...platforms,
          questions: [platforms, notes],
          severity: undefined,
          default: undefined,
        }),
      ]),
    ]);
    const submit = screen.getByTestId("question-submit") as HTMLButtonElement;
    expect(screen.getAllByTestId("question-item")).toHaveLength(2);
    await userEvent.click(options()[0] as HTMLButtonElement);
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("question-free-text"), { target: { value: "Ship it" } });
    await userEvent.click(submit);
    expect(store.callsOf("answerQuestion")).toEqual([["q_1", [["linux"], "Ship it"]]]);
  });

  it("says when a question was withdrawn because its run stopped", () => {
    renderTurns([turnWith([questionCard({ status: "cancelled" })])]);
    expect(screen.getByTestId("question-status").textContent).toContain("Withdrawn");
    expect(options().every((option) => option.disabled)).toBe(true);
  });

  it("answers a question written in text by sending the answer as the next message", async () => {
    const block = {
      type: "ask_user",
      question: "Deploy now?",
      options: [{ label: "Yes, deploy", value: "deploy" }],
    };
    const { store } = renderTurns([
      turnWith([], { segments: [{ id: "s1", text: JSON.stringify(block), streaming: false }] }),
    ]);
    expect(screen.getByTestId("special-block").dataset.blockType).toBe("ask_user");
    await userEvent.click(options()[0] as HTMLButtonElement);
    expect(store.callsOf("sendMessage")).toEqual([["Yes, deploy"]]);
    expect(screen.getByTestId("question-status").textContent).toContain("Answered: Yes, deploy");
  });
});
