/**
 * Cardeno as a game module (`GameModule`, commands/game-module.ts): its table game and rated
 * game, `/cardeno`, its rules document (docs/rules/cardeno.md) and its house variants (a race
 * has no turn clock).
 */
import type { TableGameView } from "../../src/bot/context";
import { cardenoGame, cardenoRated } from "../../src/games/cardeno/table-game";
import type { GameModule } from "../game-module";
import { CARDENO_WORDS } from "../../render/cardeno/words";
import { animateWith } from "../replay-animation";
import { CARDENO_RULES } from "./tables";
import { cardenoCommand, PACE_VARIANT, ROUNDS_VARIANT, VARIANT_VARIANT } from "./command";
import { CARDENO_VERBS, cardenoComponent } from "./components";
import { cardenoMoveNote, cardenoTimed } from "./live";
import { cardenoPayload, cardenoPicture, cardenoRound, cardenoStanding } from "./table";

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
