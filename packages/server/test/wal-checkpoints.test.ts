import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { Store } from "../src/store/store.ts";

const MB = 1024 * 1024;

describe("checkpoints of the SQLite log run off the event loop", () => {
  const folders: string[] = [];
  const stores: Store[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const openStore = () => {
    const folder = mkdtempSync(join(tmpdir(), "parley-checkpoints-"));
    folders.push(folder);
    const file = join(folder, "parley.db");
    const store = new Store(file);
    stores.push(store);
    store.database.exec("CREATE TABLE scratch (body BLOB)");
    return { store, file };
  };
  const insert = (store: Store, bytes: number) =>
    store.transaction(() => store.database.prepare("INSERT INTO scratch VALUES (randomblob(?))").run(bytes));

  it("a commit far below the serving connection's own checkpoint size still reaches the database file", async () => {
    const { store, file } = openStore();
    insert(store, 1 * MB);
    // The serving connection checkpoints only past 16 MB of WAL; the worker copies this megabyte on its own.
    // The wait is for the worker thread, not a measure of its speed.
    for (let waited = 0; statSync(file).size < 1 * MB && waited < 20_000; waited += 20) await sleep(20);
    expect(statSync(file).size).toBeGreaterThanOrEqual(1 * MB);
  });

  it("the WAL stays within its bound while units of work commit without a pause", () => {
    const { store, file } = openStore();
    let largest = 0;
    for (let written = 0; written < 64 * MB; written += 256 * 1024) {
      insert(store, 256 * 1024);
      largest = Math.max(largest, statSync(`${file}-wal`).size);
    }
    // 32 MB, plus the transaction that crossed it (its pages and their frame headers).
    console.log("LARGEST", largest / MB);
    expect(largest).toBeLessThan(33 * MB);
  });

  it("closing the store stops the worker first, so the WAL is folded in and removed", () => {
    const { store, file } = openStore();
    insert(store, 64 * 1024);
    stores.pop();
    store.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(statSync(file).size).toBeGreaterThanOrEqual(64 * 1024);
  });
});
