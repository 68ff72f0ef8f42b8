/**
 * `/history` and `/replay` through the stand-in: a finished game is listed; a server's records
 * page newest first, ten at a time, with Older and Newest; a player's and a game's lists; the
 * pages answer privately, as Components V2; a restart between two clicks loses nothing (the
 * cursor is in the button). A finished game replays step by step and posts its animation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameRecord } from "../../src/bot/game-record.ts";
import { recordId } from "../../src/bot/game-record.ts";
import type { ApiMessage } from "../../src/standin/types.ts";
import { said } from "../helpers/message.ts";
import { showGif } from "../helpers/gif.ts";
import { END_MS } from "../../commands/replay-animation.ts";
import { ADA, BEN, CARD_ROOM, CLEO, GENERAL, Harness, THREAD } from "./harness.ts";

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
    // With the scores it stood at when closed, as the closing message said them (issue 63).
    expect(lines(one.original)[0]).toMatch(
      /\*\*ONEXENO basic\*\* · Ada · 🤖 Computer 1 \(easy\) · closed before its end \(Scores as they stand: Ada 0 · Computer 1 \(easy\) 0\.\) · <#\d+>/,
    );

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
    // In the reader's language: Ben reads Ada's games in German, the paging in German too.
    sb.setLocale({ user: BEN }, "de");
    const german = (await sb.command(BEN, GENERAL, "history", { user: ADA })).original!;
    expect(said(german)).toContain("### Spiele von Ada");
    expect(lines(german)).toHaveLength(10);
    expect(JSON.stringify(german.components)).toContain("Ältere ▶");
    expect(said((await sb.click(BEN, german, button(german, "Ältere ▶").custom_id)).original!)).toContain("### Spiele von Ada (ältere)");
    sb.setLocale({ user: BEN }, "en-US");
    expect(h.clientErrorsSince(0)).toEqual([]);
    expect(h.log.errors).toEqual([]);
  });
});

describe("/replay", () => {
  it("shows a finished game's last position, steps through it with the buttons across a restart, and refuses an unknown game", async () => {
    const sb = h.standin;
    await sb.command(ADA, THREAD, "onexeno new", { game: "basic", hands: 1 });
    await sb.command(ADA, THREAD, "onexeno bot add", { level: "easy" });
    await sb.command(ADA, THREAD, "onexeno start");
    for (let i = 0; i < 300; i++) {
      const m = await h.waitForPublic(THREAD, (x) => said(x).includes("Session over") || said(x).includes(`<@${ADA}>, your turn`));
      if (said(m).includes("Session over")) break;
      await h.playTurn(ADA, THREAD);
    }
    const rec = (await h.bot.service("onexeno").get(THREAD))!;
    const record = await h.until("the record", async () =>
      (await h.bot.records.page(sb.guildId, { userId: ADA })).records.find((r) => r.channelId === THREAD),
    );
    const n = record.moves.length;
    // /history lists it, and its menu opens the replay privately.
    const listed = (await sb.command(ADA, GENERAL, "history", { user: ADA })).original!;
    expect(lines(listed)[0]).toContain(`<#${THREAD}>`);
    const replayMenu = Harness.customIds(listed).find((c) => c.split("|")[1] === "hrep")!;
    const privately = (await sb.select(ADA, listed, replayMenu, [record.id])).original!;
    expect(privately.visibleTo).toBe(ADA);
    expect(said(privately)).toContain(`**Move ${n} of ${n}**`);
    expect(said(privately)).toContain("Only you see this replay: Share shows it to the channel.");
    const back = (await sb.click(ADA, privately, button(privately, "◀ Back").custom_id)).original!;
    expect(back.id).toBe(privately.id);
    expect(said(back)).toContain(`**Move ${n - 1} of ${n}**`);
    // One rule for who sees a replay: a private one says so and keeps its Share while stepping,
    // which shows the channel the position the reader is at.
    const shared = (await sb.click(ADA, back, button(back, "Share").custom_id)).original!;
    expect(shared.visibleTo).toBeUndefined();
    expect(shared.id).not.toBe(back.id);
    expect(said(shared)).toContain(`**Move ${n - 1} of ${n}**`);
    expect(said(shared)).not.toContain("Only you see this replay");
    expect(Harness.customIds(shared).some((c) => c.includes("|rshare|"))).toBe(false);
    // Autocomplete: Ada's games first, this one among them.
    const offered = await sb.autocomplete(ADA, GENERAL, "replay", { game: "" }, "game");
    expect(offered[0]?.value).toBe(record.id);
    await sb.command(CLEO, GENERAL, "onexeno new", { game: "basic", hands: 1 }); // a live table in the same channel
    const shown = (await sb.command(BEN, GENERAL, "replay", { game: record.id })).original!;
    expect(shown.visibleTo).toBeUndefined();
    expect(said(shown)).toContain(`**Move ${n} of ${n}**`);
    expect(said(shown)).toMatch(/^### ONEXENO basic · session over/);
    expect(shown.attachments.map((a) => a.filename)).toEqual(["table.png"]);
    expect(Harness.customIds(shown).every((c) => ["replay", "anim", "rpick"].includes(c.split("|")[1]!))).toBe(true); // no live table's buttons
    expect(disabled(shown, "Forward ▶")).toBe(true);
    const first = (await sb.click(ADA, shown, button(shown, "⏮ First").custom_id)).original!;
    expect(said(first)).toContain(`**Move 0 of ${n}**: The deal.`);
    await h.stopBot();
    await h.startBot();
    const one = (await sb.click(CLEO, first, button(first, "Forward ▶").custom_id)).original!;
    expect(said(one)).toContain(`**Move 1 of ${n}**: `);
    expect(said(one)).toMatch(/(Ada|Computer 1 \(easy\)) (placed|passed)/);
    const end = (await sb.click(ADA, one, button(one, "Last ⏭").custom_id)).original!;
    expect(said(end)).toContain(`**Move ${n} of ${n}**`);
    // The replay is not the channel's table: the lobby's next change leaves it as it is.
    await sb.command(ADA, GENERAL, "onexeno join");
    await h.waitForPublic(GENERAL, (m) => said(m).includes("Ada joined") || said(m).includes("Ada sat down"));
    expect(said(sb.visibleMessages(GENERAL, null).find((m) => m.id === end.id) ?? null)).toContain(`**Move ${n} of ${n}**`);
    // The menu jumps to a position; Show hands adds every hand in words, kept while stepping.
    const menuId = Harness.customIds(end).find((c) => c.split("|")[1] === "rpick")!;
    const dealt = (await sb.select(CLEO, end, menuId, ["0"])).original!;
    expect(said(dealt)).toContain(`**Move 0 of ${n}**: The deal.`);
    const open = (await sb.click(CLEO, dealt, button(dealt, "Show hands").custom_id)).original!;
    expect(said(open)).toMatch(/\*\*Ada\*\*: \d/);
    expect(said(open)).toMatch(/\*\*Computer 1 \(easy\)\*\*: \d/);
    const stepped = (await sb.click(CLEO, open, button(open, "Forward ▶").custom_id)).original!;
    expect(said(stepped)).toContain(`**Move 1 of ${n}**`);
    expect(said(stepped)).toContain("**Ada**: ");
    expect(button(stepped, "Hide hands")).toBeDefined();
    // The animation, posted in the channel: one frame per position, the last held longest.
    await sb.click(BEN, end, button(end, "🎞 Animation").custom_id);
    const posted = await h.waitForPublic(GENERAL, (m) => m.attachments.some((a) => a.filename === "replay-onexeno.gif"));
    expect(said(posted)).toContain(`${n} moves, one frame each`);
    const gif = posted.attachments.find((a) => a.filename === "replay-onexeno.gif")!;
    expect(gif.description).toMatch(/^Animated replay: /);
    const shownGif = showGif(sb.attachmentBytes(gif)!);
    expect(shownGif.count).toBe(n + 1);
    expect(shownGif.delays.at(-1)).toBe(END_MS);
    expect(rec.status).toBe("over");
    const unknown = await sb.command(ADA, GENERAL, "replay", { game: "0000000000000-1" });
    expect(unknown.original?.visibleTo).toBe(ADA);
    expect(said(unknown.original)).toContain("No finished game of this server has that name");
    expect(h.clientErrorsSince(0, { exceptGlobal: true })).toEqual([]);
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
