/**
 * Onze as a newcomer plays it against two computers, through the stand-in: a computer that has
 * drawn holds its discard while Ada may still buy the card it passed over (the table counts
 * down), and her click is in time; her own draw is named to her alone and marked in her hand.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA, GENERAL, Harness } from "./harness.ts";
import { cardName } from "../../src/games/onze/cards.ts";
import { cardNameIn } from "../../render/onze/words.ts";
import { buyer, type OnzeMove, type OnzeState } from "../../src/games/onze/game.ts";
import type { AnyTable } from "../../src/bot/tables.ts";
import { said } from "../helpers/message.ts";
import type { ApiMessage } from "../../src/standin/types.ts";

// Computers wait up to two minutes for Ada: the test never races a timer, however busy the machine.
const h = new Harness({ holdMs: 120_000 });
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

const onzeOf = async () => (await h.bot.games.get("onze")!.get(GENERAL)) as AnyTable & { state: OnzeState; hold?: number | null };

describe("Onze against computers, as a newcomer plays it", () => {
  it("a computer holds its discard (with a countdown) while Ada may buy; her draw is named privately and marked new", async () => {
    const sb = h.standin;
    // Before any table: joining is refused with the game's own commands, in Ada's language.
    const early = await sb.command(ADA, GENERAL, "onze join");
    expect(said(early.original)).toContain("There is no table here yet. Start one with `/onze new`; others then join with `/onze join`");
    sb.setLocale({ user: ADA }, "fr");
    const inFrench = await sb.command(ADA, GENERAL, "onze join");
    sb.setLocale({ user: ADA }, "en-US");
    expect(said(inFrench.original)).toContain("Ouvrez-en une avec `/onze nouvelle` ; les autres la rejoignent avec `/onze rejoindre`");
    await sb.command(ADA, GENERAL, "onze new", { seed: "newcomer", clock: "off" });
    await sb.command(ADA, GENERAL, "onze bot add", { level: "normal" });
    await sb.command(ADA, GENERAL, "onze bot add", { level: "easy" });
    await sb.command(ADA, GENERAL, "onze start");
    let drew = false;
    let bought = false;
    for (let i = 0; i < 200 && !(drew && bought); i++) {
      const rec = await onzeOf();
      const s = rec.state;
      const ada = rec.seats.findIndex((x) => x.userId === ADA);
      if (s.turn === ada) {
        if (s.phase === "draw") {
          // Every public table Ada's draw produced, edits included: a computer asking to buy may edit the line away at once.
          const tables: ApiMessage[] = [];
          const seen = (m: ApiMessage) => {
            if (m.channel_id === GENERAL && m.visibleTo === undefined) tables.push(structuredClone(m));
          };
          sb.on("message", seen).on("messageUpdate", seen);
          const r = await sb.command(ADA, GENERAL, "onze draw");
          const after = await onzeOf();
          const card = after.state.hands[ada]!.find((c) => !s.hands[ada]!.includes(c))!;
          // Named to Ada alone, with her hand: the new card is marked in the picture's words.
          expect(r.original?.visibleTo).toBe(ADA);
          expect(said(r.original)).toContain(`You drew ${cardName(card)} from the stock.`);
          expect(r.original?.attachments[0]?.description).toContain(`New: ${cardName(card)}.`);
          // The table after her draw: it says so, unless a computer asked to buy at once and the channel shows only the
          // newer table (the draw's line folded into it, as Discord shows a channel's newest state under load).
          const afterDraw = (m: ApiMessage) =>
            said(m).includes("Ada drew from the stock") ||
            (said(m).startsWith("### Onze") &&
              said(m).includes("asked to buy") &&
              said(m).includes("your turn: go down if you hold the contract, then discard"));
          const table = await h.until("the table after Ada drew", () => tables.find(afterDraw));
          sb.off("message", seen).off("messageUpdate", seen);
          expect(said(table)).not.toContain("You drew");
          // What she passed over is for sale to the computers only: no Buy or No thanks on the table, for anyone (issue 63).
          expect(Harness.ids(table, "zbuy")).toEqual([]);
          expect(Harness.ids(table, "zno")).toEqual([]);
          drew = true;
        } else {
          const cards = await sb.autocomplete(ADA, GENERAL, "onze discard", { card: "" }, "card");
          const pick = cards.find((c) => !c.name.includes("taken this turn")) ?? cards[0]!;
          await sb.command(ADA, GENERAL, "onze discard", { card: String(pick.value) });
        }
        continue;
      }
      if (s.phase === "play" && s.forSale !== null && !s.claims.includes(ada)) {
        // A computer drew and passed over the discard: it holds its move for Ada, and the table says until when.
        expect(rec.hold).toBeGreaterThan(Date.now());
        const table = await h.waitForPublic(GENERAL, (m) => said(m).includes("is for sale (closing <t:"));
        // The sale says what it is, whom its buttons are for and that answering cuts the wait; Draw and Take are no one's (issue 63).
        const name = rec.seats[s.turn]!.name;
        expect(said(table)).toMatch(
          new RegExp(
            `is for sale \\(closing <t:\\d+:R>\\): \\*\\*Buy\\*\\* \\(\\+1 penalty card\\) or \\*\\*No thanks\\*\\*, for Ada\\..* ${name.replace(/[()]/g, "\\$&")} moves on as soon as all of you have answered\\.`,
          ),
        );
        expect([Harness.ids(table, "zdraw"), Harness.ids(table, "ztake")]).toEqual([[], []]);
        expect(Harness.ids(table, "zbuy")).toHaveLength(1);
        const click = await sb.click(ADA, table, Harness.idOf(table, "zbuy"));
        expect(said(click.original)).toContain("asked to buy");
        // Nobody is left to decide: the computer discards at once (it may have by the time we look).
        await h.until("the computer's discard after Ada asked", async () => (await onzeOf()).state.turn !== s.turn);
        const after = await onzeOf();
        // Who had asked when it discarded, read from the move log: the claims since its draw.
        const log = after.moves;
        let at = log.length - 1;
        while (at >= 0 && !(log[at]!.seat === s.turn && (log[at]!.move as OnzeMove).kind === "discard")) at--;
        let drawAt = at - 1;
        while (drawAt >= 0 && !(log[drawAt]!.seat === s.turn && (log[drawAt]!.move as OnzeMove).kind === "draw")) drawAt--;
        const claimed = new Set<number>();
        for (const m of log.slice(drawAt + 1, at)) {
          const kind = (m.move as OnzeMove).kind;
          if (kind === "claim") claimed.add(m.seat);
          if (kind === "unclaim") claimed.delete(m.seat);
        }
        expect(claimed.has(ada)).toBe(true);
        // The card goes to the claimant whose turn comes soonest: Ada, unless a computer asked too and sits before her.
        // (A computer that went out instead ended the round: claims lapse, by the rules.)
        const wentOut = after.state.results.length > s.results.length;
        const winner = buyer({ claims: [...claimed], turn: s.turn, seats: s.seats });
        const sale = after.state.last.find((l) => l.kind === "bought");
        if (wentOut) expect(sale).toBeUndefined();
        else expect(sale).toMatchObject({ seat: winner, cards: [s.forSale] });
        bought = true;
        continue;
      }
      await h.until("the computers' move", async () => (await onzeOf()).rev > rec.rev);
    }
    expect(drew && bought).toBe(true);
    expect(h.log.errors).toEqual([]);
  });

  it("No thanks ends a computer's hold for Ada at once; Don't wait for me stops the holds, at this table and the next", async () => {
    const sb = h.standin;
    await h.endTable(ADA, GENERAL);
    await sb.command(ADA, GENERAL, "onze new", { seed: "no-thanks", clock: "off" });
    await sb.command(ADA, GENERAL, "onze bot add", { level: "easy" });
    await sb.command(ADA, GENERAL, "onze bot add", { level: "easy" });
    await sb.command(ADA, GENERAL, "onze start");
    /** Plays Ada's turns (draw, then her first discard allowed) until a computer holds a sale for her. */
    const heldSale = async () => {
      for (let i = 0; i < 200; i++) {
        const rec = await onzeOf();
        const s = rec.state;
        const ada = rec.seats.findIndex((x) => x.userId === ADA);
        if (s.turn === ada) {
          if (s.phase === "draw") await sb.command(ADA, GENERAL, "onze draw");
          else {
            const cards = await sb.autocomplete(ADA, GENERAL, "onze discard", { card: "" }, "card");
            await sb.command(ADA, GENERAL, "onze discard", {
              card: String((cards.find((c) => !c.name.includes("taken")) ?? cards[0]!).value),
            });
          }
          continue;
        }
        if (s.phase === "play" && s.forSale !== null && rec.hold) return rec;
        await h.until("the computers' move", async () => (await onzeOf()).rev > rec.rev);
      }
      throw new Error("no sale held for Ada");
    };
    const held = await heldSale();
    const table = await h.waitForPublic(GENERAL, (m) => said(m).includes("Still deciding: Ada."));
    const no = await sb.click(ADA, table, Harness.idOf(table, "zno"));
    expect(no.refusals).toEqual([]);
    // Nobody is left to decide: the computer discards at once (long before its two-minute hold).
    await h.until("the computer's discard after No thanks", async () => (await onzeOf()).state.turn !== held.state.turn);
    const log = (await onzeOf()).moves;
    expect(log.some((m) => (m.move as OnzeMove).kind === "decline" && m.seat === held.seats.findIndex((x) => x.userId === ADA))).toBe(true);
    // Don't wait for me, from her hand panel during the next held sale: kept with her own settings.
    await heldSale();
    const panel = (await sb.click(ADA, h.latestPublic(GENERAL), Harness.idOf(h.latestPublic(GENERAL), "zhand"))).original!;
    await sb.click(ADA, panel, Harness.idOf(panel, "zhold"));
    expect((await onzeOf()).seats.find((x) => x.userId === ADA)?.noHold).toBe(true);
    expect(await h.bot.settings.player(ADA)).toMatchObject({ noHold: true });
    // Every later sale goes on without holding for her.
    const later = await h.until("a later sale", async () => {
      const rec = await onzeOf();
      return rec.state.forSale !== null && rec.state.turn !== rec.seats.findIndex((x) => x.userId === ADA) ? rec : null;
    });
    expect(later.hold ?? null).toBeNull();
    // A new table seats her with her choice.
    await h.endTable(ADA, GENERAL);
    await sb.command(ADA, GENERAL, "onze new", { seed: "no-thanks-2" });
    expect((await onzeOf()).seats[0]?.noHold).toBe(true);
    expect(h.log.errors).toEqual([]);
  });

  it("a French player at an English table gets their receipts in French, card names in French letters", async () => {
    const sb = h.standin;
    await h.bot.settings.changePlayer(ADA, (p) => ({ ...p, noHold: false }));
    await sb.command(ADA, GENERAL, "onze bot add", { level: "easy" });
    await sb.command(ADA, GENERAL, "onze bot add", { level: "easy" });
    await sb.command(ADA, GENERAL, "onze start");
    sb.setLocale({ user: ADA }, "fr");
    const ada = () => onzeOf().then((r) => r.seats.findIndex((x) => x.userId === ADA));
    await h.until("Ada's turn to draw", async () => {
      const r = await onzeOf();
      return r.state.turn === (await ada()) && r.state.phase === "draw";
    });
    const drawn = (await sb.command(ADA, GENERAL, "onze draw")).original!;
    expect(Harness.ids(drawn, "zdisc")).not.toEqual([]); // the receipt is her hand panel, with its discard menu
    const hand = (await onzeOf()).state.hands[await ada()]!;
    const cards = await sb.autocomplete(ADA, GENERAL, "onze discard", { card: "" }, "card");
    const card = Number((cards.find((c) => !c.name.includes("pris")) ?? cards[0]!).value);
    expect(hand).toContain(card);
    const receipt = await sb.command(ADA, GENERAL, "onze discard", { card: String(card) });
    // Said to her, in the second person of her language.
    expect(said(receipt.original)).toContain(`Vous avez défaussé ${cardNameIn("fr", card)}`);
    // The public table speaks the table's language (English), for everyone.
    await h.until("the public table's words", () =>
      sb.visibleMessages(GENERAL, null).some((m) => said(m).includes(`Ada discarded ${cardNameIn("en", card)}`)),
    );
    // Her open panel is refreshed: the card is gone and it is no longer her turn to discard.
    await h.until("Ada's panel refreshed", () => {
      const now = sb.visibleMessages(GENERAL, ADA).find((m) => m.id === drawn.id);
      return !!now && Harness.ids(now, "zdisc").length === 0 && !said(now).includes(cardNameIn("fr", card));
    });
    sb.setLocale({ user: ADA }, "en-US");
    expect(h.log.errors).toEqual([]);
  });
});
