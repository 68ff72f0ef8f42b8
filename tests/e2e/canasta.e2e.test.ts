import { mkdirSync, writeFileSync } from "node:fs";
import { HINT_VALUE } from "../../src/bot/hints.ts";
import { clockLabel, seatNames } from "../../src/bot/clock.ts";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardName } from "../../src/games/onexeno/cards.ts";
import { canastaView, idOf } from "../../src/games/onexeno/canasta.ts";
import type { ApiMessage } from "../../src/standin/types.ts";
import { ADA, BEN, CLEO, GENERAL, Harness } from "./harness.ts";
import { said } from "../helpers/message.ts";
import { ONEXENO_SCENES } from "../../render/onexeno/scenes.ts";
import { cardTitleIn } from "../../render/onexeno/words.ts";
import { pixelsOff } from "../helpers/pixels.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

const mention = (m: ApiMessage) => /<@(\d+)>, your turn/.exec(said(m))?.[1] ?? null;

async function noLeak(m: ApiMessage): Promise<void> {
  const rec = await h.bot.service("canasta").get(GENERAL);
  if (!rec?.state) return;
  const png = m.attachments.find((a) => a.filename === "canasta.png");
  if (png) {
    const expected = ONEXENO_SCENES.job("canasta", { view: canastaView(rec.state, null), names: seatNames(rec), clock: clockLabel(rec) });
    expect(await pixelsOff(h.standin.attachmentBytes(png)!, expected)).toBe(0);
  }
  const text = JSON.stringify({ c: said(m), a: m.attachments.map((a) => a.description ?? "") });
  // a discarded card is named once it is public; names of cards still in hands must not appear in alt text
  for (const hand of rec.state.hands)
    for (const c of hand) expect(JSON.stringify(m.attachments.map((a) => a.description ?? ""))).not.toContain(cardName(idOf(c)));
  expect(text.length).toBeGreaterThan(0);
}

describe("canasta through the stand-in", () => {
  it("three players play a whole session (target 250) with commands, autocomplete and the hand panel", async () => {
    const refusalsFrom = h.standin.refusals.length;
    const sb = h.standin;
    await sb.command(ADA, GENERAL, "onexeno new", { game: "canasta", target: 250 });
    await sb.click(BEN, h.latestPublic(GENERAL), Harness.idOf(h.latestPublic(GENERAL), "join"));
    await sb.command(CLEO, GENERAL, "onexeno join");
    await sb.click(ADA, h.latestPublic(GENERAL), Harness.idOf(h.latestPublic(GENERAL), "start"));
    const first = h.latestPublic(GENERAL);
    expect(first.attachments[0]?.filename).toBe("canasta.png");

    const stats = { melds: 0, extends: 0, takes: 0, panel: 0, turns: 0, refusals: 0 };
    let revAtRestart = -1;
    for (let turn = 0; turn < 600; turn++) {
      if (turn === 6) {
        // a restart in the middle: nothing is posted at start-up, play goes on, and the first
        // table message after it says the bot restarted
        const before = await h.bot.service("canasta").get(GENERAL);
        await h.stopBot(); // finishes the posts in flight
        const count = sb.visibleMessages(GENERAL, null).length;
        await h.startBot();
        expect(sb.visibleMessages(GENERAL, null).length).toBe(count);
        expect(sb.visibleMessages(GENERAL, null).some((m) => said(m).includes("restarted"))).toBe(false);
        expect((await h.bot.service("canasta").get(GENERAL))?.rev).toBe(before?.rev);
        revAtRestart = before!.rev;
      }
      const now = (await h.bot.service("canasta").get(GENERAL))!;
      if (revAtRestart >= 0 && now.rev > revAtRestart) {
        // The table has changed since the restart: its message says the bot restarted.
        await h.until("the restart note", () => sb.visibleMessages(GENERAL, null).some((m) => said(m).includes("restarted")));
        revAtRestart = -1;
      }
      const table = await h.waitForTable(GENERAL, now.rev);
      await noLeak(table);
      if (said(table).includes("Session over")) break;
      const user = mention(table);
      expect(user, said(table)).toBe(now.seats[now.state!.turn]!.userId);
      const u = user as string;
      const myTurn = async () => {
        const r = (await h.bot.service("canasta").get(GENERAL))!;
        return r.status === "playing" && r.seats[r.state!.turn]!.userId === u;
      };
      stats.turns++;
      // draw: sometimes take from the pile when the bot allows it, else draw (button or command)
      const counts = await sb.autocomplete(u, GENERAL, "onexeno take", { count: 1 }, "count");
      if (counts.length && turn % 4 === 1) {
        await sb.command(u, GENERAL, "onexeno take", { count: Number(counts.at(-1)!.value) });
        stats.takes++;
      } else {
        // From the table's button, the hand panel or by command: the card drawn is named to its
        // drawer alone, and a panel (the answer to either button) marks it new in its picture
        // (its alt text says which).
        const before = (await h.bot.service("canasta").get(GENERAL))!;
        const how = turn % 2 === 0 ? "table" : turn % 5 === 3 ? "panel" : "command";
        const panel = how === "panel" ? (await sb.click(u, table, Harness.idOf(table, "chand"))).original! : null;
        const r =
          how === "table"
            ? await sb.click(u, table, Harness.idOf(table, "cdraw"))
            : panel
              ? await sb.click(u, panel, Harness.idOf(panel, "cdraw"))
              : await sb.command(u, GENERAL, "onexeno draw");
        const after = (await h.bot.service("canasta").get(GENERAL))!;
        const seat = after.seats.findIndex((x) => x.userId === u);
        const drawn = after.state!.hands[seat]!.filter((c) => !before.state!.hands[seat]!.includes(c));
        const title = cardTitleIn("en", idOf(drawn[0]!));
        expect(drawn).toHaveLength(1);
        expect(r.original?.visibleTo).toBe(u);
        expect(said(r.original)).toContain(`✅ You drew ${title} from the stack.`);
        if (how !== "command") expect(JSON.stringify(r.original?.components)).toContain(`New: ${title}.`);
      }
      if (turn % 5 === 3) {
        // the private panel: meld the first suggestion if any, then discard from the menu
        const live = await h.waitForTable(GENERAL, (await h.bot.service("canasta").get(GENERAL))!.rev);
        const panel = (await sb.click(u, live, Harness.idOf(live, "chand"))).original!;
        expect(panel.visibleTo).toBe(u);
        const melds = Harness.selectOptions(panel, "cmeld");
        let current = panel;
        if (melds.length) {
          const r = await sb.select(u, current, Harness.idOf(current, "cmeld"), [melds[0]!.value]);
          // A step within the turn: the panel stays, the turn's table message is edited in place.
          await h.waitForTable(GENERAL, (await h.bot.service("canasta").get(GENERAL))!.rev);
          current = r.original!;
          stats.melds++;
        }
        const disc = Harness.selectOptions(current, "cdisc");
        if (disc.length) {
          const r = await sb.select(u, current, Harness.idOf(current, "cdisc"), [disc[0]!.value]);
          await sb.waitForFollowups(r, 1); // a new turn: a new table message
          stats.panel++;
          continue;
        }
      }
      // melds and extensions by command while the turn lasts, then a discard
      for (let k = 0; k < 6; k++) {
        if (!(await myTurn())) break;
        const rows = await sb.autocomplete(u, GENERAL, "onexeno meld", { cards: "" }, "cards");
        const row = rows.find((c) => c.value !== HINT_VALUE);
        if (row) {
          const r = await sb.command(u, GENERAL, "onexeno meld", { cards: String(row.value) });
          if (said(r.original).startsWith("❌")) stats.refusals++;
          else stats.melds++;
          continue;
        }
        const ext = (await sb.autocomplete(u, GENERAL, "onexeno extend", { card: "" }, "card")).find((c) => c.value !== HINT_VALUE);
        if (ext) {
          const r = await sb.command(u, GENERAL, "onexeno extend", { card: String(ext.value) });
          if (said(r.original).startsWith("❌")) stats.refusals++;
          else stats.extends++;
          continue;
        }
        break;
      }
      if (!(await myTurn())) continue;
      const cards = await sb.autocomplete(u, GENERAL, "onexeno discard", { card: "" }, "card");
      const d = await sb.command(u, GENERAL, "onexeno discard", { card: String(cards[0]!.value) });
      // Said to its player ("You discarded…"), whatever the table says of them.
      expect(said(d.original), said(d.original)).toMatch(/^✅ You discarded /);
    }
    const rec = await h.bot.service("canasta").get(GENERAL);
    expect(rec?.status).toBe("over");
    expect(rec?.state?.results.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...(rec?.state?.totals ?? [0]))).toBeGreaterThan(250);
    expect(stats.melds).toBeGreaterThan(0);
    expect(h.log.errors).toEqual([]);
    const final = await h.waitForPublic(GENERAL, (m) => said(m).includes("Session over"));
    // One live picture: every older table message of the session is a one-line record.
    await h.bot.live.drain();
    expect(
      sb
        .visibleMessages(GENERAL, null)
        .filter((m) => m.attachments.length > 0)
        .map((m) => m.id),
    ).toEqual([final.id]);
    // The second person is for receipts only: the channel says every move of its player.
    const toYou = /\bYou (drew|took|melded|extended|discarded)\b/;
    expect(
      sb
        .visibleMessages(GENERAL, null)
        .filter((m) => toYou.test(said(m)))
        .map(said),
    ).toEqual([]);
    const png = h.standin.attachmentBytes(final.attachments[0]!);
    const out = join(import.meta.dirname, "..", "__output__");
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "canasta-final.png"), png!);
    console.log(
      `Canasta e2e: ${stats.turns} turns, ${rec?.state?.results.length} hands, melds ${stats.melds}, extensions ${stats.extends}, takes ${stats.takes}, panel turns ${stats.panel}, totals ${rec?.state?.totals.join("/")}`,
    );
    // No 4xx answer to the bot during a whole game (the global limit aside: the test drives
    // interactions far faster than people do, and the client's pacing meets it at times).
    expect(h.clientErrorsSince(refusalsFrom, { exceptGlobal: true })).toEqual([]);
  });
});
