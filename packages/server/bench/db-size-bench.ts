/**
 * `npm run bench:db -w @parley/server`: how much disk a conversation costs. For each of two kinds of
 * conversation (short chat messages; long ones), BENCH_CHAT_MB (default 4) MB of chat text (this
 * repository's Markdown, so it compresses as prose does) goes through a real server (HTTP, SQLite file, the
 * testkit fake model): people's messages, some queued while the agent is busy, and the model's answers
 * streamed in 100-byte deltas. It prints the database
 * size (file and WAL) divided by the chat text's size, right after the chats and again once the finished
 * runs' token deltas are compacted (PARLEY_TOKEN_COMPACTION_MINUTES, an hour by default), with what each
 * table and index holds. Target (issue 18): ≤ 2.5× once compacted.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { reply, startFakeModelServer } from "@parley/testkit";
import { startParleyServer } from "../src/index.ts";
import { EventRetention } from "../src/store/event-retention.ts";

const CHAT_MB = Number(process.env.BENCH_CHAT_MB ?? 4);
const MB = 1024 * 1024;
const TURNS_PER_SESSION = 20;
const DELTA_BYTES = 100;

/** One kind of conversation: how long people's messages (plain and queued) and the model's answers are. */
interface Mix {
  name: string;
  userBytes: number;
  queuedBytes: number;
  replyBytes: number;
}
const MIXES: Mix[] = [
  {
    name: "chat (1 KB messages, 2 KB queued, 2 KB answers)",
    userBytes: 1_000,
    queuedBytes: 2_000,
    replyBytes: 2_000,
  },
  { name: "long (8 KB messages and answers)", userBytes: 8_000, queuedBytes: 8_000, replyBytes: 8_000 },
];

/** Real prose to send: this repository's Markdown (the text compresses as chat text does, not better). */
const here = dirname(fileURLToPath(import.meta.url));
const corpus = markdownUnder(join(here, "../../..")).join("\n\n");
let offset = 0;
function prose(bytes: number): string {
  if (offset + bytes > corpus.length) offset = 0;
  const text = corpus.slice(offset, offset + bytes);
  offset += bytes;
  return text;
}
function markdownUnder(folder: string): string[] {
  const texts: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) texts.push(...markdownUnder(path));
    else if (entry.name.endsWith(".md")) texts.push(readFileSync(path, "utf8"));
  }
  return texts;
}

async function measure(mix: Mix): Promise<void> {
  let chatBytes = 0;
  const root = mkdtempSync(join(tmpdir(), "parley-db-bench-"));
  mkdirSync(join(root, "project"));
  const fake = await startFakeModelServer();
  const script = () => {
    const builder = reply();
    for (let sent = 0; sent < mix.replyBytes; sent += DELTA_BYTES) {
      const delta = prose(DELTA_BYTES);
      chatBytes += Buffer.byteLength(delta);
      builder.text(delta);
    }
    return builder;
  };
  const server = await startParleyServer({
    projectRoot: join(root, "project"),
    home: join(root, "home"),
    port: 0,
    env: {
      ...process.env,
      PARLEY_MODEL: "anthropic:claude-bench",
      ANTHROPIC_API_KEY: "bench",
      ANTHROPIC_BASE_URL: fake.url,
    },
  });
  const { agents, store } = server.context;
  const post = async (body: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST /api/chat: ${response.status} ${await response.text()}`);
    return (await response.json()) as { session_id: string; run_id?: string; queue_item_id?: string };
  };

  let sessionId: string | undefined;
  for (let turn = 0; chatBytes < CHAT_MB * MB; turn++) {
    if (turn % TURNS_PER_SESSION === 0) sessionId = undefined;
    const queued = turn % 5 === 1 ? 2 : 0;
    for (let index = 0; index <= queued; index++) fake.script(script());
    const text = prose(mix.userBytes);
    const started = await post({ text, ...(sessionId && { session_id: sessionId }) });
    sessionId = started.session_id;
    const waits = [agents.waitForRun(started.run_id as string)];
    for (let index = 0; index < queued; index++) {
      const extra = prose(mix.queuedBytes);
      const item = await post({ text: extra, session_id: sessionId });
      chatBytes += Buffer.byteLength(extra);
      waits.push(
        item.run_id ? agents.waitForRun(item.run_id) : agents.waitForQueueItem(item.queue_item_id as string),
      );
    }
    await Promise.all(waits);
    chatBytes += Buffer.byteLength(text);
  }
  server.context.bus.flush();

  const database = store.database;
  const file = (database as unknown as { name: string }).name;
  function diskBytes(): number {
    database.pragma("wal_checkpoint(TRUNCATE)");
    let bytes = 0;
    for (const suffix of ["", "-wal"]) {
      try {
        bytes += statSync(file + suffix).size;
      } catch {}
    }
    return bytes;
  }
  function report(label: string): void {
    const bytes = diskBytes();
    console.log(
      `${label}: database ${(bytes / MB).toFixed(1)} MB for ${(chatBytes / MB).toFixed(1)} MB of chat text: ` +
        `${(bytes / chatBytes).toFixed(2)}×`,
    );
    const rows = database
      .prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 12")
      .all() as { name: string; bytes: number }[];
    const free =
      (database.pragma("freelist_count", { simple: true }) as number) *
      (database.pragma("page_size", { simple: true }) as number);
    for (const row of rows)
      console.log(`  ${row.name.padEnd(34)} ${(row.bytes / MB).toFixed(2).padStart(7)} MB`);
    console.log(`  ${"(free pages)".padEnd(34)} ${(free / MB).toFixed(2).padStart(7)} MB`);
  }

  console.log(`\n${mix.name}`);
  report("after the chats");
  // What the background retention does an hour after the runs ended: drop their token deltas, give pages back.
  const retention = new EventRetention(
    store,
    { ...server.context.limits.retention, compactTokensAfterMs: 0 },
    () => Date.now() + 1,
  );
  await retention.pass();
  report("after token compaction");

  await server.close();
  await fake.close();
  if (process.env.BENCH_KEEP_DB) console.log(`kept ${file}`);
  else rmSync(root, { recursive: true, force: true });
}

for (const mix of MIXES) await measure(mix);
