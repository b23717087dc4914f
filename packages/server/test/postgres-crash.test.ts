// The same tests as crash.test.ts, with the servers on PostgreSQL.
import { onPostgres } from "./support/on-postgres.ts";

await onPostgres(() => import("./crash.test.ts"));
