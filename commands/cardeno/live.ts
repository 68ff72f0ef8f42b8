/**
 * What a Cardeno table's own steps and moves did, in words, and how they are shown: the table
 * edited in place within the channel's write budget, the panels refreshed.
 */
import { type BaseMessageOptions } from "discord.js";
import type { BotContext } from "../../src/bot/context";
import { cardenoView, REVEAL_MS, type CardenoEvent, type CardenoState } from "../../src/games/cardeno/game";
import { cardenoStatus } from "../../render/cardeno";

import { type CardenoTable, tablesOf, names, LINE_NAMES } from "./codes";
import { cardenoPayload } from "./table";
import { refreshPanels } from "./panel";

/** What the newest events of a table say, in words (null: nothing worth a new message). */
export function eventsNote(rec: CardenoTable, events: readonly CardenoEvent[]): string | null {
  const n = names(rec);
  const who = (seat: number) => n[seat] ?? `Seat ${seat + 1}`;
  const s = rec.state as CardenoState;
  const out: string[] = [];
  for (const e of events) {
    switch (e.kind) {
      case "go":
        if (e.round > 1) out.push(`🏁 Round ${e.round}: **Go!** (${e.round % 2 ? "odd" : "even"} faces)`);
        break;
      case "cardeno":
        out.push(`🎉 **CARDENO!** ${who(e.seat)} completed ${LINE_NAMES[e.line] ?? "a line"}: +25.`);
        break;
      case "double":
        out.push(
          `🎉🎉 **DOUBLE-CARDENO!** ${who(e.seat)} has a second line (${LINE_NAMES[e.line] ?? "a line"}): +25; everyone else scores 2 per fitted piece.`,
        );
        break;
      case "reveal":
        out.push(
          `${e.reason === "stuck" ? "Nothing left in the pile or the centre fits an open cut-out: the race is over. " : e.reason === "idle" ? "Nobody grabbed a piece for 5 minutes: the race is over. " : ""}🃏 **POKER-CARDENO**: the bot picked each board's best hand of up to 5 pieces; change yours on **My board** within ${REVEAL_MS / 1000} s.`,
        );
        break;
      case "poker": {
        if (e.points > 0)
          out.push(
            `🃏 POKER-CARDENO: ${e.winners.map(who).join(" & ")} win${e.winners.length === 1 ? "s" : ""} with ${e.name}: +${e.points}.`,
          );
        else out.push("🃏 POKER-CARDENO: no board holds a pair or better; nobody scores.");
        const hands = s.sheet.at(-1)?.hands ?? s.hands.map(() => null);
        const shown = hands.flatMap((h, i) => (h ? [`${who(i)}: ${h.name}`] : []));
        if (shown.length) out.push(`-# Hands: ${shown.join(" · ")}`);
        break;
      }
      case "full":
        out.push(
          `🧩 **Full board!** ${who(e.seat)} filled all 25 cut-outs: +50 and 2 per empty cut-out on the other boards; everyone else 1 per fitted piece.`,
        );
        break;
      case "round_over":
        out.push(
          `Round ${e.round} is over. Totals: ${rec.seats.map((x, i) => `${x.name} ${s.scores[i]}`).join(" · ")}.${e.round < s.rounds ? " The next round starts in 10 s." : ""}`,
        );
        break;
    }
  }
  // A round's totals lead, with the POKER-CARDENO result: the first line is what the message
  // keeps once a newer table replaces it.
  const totals = out.findIndex((l) => l.startsWith("Round ") && l.includes(" is over. Totals: "));
  if (totals > 0) {
    const [line] = out.splice(totals, 1);
    const poker = out.findIndex((l) => l.startsWith("🃏 POKER-CARDENO:"));
    const [said] = poker >= 0 ? out.splice(poker, 1) : [];
    out.unshift(said ? `${line} ${said}` : (line as string));
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
  return after.state ? cardenoStatus(cardenoView(after.state, null), names(after)) : "";
}
