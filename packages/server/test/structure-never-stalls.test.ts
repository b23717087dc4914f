import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import {
  ChatResponseSchema,
  type DependencyGraph,
  type MessageParam,
  ProjectStructureMessageSchema,
} from "@parley/protocol";
import { deepNpmLockfile, reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeResponse, modelRequest } from "./support/api-checks.ts";
import { waitForOutcome } from "./support/server-events.ts";
import type { TestServer } from "./support/test-server.ts";
import { useTestServer } from "./support/use-test-server.ts";

/**
 * The longest the event loop may stall while a crafted lockfile is read, in milliseconds. Generous, so a
 * loaded machine's scheduling never reaches it; resolving this lockfile on the event loop took minutes.
 */
const STALL_BOUND_MS = 5_000;

/** Runs `work` while measuring the event loop's longest delay and probing `GET /api/health` beside it. */
async function whileProbing<T>(
  server: TestServer,
  work: () => Promise<T>,
): Promise<{ result: T; longestStallMs: number; healthAnswers: number; healthFailures: number }> {
  const delay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let running = true;
  let healthAnswers = 0;
  let healthFailures = 0;
  // Started before the work, so at least one probe waits on the loop while the lockfile is read.
  const probe = (async () => {
    do {
      // A loop stalled for long enough resets the probe's connection: that counts as a failure.
      const response = await server.request("GET", "/api/health", { auth: false }).catch(() => undefined);
      if (response?.ok) healthAnswers++;
      else healthFailures++;
      await response?.arrayBuffer();
      await sleep(5);
    } while (running);
  })();
  try {
    const result = await work();
    running = false;
    await probe;
    return { result, longestStallMs: delay.max / 1e6, healthAnswers, healthFailures };
  } finally {
    running = false;
    await probe.catch(() => {});
    delay.disable();
  }
}

function requiresOfDeepest(graph: DependencyGraph): string[] {
  const labels = new Map(graph.dependencies.map((found) => [found.id, `${found.name}@${found.version}`]));
  const deepest = graph.dependencies.find((dependency) => dependency.name === "p1999");
  return (deepest?.depends_on ?? []).map((id) => labels.get(id) ?? id);
}

describe("a crafted package-lock.json never stalls the server", { timeout: 180_000 }, () => {
  const server = useTestServer();
  beforeAll(async () => {
    // The security report's shape, scaled up: 2,000 folders deep, 1,000 requirements (93 KB).
    const lockfile = deepNpmLockfile({ depth: 2_000, requirements: 1_000 });
    writeFileSync(join(server.server.context.projectRoot, "package-lock.json"), lockfile);
  });

  it("keeps answering /api/health while GET /api/workspace/structure reads it, and resolves it correctly", async () => {
    const probed = await whileProbing(server, async () =>
      decodeResponse(
        await server.request("GET", "/api/workspace/structure?type=dependencies"),
        ProjectStructureMessageSchema,
      ),
    );
    expect(probed.longestStallMs).toBeLessThan(STALL_BOUND_MS);
    expect(probed.healthAnswers).toBeGreaterThan(0);
    expect(probed.healthFailures).toBe(0);
    const structure = probed.result.data;
    if (structure.structure_type !== "dependencies") throw new Error("expected dependencies");
    expect(structure.problems).toBeUndefined();
    const required = requiresOfDeepest(structure.content);
    expect(required).toHaveLength(1_001);
    expect(required).toEqual(expect.arrayContaining(["d0@1.0.0", "d999@1.0.0", "shadow@2.0.0"]));
  });

  it("keeps answering /api/health while the agent's ProjectStructure tool reads it, with no approval asked", async () => {
    const events = await server.events();
    server.fake.script(
      reply().toolCall("ProjectStructure", { type: "dependencies" }, { id: "toolu_crafted" }),
      reply().text("Read it."),
    );
    const probed = await whileProbing(server, async () => {
      const chat = await decodeResponse(
        await server.request("POST", "/api/chat", { body: { text: "What does this project depend on?" } }),
        ChatResponseSchema,
      );
      return { chat, outcome: await waitForOutcome(events, chat.run_id as string) };
    });
    await events.close();
    expect(probed.longestStallMs).toBeLessThan(STALL_BOUND_MS);
    expect(probed.healthAnswers).toBeGreaterThan(0);
    expect(probed.result.outcome.outcome).toBe("success");
    const toolResult = JSON.stringify((modelRequest(server, -1).messages as MessageParam[]).at(-1));
    expect(toolResult).toContain("- p1999 1.0.0 [npm]");
    const cards = server.server.context.store.messages
      .all(probed.result.chat.session_id)
      .filter((message) => message.rich.kind === "ProjectStructure");
    const card = ProjectStructureMessageSchema.parse(cards[0]?.rich);
    if (card.data.structure_type !== "dependencies") throw new Error("expected dependencies");
    expect(requiresOfDeepest(card.data.content)).toHaveLength(1_001);
  });
});
