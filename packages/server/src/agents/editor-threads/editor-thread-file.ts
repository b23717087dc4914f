import { readFile, stat } from "node:fs/promises";
import { lazySchema } from "@parley/protocol";
import { z } from "zod";
import { EDITOR_THREAD_MARK, threadFileHead } from "./editor-thread-head.ts";

/** Larger thread files are left out: reading one would hold the server for too long. */
const MAX_THREAD_FILE_BYTES = 32 * 1024 * 1024;

/**
 * An editor's thread as `parley acp` keeps it (`PARLEY_HOME/cli-sessions/<id>.json`, the shape `parley run`
 * keeps its conversations in, `origin: "acp"`): its project and its Anthropic-format history.
 */
export const EditorThreadFileSchema = lazySchema(() =>
  z.looseObject({
    session_id: z.string().regex(/^[\w-]{1,100}$/),
    cwd: z.string(),
    updated_at_ms: z.number(),
    origin: z.literal("acp"),
    history: z.array(z.looseObject({ role: z.enum(["user", "assistant"]), content: z.unknown() })),
  }),
);
export type EditorThreadFile = z.infer<typeof EditorThreadFileSchema>;

/**
 * The editor thread in a file: "gone" when there is no such file; undefined when it is unreadable, too
 * large or not an editor's thread (a `parley run` conversation).
 */
export async function readEditorThread(file: string): Promise<EditorThreadFile | "gone" | undefined> {
  try {
    if ((await stat(file)).size > MAX_THREAD_FILE_BYTES) return undefined;
    // `parley acp` writes `origin` before the history: a `parley run` conversation is left unread.
    if (!(await threadFileHead(file)).includes(EDITOR_THREAD_MARK)) return undefined;
    const parsed = EditorThreadFileSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "gone" : undefined;
  }
}
