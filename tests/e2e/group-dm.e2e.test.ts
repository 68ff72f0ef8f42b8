/**
 * Tables in a group DM through a user install (issue 49), end to end on the stand-in: the app is
 * installed by Ada only, the bot is not in the group DM, so every message of a table is an answer
 * to a click there (src/surfaces/answers/chains.ts). Ada, Ben and a computer play a whole ONEXENO basic game
 * and a whole Onze game: Ben, who has not installed the app, plays by buttons and menus; the
 * computer moves inside the clicks; Ben's clock runs out and Ada claims the turn; the table is
 * left alone for 20 minutes and a click brings it back. The stand-in counts no bot-token write in
 * the group DM and refuses nothing (no 40094, 50027 or 50001).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HINT_VALUE } from "../../src/bot/hints.ts";
import { registerCommands } from "../../src/app.ts";
import type { ApiMessage, InteractionRecord } from "../../src/standin/types.ts";
import { said } from "../helpers/message.ts";
import { ADA, BEN, Harness } from "./harness.ts";

const DM = "200000000000000010";
const h = new Harness();

beforeAll(async () => {
  await h.start();
  // Global commands: those a user install offers in DMs and group DMs.
  const sb = h.standin;
  await registerCommands({ token: sb.token, apiUrl: sb.apiUrl, applicationId: sb.applicationId, guildId: null });
}, 60_000);
afterAll(async () => {
  await h.close();
});

/** The newest public message of the group DM with a control of `verb`. */
function newest(verb: string): ApiMessage {
  const m = h.standin.visibleMessages(DM, null).findLast((x) => Harness.ids(x, verb).length > 0);
  if (!m) throw new Error(`no public message with ${verb} in the group DM`);
  return m;
}

/**
 * The table of the group DM once the last click is done with it: over, or a person's turn (its
 * computers moved inside that click: nothing there moves by itself) shown by the click's answers
 * (the newest message with a `verb` control carries its revision). A computer's turn left
 * standing after a click is never reached: the wait fails.
 */
async function settled<
  R extends {
    readonly rev: number;
    readonly status: string;
    readonly state: { readonly turn: number } | null;
    readonly seats: readonly { readonly computer?: string }[];
  },
>(get: () => Promise<R | undefined>, verb: string): Promise<R> {
  let seen = "nothing";
  return h
    .until(`a person's turn, shown (${verb})`, async () => {
      const rec = await get();
      const shown = h.standin.visibleMessages(DM, null).at(-1);
      seen = `rev ${rec?.rev}, turn ${rec?.state?.turn}, newest: ${said(shown).slice(0, 200)} [${shown ? Harness.customIds(shown).join(" ") : ""}]; log ${h.log.infos.slice(-3).join(" | ")}`;
      if (!rec) return null;
      if (rec.status === "over") return rec;
      if (rec.seats[rec.state?.turn ?? 0]?.computer) return null;
      const m = h.standin.visibleMessages(DM, null).findLast((x) => Harness.ids(x, verb).length > 0);
      return m && Harness.idOf(m, verb).split("|")[2] === String(rec.rev) ? rec : null;
    })
    .catch((e: unknown) => {
      throw new Error(`${e instanceof Error ? e.message : String(e)}; ${seen}`);
    });
}

/**
 * Does what a person does when Discord delivered their click or command too late for the bot to
 * act on (a busy machine; the bot says so and changes nothing): tries again, a few times.
 */
async function again(act: () => Promise<InteractionRecord>): Promise<InteractionRecord> {
  for (let tries = 1; ; tries++) {
    const r = await act();
    if (tries >= 5 || !said(r.original).startsWith("⌛")) return r;
  }
}

/** The group DM's refusals and bot-token writes since the marks, which a whole game must leave empty. */
function untouched(refusalsFrom: number, writesFrom: number) {
  return {
    refused: h.standin.refusals.slice(refusalsFrom).map((r) => `${r.status}/${r.code} ${r.method} ${r.route}`),
    botWrites: h.standin.channelWrites.slice(writesFrom).filter((w) => w.channelId === DM),
  };
}

describe("a group DM reached by Ada's user install", () => {
  it("offers the games there and refuses what needs a server or cannot keep its pace, clearly", async () => {
    const sb = h.standin;
    await expect(sb.command(ADA, DM, "tournament info")).rejects.toThrow(/not offered in a private channel/);
    await expect(sb.command(ADA, DM, "settings show")).rejects.toThrow(/not offered in a private channel/);
    await expect(sb.command(BEN, DM, "onexeno new", { game: "basic" })).rejects.toThrow(/have not installed the app/);
    const cardeno = await sb.command(ADA, DM, "cardeno new");
    expect(cardeno.original?.visibleTo).toBe(ADA);
    expect(said(cardeno.original)).toMatch(/Cardeno calls a card every few seconds.*server that has the bot/);
    const solitaire = await sb.command(ADA, DM, "onexeno new", { game: "solitaire" });
    expect(said(solitaire.original)).toMatch(/DMs have no threads/);
    const board = await sb.command(ADA, DM, "onexeno leaderboard");
    expect(said(board.original)).toMatch(/install the bot in a server/);
    expect(await h.bot.service("cardeno").get(DM)).toBeUndefined();
  });

  it("ONEXENO basic: Ada, Ben and a computer play a whole game; Ben's clock is claimed; a table left 20 minutes comes back with a click", async () => {
    const sb = h.standin;
    const service = h.bot.service("onexeno");
    const refusalsFrom = sb.refusals.length;
    const writesFrom = sb.channelWrites.length;
    const opened = await again(() => sb.command(ADA, DM, "onexeno new", { game: "basic", clock: "60" }));
    expect(opened.original?.visibleTo).toBeUndefined(); // the lobby is public: the command's answer
    // Ben has no command there: the lobby points to its button only.
    expect(said(opened.original)).toContain("is open here: press **Join**.");
    expect(said(opened.original)).not.toContain("onexeno join");
    await again(() => sb.click(BEN, newest("join"), Harness.idOf(newest("join"), "join"))); // Ben has no install, but may click
    await again(() => sb.click(ADA, newest("addbot"), Harness.idOf(newest("addbot"), "addbot")));
    // Nothing may tidy an old lobby there: its clicks update the one lobby message in place.
    expect(sb.visibleMessages(DM, null).filter((m) => Harness.ids(m, "join").length > 0)).toHaveLength(1);
    await again(() => sb.click(ADA, newest("start"), Harness.idOf(newest("start"), "start")));

    let claimed = false;
    let leftAlone = false;
    let personMoves = 0;
    for (let step = 0; step < 400; step++) {
      const rec = await settled(() => service.get(DM), "hand");
      if (rec.status === "over") break;
      const mover = rec.seats[rec.state!.turn]!;
      const table = newest("hand");
      expect(Harness.idOf(table, "hand").split("|")[2]).toBe(String(rec.rev));
      // A person's turn there points to the buttons, which everyone has, never to a command Ben lacks (issue 63).
      if (said(table).includes("your turn")) {
        expect(said(table)).toMatch(/your turn: place a card with \*\*My hand\*\*/);
        expect(said(table)).not.toContain("onexeno play");
      }
      if (mover.userId === BEN && !claimed) {
        const shown = sb.visibleMessages(DM, null).length;
        await h.advanceClock(61_000); // Ben's minute runs out: no message can say so by itself
        expect(sb.visibleMessages(DM, null)).toHaveLength(shown);
        expect((await service.get(DM))!.rev).toBe(rec.rev);
        const claim = await again(() => sb.click(ADA, table, Harness.idOf(table, "claim")));
        expect(claim.callbackType).toBe(7); // the table message clicked shows the table as it now stands
        expect(said(claim.original)).toMatch(/Ben's time ran out, so the computer moved for them/);
        expect((await service.get(DM))!.seats.find((s) => s.userId === BEN)?.timeouts).toBe(1);
        claimed = true;
        continue;
      }
      if (claimed && !leftAlone && personMoves >= 6) {
        await h.leave(20 * 60_000); // every token of the game is dead now
        const back = await again(() => sb.click(BEN, table, Harness.idOf(table, "hand"))); // a fresh token, from the old message
        expect(back.refusals).toEqual([]);
        expect(back.original?.visibleTo).toBe(BEN);
        // The clock that ran out meanwhile was applied by that click and the table followed it up.
        const followed = await h.until("the table followed up", () => back.followups.at(-1));
        expect(said(followed)).toMatch(/time ran out/);
        leftAlone = true;
        continue;
      }
      const panel = (await again(() => sb.click(mover.userId, table, Harness.idOf(table, "hand")))).original!;
      const cards = Harness.selectOptions(panel, "card");
      if (cards.length === 0) await again(() => sb.click(mover.userId, panel, Harness.idOf(panel, "pass")));
      else {
        const chose = (await again(() => sb.select(mover.userId, panel, Harness.idOf(panel, "card"), [cards[0]!.value]))).original!;
        await again(() => sb.select(mover.userId, chose, Harness.idOf(chose, "place"), [Harness.selectOptions(chose, "place")[0]!.value]));
      }
      personMoves++;
    }
    const over = (await service.get(DM))!;
    expect(over.status).toBe("over");
    expect(claimed && leftAlone).toBe(true);
    await h.until("the last table, newest", () => said(sb.visibleMessages(DM, null).at(-1)).includes("Session over"));
    expect(over.moves.some((m) => over.seats[m.seat]?.computer)).toBe(true);
    expect(untouched(refusalsFrom, writesFrom)).toEqual({ refused: [], botWrites: [] });
    expect(h.log.errors).toEqual([]);

    // Its record is Ada's and Ben's (per player, not per server): /history and /replay work here.
    const record = await h.until("the game's record", async () => (await h.bot.records.page(null, { userId: BEN })).records[0]);
    expect(record).toMatchObject({ game: "onexeno", channelId: DM, guildId: null });
    const history = await again(() => sb.command(ADA, DM, "history"));
    expect(history.original?.visibleTo).toBe(ADA);
    expect(said(history.original)).toMatch(/Ben/);
    const replay = await again(() => sb.command(ADA, DM, "replay"));
    expect(replay.original?.visibleTo).toBeUndefined();
    expect(replay.original?.attachments.length).toBeGreaterThan(0);
    const someoneElse = await again(() => sb.command(ADA, DM, "history", { user: "100000000000000003" }));
    expect(said(someoneElse.original)).toMatch(/install the bot in a server/);
  }, 240_000);

  it("Onze: Ada (commands) and Ben (buttons) play a whole game against a computer, nothing refused", async () => {
    const sb = h.standin;
    const service = h.bot.service("onze");
    const refusalsFrom = sb.refusals.length;
    const writesFrom = sb.channelWrites.length;
    const shownFrom = sb.visibleMessages(DM, null).length;
    await again(() => sb.command(ADA, DM, "onze new", { clock: "off", seed: "group-dm" }));
    await again(() => sb.click(BEN, newest("join"), Harness.idOf(newest("join"), "join")));
    await again(() => sb.command(ADA, DM, "onze bot add", { level: "normal" }));
    await again(() => sb.command(ADA, DM, "onze start"));
    // As a person plays: draw, go down with the first way offered, lay off what fits, discard.
    // A way the table refuses (its answer is private) is not offered again in that turn.
    const refused = new Set<string>();
    const first = (options: readonly { value: string | number }[], kind: string, rev: number) =>
      refused.has(`${kind}:${rev}`) ? undefined : options.find((o) => o.value !== HINT_VALUE)?.value;
    for (let step = 0; step < 1500; step++) {
      const rec = await settled(() => service.get(DM), "zhand");
      if (rec.status === "over") break;
      const s = rec.state!;
      const mover = rec.seats[s.turn]!;
      let kind = "draw";
      let done: { readonly original: ApiMessage | null };
      if (mover.userId === ADA) {
        const offered = async (path: string, option: string) =>
          first(await sb.autocomplete(ADA, DM, path, { [option]: "" }, option), path, rec.rev);
        const down = s.phase === "play" && !s.down[s.turn] ? await offered("onze down", "melds") : undefined;
        const lay = s.phase === "play" && s.down[s.turn] && down === undefined ? await offered("onze layoff", "play") : undefined;
        if (s.phase === "draw") done = await again(() => sb.command(ADA, DM, "onze draw"));
        else if (down !== undefined)
          [kind, done] = ["onze down", await again(() => sb.command(ADA, DM, "onze down", { melds: String(down) }))];
        else if (lay !== undefined)
          [kind, done] = ["onze layoff", await again(() => sb.command(ADA, DM, "onze layoff", { play: String(lay) }))];
        else {
          const cards = await sb.autocomplete(ADA, DM, "onze discard", { card: "" }, "card");
          [kind, done] = ["discard", await again(() => sb.command(ADA, DM, "onze discard", { card: String(cards[0]!.value) }))];
        }
      } else {
        // Ben has no install: the table's Hand button, then his panel's buttons and menus.
        const panel = (await again(() => sb.click(BEN, newest("zhand"), Harness.idOf(newest("zhand"), "zhand")))).original!;
        const menu = (verb: string) =>
          Harness.ids(panel, verb).length ? first(Harness.selectOptions(panel, verb), verb, rec.rev) : undefined;
        const pick = s.phase === "draw" ? "zdraw" : (["zdown", "zlay"].find((v) => menu(v) !== undefined) ?? "zdisc");
        kind = pick;
        done =
          pick === "zdraw"
            ? await again(() => sb.click(BEN, panel, Harness.idOf(panel, "zdraw")))
            : await again(() =>
                sb.select(BEN, panel, Harness.idOf(panel, pick), [String(menu(pick) ?? Harness.selectOptions(panel, pick)[0]!.value)]),
              );
      }
      // The answer came once the move was saved: an unchanged table means the table refused it (privately).
      if ((await service.get(DM))!.rev === rec.rev) {
        expect(done.original?.visibleTo).toBeDefined();
        refused.add(`${kind}:${rec.rev}`);
      }
    }
    const over = (await service.get(DM))!;
    expect(over.status).toBe("over");
    expect(over.state!.results).toHaveLength(7);
    // People went out too, not only the computer.
    expect(over.state!.results.some((r) => r.wentOut !== null && !over.seats[r.wentOut]?.computer)).toBe(true);
    await h.until("the last table, newest", () => /Game over|wins/i.test(said(sb.visibleMessages(DM, null).at(-1))));
    // Every table message before the last was edited down to its one line, through its own
    // interaction's token (issue 63): only the last one has buttons.
    const live = () =>
      sb
        .visibleMessages(DM, null)
        .slice(shownFrom)
        .filter((m) => Harness.customIds(m).length > 0);
    await h.until("the older tables tidied", () => (live().length === 1 ? true : null));
    expect(live()[0]).toBe(sb.visibleMessages(DM, null).at(-1));
    expect(untouched(refusalsFrom, writesFrom)).toEqual({ refused: [], botWrites: [] });
    expect(h.log.errors).toEqual([]);
  }, 600_000);

  it("a table closed with end: its last table message reads as a line, the closing message is the one with buttons", async () => {
    const sb = h.standin;
    const refusalsFrom = sb.refusals.length;
    const writesFrom = sb.channelWrites.length;
    await again(() => sb.command(ADA, DM, "onexeno new", { game: "basic", clock: "off" }));
    await again(() => sb.click(BEN, newest("join"), Harness.idOf(newest("join"), "join")));
    await again(() => sb.click(ADA, newest("start"), Harness.idOf(newest("start"), "start")));
    const table = newest("hand");
    expect(said(table)).toMatch(/to play|your turn/);
    await h.endTable(ADA, DM);
    await h.until("the closing message, newest", () => (said(sb.visibleMessages(DM, null).at(-1)).includes("closed by Ada") ? true : null));
    // The table message before it: edited down to its record, nothing live-looking left.
    const tidied = await h.until("the last table tidied", () => {
      const m = sb.visibleMessages(DM, null).find((x) => x.id === table.id);
      return m && Harness.customIds(m).length === 0 ? m : null;
    });
    expect(tidied.attachments).toEqual([]);
    expect(said(tidied)).not.toMatch(/to play|your turn/);
    expect(untouched(refusalsFrom, writesFrom)).toEqual({ refused: [], botWrites: [] });
    expect(h.log.errors).toEqual([]);
  });
});
