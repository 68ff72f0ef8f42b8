/**
 * The bot side of the one list of table games (`src/games/index.ts` holds their rules): for
 * each, how its table reads in a channel (the public message, what a move did) and which
 * table service of the bot context holds it. The host (src/app.ts) puts it in the bot context
 * (`ctx.tableGames`) and builds resume, computer players and clocks from it without naming a
 * game. The only module that imports every game's command files: shared helpers
 * (commands/games.ts) read the list from the context, so no game's file imports it back.
 */
import type { AnyTables, CanastaTable, TableRecord } from "../src/bot/tables";
import type { TableGameView } from "../src/bot/context";
import { CANASTA_VERBS, canastaComponent, canastaPayload, moveNote as canastaMoveNote } from "./canasta";
import { moveNote as onexenoMoveNote } from "./onexeno";
import { tablePayload } from "./onexeno-view";
import { ONZE_VERBS, onzeComponent, onzeMoveNote, onzePayload, type OnzeTable } from "./onze";
import { CARDENO_VERBS, cardenoComponent, cardenoMoveNote, cardenoPayload, cardenoTimed, type CardenoTable } from "./cardeno";

export const TABLE_GAMES: readonly TableGameView[] = [
  {
    id: "onexeno",
    what: "ONEXENO table",
    command: "onexeno",
    tables: (ctx) => ctx.games.get("onexeno") as AnyTables,
    payload: (rec, note) => tablePayload(rec as TableRecord, note),
    moveNote: (before, after) => onexenoMoveNote(before as TableRecord, after as TableRecord),
  },
  {
    id: "canasta",
    what: "canasta table",
    command: "onexeno",
    tables: (ctx) => ctx.games.get("canasta") as AnyTables,
    payload: (rec, note) => canastaPayload(rec as CanastaTable, note),
    moveNote: (before, after) => canastaMoveNote(before as CanastaTable, after as CanastaTable),
    verbs: CANASTA_VERBS,
    component: canastaComponent,
  },
  {
    id: "onze",
    what: "Onze table",
    command: "onze",
    tables: (ctx) => ctx.games.get("onze") as AnyTables,
    payload: (rec, note) => onzePayload(rec as unknown as OnzeTable, note),
    moveNote: (before, after) => onzeMoveNote(before as unknown as OnzeTable, after as unknown as OnzeTable),
    verbs: ONZE_VERBS,
    component: onzeComponent,
  },
  {
    id: "cardeno",
    what: "Cardeno table",
    command: "cardeno",
    tables: (ctx) => ctx.games.get("cardeno") as AnyTables,
    payload: (rec, note) => cardenoPayload(rec as unknown as CardenoTable, note),
    moveNote: (before, after) => cardenoMoveNote(before as unknown as CardenoTable, after as unknown as CardenoTable),
    verbs: CARDENO_VERBS,
    component: cardenoComponent,
    timed: (ctx, before, after) => cardenoTimed(ctx, before as unknown as CardenoTable, after as unknown as CardenoTable),
  },
];
