/**
 * Cardeno's bot side, shared pieces: its table types, its pacing of edits, the names of a
 * board's lines.
 */
import { rulesDocument, rulesIn } from "../rules.ts";
import type { BotContext } from "../../src/bot/context.ts";
import type { GameTable, TablesOf } from "../../src/bot/tables.ts";
import { type CardenoConfig, type CardenoMove, type CardenoState } from "../../src/games/cardeno/game.ts";

/** A stored Cardeno table. */
export type CardenoTable = GameTable<"cardeno", CardenoConfig, CardenoState, CardenoMove>;
/** The Cardeno table service. */
export type CardenoTables = TablesOf<"cardeno">;

/** Least time between two edits of one message (the table, a panel), ms. */
export const EDIT_GAP_MS = 1200;

export const tablesOf = (ctx: BotContext): CardenoTables => ctx.service("cardeno");
export const names = (rec: CardenoTable) => rec.seats.map((s) => s.name);
/** Its rules document (docs/rules/cardeno.md). */
export const CARDENO_RULES = rulesDocument("cardeno");
export const RULES = rulesIn(CARDENO_RULES);
