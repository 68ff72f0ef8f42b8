/**
 * What a Cardeno table's own steps and moves did, in words, and how they are shown: the table
 * edited in place within the channel's write budget, the panels refreshed.
 */
import { type BaseMessageOptions } from "discord.js";
import type { BotContext } from "../../src/bot/context";
import { cardenoView, REVEAL_MS, type CardenoEvent, type CardenoState } from "../../src/games/cardeno/game";
import { cardenoStatus } from "../../render/cardeno";

import { type CardenoTable, tablesOf, names } from "./codes";
import { sayAt, scoresLine, tableLocale } from "../../src/bot/words";
import { handNameIn, lineNameIn } from "../../render/cardeno-words";
import { evaluate } from "../../src/games/cardeno/poker";
import { pieceOf } from "../../src/games/cardeno/pieces";
import { cardenoPayload } from "./table";
import { refreshPanels } from "./panel";

/** What the newest events of a table say, in words (null: nothing worth a new message). */
export function eventsNote(rec: CardenoTable, events: readonly CardenoEvent[]): string | null {
  const n = names(rec);
  const locale = tableLocale(rec);
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(rec, `cardeno.${key}`, params);
  const who = (seat: number) => n[seat] ?? say("seat", { n: seat + 1 });
  const s = rec.state as CardenoState;
  const out: string[] = [];
  // The round's totals and its POKER-CARDENO result, which lead the note (below).
  let totals: string | null = null;
  let poker: string | null = null;
  const handOf = (pieces: readonly number[]) => handNameIn(locale, evaluate(pieces.map(pieceOf)));
  for (const e of events) {
    switch (e.kind) {
      case "go":
        if (e.round > 1) out.push(say("ev_go", { n: e.round, faces: say(e.round % 2 ? "odd" : "even") }));
        break;
      case "cardeno":
        out.push(say("ev_cardeno", { name: who(e.seat), line: lineNameIn(locale, e.line) }));
        break;
      case "double":
        out.push(say("ev_double", { name: who(e.seat), line: lineNameIn(locale, e.line) }));
        break;
      case "reveal": {
        const why = e.reason === "stuck" ? say("ev_stuck") : e.reason === "idle" ? say("ev_idle") : "";
        out.push(`${why}${say("ev_reveal", { s: REVEAL_MS / 1000 })}`);
        break;
      }
      case "poker": {
        const hands = s.sheet.at(-1)?.hands ?? s.hands.map(() => null);
        // The winners' hand named from its pieces, in the table's language.
        const best = e.winners.map((w) => hands[w]).find((h) => h);
        const name = best ? handOf(best.pieces) : e.name;
        poker =
          e.points > 0
            ? say(e.winners.length === 1 ? "ev_poker_one" : "ev_poker_other", {
                ...{ winners: e.winners.map(who).join(" & "), hand: name, points: e.points },
              })
            : say("ev_poker_none");
        out.push(poker);
        const shown = hands.flatMap((h, i) => (h ? [`${who(i)}: ${handOf(h.pieces)}`] : []));
        if (shown.length) out.push(say("ev_hands", { list: shown.join(" · ") }));
        break;
      }
      case "full":
        out.push(say("ev_full", { name: who(e.seat) }));
        break;
      case "round_over":
        totals = `${say("ev_round_over", { n: e.round, totals: scoresLine(rec.seats, s.scores) })}${e.round < s.rounds ? ` ${say("ev_next_round")}` : ""}`;
        out.push(totals);
        break;
    }
  }
  // A round's totals lead, with the POKER-CARDENO result: the first line is what the message
  // keeps once a newer table replaces it.
  const at = totals === null ? -1 : out.indexOf(totals);
  if (at > 0) {
    out.splice(at, 1);
    const p = poker === null ? -1 : out.indexOf(poker);
    if (p >= 0) out.splice(p, 1);
    out.unshift(p >= 0 ? `${totals} ${poker}` : (totals as string));
  }
  return out.length ? out.join("\n") : null;
}

/**
 * Shows what changed at a Cardeno table (a grab, or the table's own steps): a new table message
 * when something notable happened (CARDENO, DOUBLE, the reveal, a round's result, a new round),
 * else a coalesced edit of the live table; and every open panel refreshed. Announcements and
 * edits take from the channel's budget (`ctx.budget`: 5 writes in any 5 s, Discord's bucket for
 * a channel's messages) and render once it grants them, so what is shown is the newest state.
 */
export async function cardenoChanged(ctx: BotContext, channelId: string, before: CardenoTable, after: CardenoTable): Promise<void> {
  const events = after.state?.events.slice(before.state?.events.length ?? 0) ?? [];
  const note = after.status === "over" && before.status !== "over" ? (eventsNote(after, events) ?? "") : eventsNote(after, events);
  refreshPanels(ctx, channelId);
  if (note !== null) {
    ctx.coalescer.drop(`cardeno-table:${channelId}`);
    await ctx.budget.take(channelId, 2); // the new message, and the edit that tidies the one before it
    const now = await tablesOf(ctx).get(channelId);
    // Closed with end while the budget was waited for: its closing message is the last word.
    if (!now) return;
    // The newest state of this table (a later round's table keeps this announcement's picture).
    const shown = now && now.createdAt === after.createdAt && now.rev >= after.rev ? now : after;
    await ctx.post(channelId, await cardenoPayload(shown, note));
    return;
  }
  ctx.coalescer.request(`cardeno-table:${channelId}`, async () => {
    const live = async () => {
      const rec = await tablesOf(ctx).get(channelId);
      return rec?.status === "playing" ? rec : null;
    };
    if (!(await live())) return;
    await ctx.budget.take(channelId);
    const rec = await live();
    if (!rec) return;
    const payload = await cardenoPayload(rec);
    const { record: _r, ...body } = payload;
    if (!(await ctx.editLive(channelId, body))) await ctx.post(channelId, payload);
  });
}

/** The table's own steps (the caller, computers), for the clocks: announcements are posted by `cardenoChanged`. */
export async function cardenoTimed(ctx: BotContext, before: CardenoTable, after: CardenoTable): Promise<BaseMessageOptions[]> {
  await cardenoChanged(ctx, after.channelId, before, after);
  return [];
}

/** A short record of a change (for logs and tournaments). */
export function cardenoMoveNote(_before: CardenoTable, after: CardenoTable): string {
  return after.state ? cardenoStatus(cardenoView(after.state, null), names(after), tableLocale(after)) : "";
}
