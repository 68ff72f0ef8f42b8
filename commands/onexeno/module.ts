/**
 * The ONEXENO family as one game module (`GameModule`, commands/game-module.ts): ONEXENO basic
 * and partners, canasta and solitaire, all under `/onexeno`, with their rated games, rules
 * documents (docs/rules/onexeno*.md), turn clocks and house variants.
 */
import type { TableGameView } from "../../src/bot/context";
import { canastaGame, onexenoGame, onexenoRated, solitaireGame } from "../../src/games/onexeno/table-games";
import { CANASTA_VERBS, canastaComponent, canastaPayload, canastaStanding, moveNote as canastaMoveNote } from "../canasta/index";
import { canastaHands, canastaPicture, canastaRound } from "../canasta/table";
import type { GameModule } from "../game-module";
import { ONEXENO_WORDS } from "../../render/onexeno/words";
import { animateWith } from "../replay-animation";
import { SOLITAIRE_GAME } from "../solitaire/index";
import { solitairePicture } from "../solitaire/table";
import { CANASTA_ROWS_VARIANT, CANASTA_TARGET_VARIANT, HANDS_VARIANT, onexenoCommand } from "./command";
import { ONEXENO_VERBS, onexenoComponent } from "./components";
import { moveNote as onexenoMoveNote, standingText } from "./notes";
import { ONEXENO_RULES } from "./rules";
import { onexenoHands, onexenoPicture, onexenoRound, tablePayload } from "./view";

/** ONEXENO basic and partners at a table (one table game, by variant). */
const onexenoView: TableGameView = {
  id: "onexeno",
  what: "ONEXENO table",
  command: "onexeno",
  tables: (ctx) => ctx.service("onexeno"),
  payload: tablePayload,
  moveNote: onexenoMoveNote,
  standing: standingText,
  animate: animateWith(onexenoPicture),
  hands: onexenoHands,
  roundOf: onexenoRound,
  verbs: ONEXENO_VERBS,
  component: onexenoComponent,
};

/** ONEXENO canasta at a table. */
const canastaView: TableGameView = {
  id: "canasta",
  what: "canasta table",
  command: "onexeno",
  tables: (ctx) => ctx.service("canasta"),
  payload: canastaPayload,
  moveNote: canastaMoveNote,
  standing: canastaStanding,
  animate: animateWith(canastaPicture),
  hands: canastaHands,
  roundOf: canastaRound,
  verbs: CANASTA_VERBS,
  component: canastaComponent,
};

/** The ONEXENO family: `/onexeno`. */
export const ONEXENO: GameModule = {
  name: "onexeno",
  games: [onexenoGame, canastaGame, solitaireGame],
  rated: onexenoRated,
  views: [onexenoView, canastaView, { ...SOLITAIRE_GAME, animate: animateWith(solitairePicture) }],
  words: ONEXENO_WORDS,
  command: onexenoCommand,
  rules: [ONEXENO_RULES.basic, ONEXENO_RULES.solitaire, ONEXENO_RULES.canasta],
  clocks: ["onexeno", "canasta"],
  variants: [HANDS_VARIANT, CANASTA_ROWS_VARIANT, CANASTA_TARGET_VARIANT],
};
