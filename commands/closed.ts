/**
 * A table closed with `end` as it is shown afterwards: its last picture with who closed it and
 * the scores as they stood, and Play again and New table (the table is kept `over` with
 * `closedBy`; src/bot/tables.ts `end`).
 */
import type { BaseMessageOptions } from "discord.js";
import type { BotContext, TableGameView } from "../src/bot/context.ts";
import { asTable, type TablePayload } from "../src/bot/table-payload.ts";
import type { AnyTable } from "../src/bot/tables.ts";
import { retext } from "../src/bot/components-v2.ts";
import { refuse, sayAt } from "../src/bot/words.ts";

/**
 * The message of a table closed with `end` (`rec.closedBy` set): its last picture, "Table closed
 * by `name`" and the scores as they stand, Play again and New table. Ordered after the table's
 * last state (a table message of it still on its way lands older and is removed, so the closing
 * message stays the channel's newest; src/surfaces/channel/live.ts).
 */
export async function closedPayload(game: TableGameView, rec: AnyTable, name: string): Promise<TablePayload> {
  const note = sayAt(rec, "table.closed_by", { name });
  const closed: TablePayload = { ...(await game.payload(rec, note)), rev: [rec.updatedAt, rec.rev] };
  if (!rec.state) return retext(closed, note, true);
  const standing = game.standing?.(rec) ?? "";
  const text = standing ? `${note} ${standing}` : note;
  // Its record (the line it leaves once tidied) says what it says, not the game payload's result
  // line, which a game closed before its end never reached ("Lowest total: ." with no one).
  return { ...retext(closed, text), record: asTable({}, text, "over").record, allowedMentions: { parse: [] } };
}

/** A table as `/… table` shows it: as closed (who closed it, the scores as they stood) when it was closed with `end`. */
export async function shownTable(ctx: BotContext, rec: AnyTable): Promise<BaseMessageOptions> {
  const game = ctx.tableGames.find((g) => g.id === rec.game);
  if (!game) throw refuse("table/none");
  if (!rec.closedBy) return game.payload(rec);
  const by = rec.seats.find((s) => s.userId === rec.closedBy)?.name ?? `<@${rec.closedBy}>`;
  return closedPayload(game, rec, by);
}
