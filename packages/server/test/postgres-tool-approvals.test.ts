// The same tests as tool-approvals.test.ts, with the servers on PostgreSQL.
import { onPostgres } from "./support/on-postgres.ts";

await onPostgres(() => import("./tool-approvals.test.ts"));
