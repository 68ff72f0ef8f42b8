/**
 * Cardeno as a game module (`GameModule`, commands/game-module.ts): its table game and rated
 * game, `/cardeno`, its rules document (docs/rules/cardeno.md) and its house variants (a race
 * has no turn clock).
 */
import type { LiveKind, TableGameView } from "../../src/bot/context.ts";
import { cardenoGame, cardenoRated } from "../../src/games/cardeno/table-game.ts";
import type { GameModule } from "../game-module.ts";
import { CARDENO_WORDS } from "../../render/cardeno/words.ts";
import { animateWith } from "../replay-animation.ts";
import { CARDENO_RULES } from "./tables.ts";
import { cardenoCommand, PACE_VARIANT, ROUNDS_VARIANT, VARIANT_VARIANT } from "./command.ts";
import { CARDENO_VERBS, cardenoComponent } from "./components.ts";
import { cardenoMoveNote, cardenoTimed } from "./live.ts";
import { CARDENO_LIVE } from "./live-table.ts";
import { cardenoPayload, cardenoPicture, cardenoRound, cardenoStanding } from "./table.ts";
import { CARDENO_PANELS } from "./panel.ts";

/** Cardeno at a table. */
const cardenoView: TableGameView = {
  id: "cardeno",
  what: "Cardeno table",
  command: "cardeno",
  tables: (ctx) => ctx.service("cardeno"),
  payload: cardenoPayload,
  moveNote: cardenoMoveNote,
  standing: cardenoStanding,
  verbs: CARDENO_VERBS,
  component: cardenoComponent,
  timed: cardenoTimed,
  animate: animateWith(cardenoPicture),
  roundOf: cardenoRound,
  live: CARDENO_LIVE as LiveKind,
  // Refreshed after every save too (the race's own steps refresh them at its pace, `cardenoChanged`):
  // a table closed with end, or a seat left or kicked, reaches every open board at once.
  panels: CARDENO_PANELS,
};

/** Cardeno: `/cardeno`. */
export const CARDENO: GameModule = {
  name: "cardeno",
  games: [cardenoGame],
  rated: cardenoRated,
  views: [cardenoView],
  words: CARDENO_WORDS,
  command: cardenoCommand,
  rules: [CARDENO_RULES],
  variants: [PACE_VARIANT, VARIANT_VARIANT, ROUNDS_VARIANT],
};
