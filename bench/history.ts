/**
 * `/history` with 100,000 stored game records in one server, on the embedded SQLite store
 * (src/bot/game-records.ts): how long the first page takes (target ≤ 50 ms), a page deep in the
 * list, a player's first page and a game-filtered first page. Prints its figures; never a test.
 * Run: `npm run bench:history` (loading the records takes a minute or two).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type GameRecord, recordId } from "../src/bot/game-record.ts";
import { GameRecords, type RecordsEntry } from "../src/bot/game-records.ts";
import { openStore } from "../src/store/store.ts";

const N = Number(process.env.HISTORY_RECORDS ?? 100_000);
const GUILD = "400000000000000001";
const PLAYERS = Array.from({ length: 200 }, (_, i) => `1000000000000${String(i).padStart(5, "0")}`);

function record(i: number): GameRecord {
  const a = PLAYERS[i % PLAYERS.length] as string;
  const b = PLAYERS[(i * 7 + 3) % PLAYERS.length] as string;
  return {
    format: "onexeno-game-record",
    schema: 1,
    id: recordId(1_700_000_000_000 + i * 1000, `2000000000000${i % 50}`),
    game: ["onexeno", "canasta", "onze", "cardeno"][i % 4] as string,
    config: {},
    seats: [
      { userId: a, name: `P${a.slice(-3)}` },
      { userId: b, name: `P${b.slice(-3)}` },
      { userId: "cpu-1", name: "Computer 1 (normal)", computer: "normal" },
    ],
    seed: `b${i}`,
    moves: Array.from({ length: 40 }, (_, k) => ({ seat: k % 3, move: { kind: "place", card: k, x: k % 5, y: 2, rot: 0 } })),
    version: 40,
    openedAt: 1_700_000_000_000 + i * 1000 - 600_000,
    endedAt: 1_700_000_000_000 + i * 1000,
    ended: "rules",
    outcome: { scores: [i % 30, 12, 7], winners: [0] },
    guildId: GUILD,
    channelId: `2000000000000${i % 50}`,
  };
}

async function timed(runs: number, fn: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((x, y) => x - y);
  return { median: ms[Math.floor(runs / 2)] as number, p95: ms[Math.floor(runs * 0.95)] as number };
}

const dir = mkdtempSync(join(tmpdir(), "history-bench-"));
try {
  const store = await openStore<RecordsEntry>(`sqlite://${join(dir, "records.sqlite")}`, "records");
  const records = new GameRecords(store);
  const t0 = performance.now();
  for (let i = 0; i < N; i += 5000) await records.addMany(Array.from({ length: Math.min(5000, N - i) }, (_, k) => record(i + k)));
  console.log(`loaded ${N.toLocaleString("en")} records in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // A cursor deep in the list: walk 40 pages once.
  let deep: string | null = null;
  for (let p = 0; p < 40; p++) deep = (await records.page(GUILD, { limit: 25, after: deep })).next;
  const rows = [
    ["first page (10)", await timed(30, () => records.page(GUILD, { limit: 10 }))],
    ["page 41 (25 a page)", await timed(30, () => records.page(GUILD, { limit: 25, after: deep }))],
    ["a player's first page", await timed(30, () => records.page(GUILD, { limit: 10, userId: PLAYERS[17] }))],
    ["first page of one game", await timed(30, () => records.page(GUILD, { limit: 10, game: "onze" }))],
  ] as const;
  // Cold: a fresh store handle (as after a restart), whose read cache is empty: one first page.
  await store.close();
  const fresh = await openStore<RecordsEntry>(`sqlite://${join(dir, "records.sqlite")}`, "records");
  const cold = await timed(1, () => new GameRecords(fresh).page(GUILD, { limit: 10 }));
  await fresh.close();
  console.log(`the store keeps a read cache: rows below are warm; cold first page ${cold.median.toFixed(2)} ms (target ≤ 50 ms)`);
  for (const [what, { median, p95 }] of rows)
    console.log(
      `${what.padEnd(24)} median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target ≤ 50 ms)${median > 50 ? " MISS" : ""}`,
    );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
