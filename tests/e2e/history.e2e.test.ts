/**
 * `/history` through the stand-in: a finished game is listed; a server's records page newest
 * first, ten at a time, with Older and Newest; a player's and a game's lists; the pages answer
 * privately, as Components V2; a restart between two clicks loses nothing (the cursor is in the
 * button).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameRecord } from "../../src/bot/game-record";
import { recordId } from "../../src/bot/game-record";
import type { ApiMessage } from "../../src/standin/types";
import { said } from "../helpers/message";
import { ADA, BEN, CARD_ROOM, GENERAL, Harness } from "./harness";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

/** A record of a finished game `i` (older for smaller `i`), Ada and Ben or Ben alone with a computer. */
const record = (i: number): GameRecord => ({
  format: "onexeno-game-record",
  schema: 1,
  id: recordId(1_790_000_000_000 + i * 60_000, GENERAL),
  game: i % 4 === 0 ? "onze" : "onexeno",
  config: i % 4 === 0 ? {} : { variant: "basic", hands: 1 },
  seats: [
    ...(i % 2 === 0 ? [{ userId: ADA, name: "Ada" }] : []),
    { userId: BEN, name: "Ben" },
    { userId: "cpu-1", name: "Computer 1 (normal)", computer: "normal" },
  ],
  seed: `h${i}`,
  moves: [],
  version: 0,
  openedAt: 1_790_000_000_000,
  endedAt: 1_790_000_000_000 + i * 60_000,
  ended: i === 5 ? "end" : "rules",
  outcome: i === 5 ? null : { scores: [i, 2, 3].slice(0, i % 2 === 0 ? 3 : 2), winners: [0] },
  guildId: h.standin.guildId,
  channelId: GENERAL,
});

const lines = (m: ApiMessage | null) =>
  said(m)
    .split("\n")
    .filter((l) => l.startsWith("- <t:"));

describe("/history", () => {
  it("lists a finished game, then pages a server's games newest first, a player's and a game's, across a restart", async () => {
    const sb = h.standin;
    const empty = await sb.command(ADA, CARD_ROOM, "history");
    expect(empty.original?.visibleTo).toBe(ADA);
    expect(said(empty.original)).toContain("No finished game yet");

    // A real game, closed with end after a move: listed as closed before its end.
    await sb.command(ADA, CARD_ROOM, "onexeno new", { game: "basic", hands: 1 });
    await sb.command(ADA, CARD_ROOM, "onexeno bot add", { level: "easy" });
    await sb.command(ADA, CARD_ROOM, "onexeno start");
    await h.endTable(ADA, CARD_ROOM);
    await h.until("the closed game's record", async () => (await h.bot.records.page(sb.guildId)).records.length === 1);
    const one = await sb.command(BEN, CARD_ROOM, "history");
    expect(((one.original?.flags ?? 0) & (1 << 15)) !== 0).toBe(true);
    expect(lines(one.original)).toHaveLength(1);
    expect(lines(one.original)[0]).toMatch(/\*\*ONEXENO basic\*\* · Ada · 🤖 Computer 1 \(easy\) · closed before its end · <#\d+>/);

    for (let i = 0; i < 23; i++) await h.bot.records.add(record(i));
    const first = (await sb.command(BEN, GENERAL, "history")).original!;
    expect(said(first)).toContain("### Games in this server");
    expect(lines(first)).toHaveLength(10);
    // Newest recorded first: the 23 added after the real game come before it.
    expect(lines(first)[0]).toMatch(/\*\*ONEXENO basic\*\* · \*\*Ada 22\*\* · Ben 2 · 🤖 Computer 1 \(normal\) 3/);
    expect(lines(first).join("\n")).toContain("**Onze**");
    const firstLines = lines(first); // each click updates this same private message in place

    // Older, across a restart: the cursor is in the button.
    await h.stopBot();
    await h.startBot();
    const second = (await sb.click(BEN, first, older(first))).original!;
    expect(lines(second)).toHaveLength(10);
    expect(said(second)).toContain("(older)");
    const secondLines = lines(second);
    expect(lines(second).join("\n")).toContain("closed before its end"); // game 5
    const third = (await sb.click(BEN, second, older(second))).original!;
    expect(lines(third)).toHaveLength(4);
    expect(lines(third).at(-1)).toContain(`<#${CARD_ROOM}>`);
    const all = [...firstLines, ...secondLines, ...lines(third)];
    expect(new Set(all).size).toBe(24);
    expect(disabled(third, "Older ▶")).toBe(true);
    const back = (await sb.click(BEN, third, newest(third))).original!;
    expect(lines(back)).toEqual(firstLines);
    expect(disabled(back, "Newest")).toBe(true);

    // Ada's games only (the even ones and the real game), and Onze only.
    const ada = (await sb.command(BEN, GENERAL, "history", { user: ADA })).original!;
    expect(said(ada)).toContain("### Ada's games");
    expect(lines(ada)).toHaveLength(10);
    expect(lines(ada).every((l) => l.includes("Ada"))).toBe(true);
    const adaOlder = (await sb.click(BEN, ada, older(ada))).original!;
    expect(said(adaOlder)).toContain("### Ada's games (older)");
    expect(lines(adaOlder)).toHaveLength(3); // 12 even games + the real one = 13
    const onze = (await sb.command(ADA, GENERAL, "history", { game: "onze" })).original!;
    expect(lines(onze)).toHaveLength(6);
    expect(lines(onze).every((l) => l.includes("**Onze**"))).toBe(true);
    expect(h.clientErrorsSince(0)).toEqual([]);
    expect(h.log.errors).toEqual([]);
  });
});

function button(m: ApiMessage, label: string): { custom_id: string; disabled?: boolean } {
  const walk = (cs: readonly Record<string, unknown>[]): Record<string, unknown>[] =>
    cs.flatMap((c) => [c, ...walk((c.components as Record<string, unknown>[] | undefined) ?? [])]);
  const b = walk(m.components).find((c) => c.type === 2 && c.label === label);
  if (!b) throw new Error(`no ${label} button`);
  return b as { custom_id: string; disabled?: boolean };
}
const older = (m: ApiMessage) => button(m, "Older ▶").custom_id;
const newest = (m: ApiMessage) => button(m, "Newest").custom_id;
const disabled = (m: ApiMessage, label: string) => button(m, label).disabled === true;
