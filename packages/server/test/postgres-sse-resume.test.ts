// The same tests as sse-resume.test.ts, with the servers on PostgreSQL.
import { onPostgres } from "./support/on-postgres.ts";

await onPostgres(() => import("./sse-resume.test.ts"));
