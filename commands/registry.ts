/**
 * The bot side of the one list of table games (`src/games/index.ts` holds their rules): for
 * each, how its table reads in a channel (the public message, what a move did) and which
 * table service of the bot context holds it. The host (src/app.ts) puts it in the bot context
 * (`ctx.tableGames`) and builds resume, computer players and clocks from it without naming a
 * game. The only module that imports every game's command files: shared helpers
 * (commands/games.ts) read the list from the context, so no game's file imports it back.
 */
import type { AnyTables } from "../src/bot/tables";
import type { GameId } from "../src/games/index";
import type { BotContext, TableGameView } from "../src/bot/context";
import { CANASTA_VERBS, canastaComponent, canastaPayload, canastaStanding, moveNote as canastaMoveNote } from "./canasta/index";
import { moveNote as onexenoMoveNote, standingText } from "./onexeno/index";
import { onexenoHands, onexenoPicture, onexenoRound, tablePayload } from "./onexeno/view";
import { ONEXENO_VERBS, onexenoComponent } from "./onexeno/components";
import { canastaHands, canastaPicture, canastaRound } from "./canasta/table";
import { onzeHands, onzePicture, onzeRound } from "./onze/table";
import { cardenoPicture, cardenoRound } from "./cardeno/table";
import { solitairePicture } from "./solitaire/table";
import { animateWith } from "./replay-animation";
import { ONZE_PANELS, ONZE_VERBS, onzeComponent, onzeInterlude, onzeMoveNote, onzePayload, onzeStanding } from "./onze/index";
import { SOLITAIRE_GAME } from "./solitaire/index";
import { CARDENO_VERBS, cardenoComponent, cardenoMoveNote, cardenoPayload, cardenoStanding, cardenoTimed } from "./cardeno/index";

/**
 * The table service of game `id` in the bot context: src/app.ts makes one for every game of the
 * list, so a missing one is a bug (an Error), never a user's mistake.
 */
const serviceOf =
  (id: GameId) =>
  (ctx: BotContext): AnyTables => {
    const service = ctx.games.get(id);
    if (!service) throw new Error(`no table service for ${id}`);
    return service;
  };

/**
 * Each game's bot side, in the order of `GAME_IDS`. A game's functions take its own table type:
 * the view's members are methods, which TypeScript checks both ways, so no cast is needed here.
 */
export const TABLE_GAMES: readonly TableGameView[] = [
  {
    id: "onexeno",
    what: "ONEXENO table",
    command: "onexeno",
    tables: serviceOf("onexeno"),
    payload: tablePayload,
    moveNote: onexenoMoveNote,
    standing: standingText,
    animate: animateWith(onexenoPicture),
    hands: onexenoHands,
    roundOf: onexenoRound,
    verbs: ONEXENO_VERBS,
    component: onexenoComponent,
  },
  {
    id: "canasta",
    what: "canasta table",
    command: "onexeno",
    tables: serviceOf("canasta"),
    payload: canastaPayload,
    moveNote: canastaMoveNote,
    standing: canastaStanding,
    animate: animateWith(canastaPicture),
    hands: canastaHands,
    roundOf: canastaRound,
    verbs: CANASTA_VERBS,
    component: canastaComponent,
  },
  {
    id: "onze",
    what: "Onze table",
    command: "onze",
    tables: serviceOf("onze"),
    payload: onzePayload,
    moveNote: onzeMoveNote,
    interlude: onzeInterlude,
    panels: ONZE_PANELS,
    standing: onzeStanding,
    animate: animateWith(onzePicture),
    hands: onzeHands,
    roundOf: onzeRound,
    verbs: ONZE_VERBS,
    component: onzeComponent,
  },
  {
    id: "cardeno",
    what: "Cardeno table",
    command: "cardeno",
    tables: serviceOf("cardeno"),
    payload: cardenoPayload,
    moveNote: cardenoMoveNote,
    standing: cardenoStanding,
    verbs: CARDENO_VERBS,
    component: cardenoComponent,
    timed: cardenoTimed,
    animate: animateWith(cardenoPicture),
    roundOf: cardenoRound,
  },
  { ...SOLITAIRE_GAME, animate: animateWith(solitairePicture) },
];
