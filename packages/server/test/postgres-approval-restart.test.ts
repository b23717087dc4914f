// The same tests as approval-restart.test.ts, with the servers on PostgreSQL.
import { onPostgres } from "./support/on-postgres.ts";

await onPostgres(() => import("./approval-restart.test.ts"));
