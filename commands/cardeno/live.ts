/**
 * What a Cardeno table's own steps and moves did, and how it is shown: the table edited in place
 * within the channel's write budget (with the race's announcements on it), a new table message
 * for a round's start and end, the panels refreshed.
 */
import { type BaseMessageOptions } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { cardenoView } from "../../src/games/cardeno/game.ts";
import { cardenoStatus } from "../../render/cardeno/table.ts";
import { joinRecords, type TablePayload } from "../../src/bot/table-payload.ts";
import { tableLocale } from "../../src/bot/words.ts";
import { type CardenoTable, tablesOf, names } from "./tables.ts";
import { cardenoPayload } from "./table.ts";
import { refreshPanels } from "./panel.ts";
import { eventsNote, raceNews, withinRace } from "./news.ts";

/** Per bot: each channel's race announcements waiting, with the first of them, for room in its budget. */
const waitingNews = new WeakMap<BotContext, Map<string, string[]>>();

/**
 * Shows what changed at a Cardeno table (a grab, or the table's own steps). A round's start and
 * end (its result, the next Go, the game's end) are a new table message. Everything within a
 * race, its CARDENO, DOUBLE, full board and reveal included, is a coalesced edit of the live
 * table, which shows the race's announcements above its status (`raceNews`), as every open
 * board panel does: a new message would push the racers' private boards off-screen. An
 * announcement's edit also adds it to the message's record, the line it leaves in the channel's
 * history. New messages and edits wait for room on the table's surface (`TableSurface.room`: a
 * channel's 5 writes in any 5 s, Discord's bucket for a channel's messages) and render once granted, so what is
 * shown is the newest state.
 */
export async function cardenoChanged(ctx: BotContext, channelId: string, before: CardenoTable, after: CardenoTable): Promise<void> {
  const events = after.state?.events.slice(before.state?.events.length ?? 0) ?? [];
  const note = after.status === "over" && before.status !== "over" ? (eventsNote(after, events) ?? "") : eventsNote(after, events);
  refreshPanels(ctx, channelId);
  const key = `cardeno-table:${channelId}`;
  if (note !== null && !withinRace(after, events)) {
    ctx.coalescer.drop(key);
    await ctx.surface(after).room(channelId, 2); // the new message, and the edit that tidies the one before it
    const now = await tablesOf(ctx).get(channelId);
    // Closed with end while the budget was waited for: its closing message is the last word.
    if (!now) return;
    // The newest state of this table (a later round's table keeps this announcement's picture).
    const shown = now && now.createdAt === after.createdAt && now.rev >= after.rev ? now : after;
    await ctx.post(channelId, await cardenoPayload(shown, note));
    return;
  }
  const live = async () => {
    const rec = await tablesOf(ctx).get(channelId);
    return rec?.status === "playing" && rec.createdAt === after.createdAt ? rec : null;
  };
  if (note !== null) {
    // An announcement is never coalesced away: its edit carries it into the message's record.
    // Those made while one waits for the budget join it (one waiting edit a channel, however
    // fast the race): each waiting on its own held its tables until the channel had room, and a
    // channel busy with the next game's writes never had (bench/soak.ts: 380 waiting at 1,000 games).
    ctx.coalescer.drop(key);
    const byChannel = waitingNews.get(ctx) ?? new Map<string, string[]>();
    waitingNews.set(ctx, byChannel);
    const joining = byChannel.get(channelId);
    if (joining) {
      joining.push(note);
      return;
    }
    const notes = [note];
    byChannel.set(channelId, notes);
    try {
      await ctx.surface(after).room(channelId);
    } finally {
      byChannel.delete(channelId);
    }
    const rec = await live();
    if (!rec) return; // closed meanwhile: its closing message is the last word
    const lines = notes.flatMap((n) => n.split("\n"));
    const payload: TablePayload = { ...(await cardenoPayload(rec, raceNews(rec) ?? lines.join("\n"))), record: joinRecords(lines) };
    if (!(await ctx.surface(rec).editTable(channelId, payload))) await ctx.post(channelId, payload);
    return;
  }
  ctx.coalescer.request(key, async () => {
    if (!(await live())) return;
    await ctx.surface(after).room(channelId);
    const rec = await live();
    if (!rec) return;
    const payload = await cardenoPayload(rec, raceNews(rec) ?? undefined);
    const { record: _r, ...body } = payload;
    if (!(await ctx.surface(rec).editTable(channelId, body))) await ctx.post(channelId, payload);
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
