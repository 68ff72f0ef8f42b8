/**
 * Onze as a game module (`GameModule`, commands/game-module.ts): its table game and rated game,
 * `/onze`, its rules document (docs/rules/onze.md) and its turn clock.
 */
import type { LiveKind, TableGameView } from "../../src/bot/context.ts";
import { onzeGame, onzeRated } from "../../src/games/onze/table-game.ts";
import type { GameModule } from "../game-module.ts";
import { ONZE_WORDS } from "../../render/onze/words.ts";
import { animateWith } from "../replay-animation.ts";
import { ONZE_LIVE } from "./live-table.ts";
import { ONZE_RULES, onzeCommand } from "./command.ts";
import { ONZE_VERBS, onzeComponent } from "./components.ts";
import { ONZE_PANELS } from "./panel.ts";
import { onzeHands, onzeInterlude, onzeMoveNote, onzePayload, onzePicture, onzeRound, onzeStanding } from "./table.ts";

/** Onze at a table. */
const onzeView: TableGameView = {
  id: "onze",
  what: "Onze table",
  command: "onze",
  tables: (ctx) => ctx.service("onze"),
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
  live: ONZE_LIVE as LiveKind,
};

/** Onze: `/onze`. */
export const ONZE: GameModule = {
  name: "onze",
  games: [onzeGame],
  rated: onzeRated,
  views: [onzeView],
  words: ONZE_WORDS,
  command: onzeCommand,
  rules: [ONZE_RULES],
  clocks: ["onze"],
};
