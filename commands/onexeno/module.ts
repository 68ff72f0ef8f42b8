/**
 * The ONEXENO family as one game module (`GameModule`, commands/game-module.ts): ONEXENO basic
 * and partners, canasta and solitaire, all under `/onexeno`, with their rated games, rules
 * documents (docs/rules/onexeno*.md), turn clocks and house variants.
 */
import type { LiveKind, TableGameView } from "../../src/bot/context.ts";
import { canastaGame, onexenoGame, onexenoRated, solitaireGame } from "../../src/games/onexeno/table-games.ts";
import { CANASTA_VERBS, canastaComponent, canastaPayload, canastaStanding, moveNote as canastaMoveNote } from "../canasta/index.ts";
import { canastaHands, canastaPicture, canastaRound } from "../canasta/table.ts";
import type { GameModule } from "../game-module.ts";
import { ONEXENO_WORDS } from "../../render/onexeno/words.ts";
import { animateWith } from "../replay-animation.ts";
import { CANASTA_LIVE } from "../canasta/live-table.ts";
import { SOLITAIRE_GAME } from "../solitaire/index.ts";
import { SOLITAIRE_LIVE } from "../solitaire/live-table.ts";
import { solitairePicture } from "../solitaire/table.ts";
import { CANASTA_ROWS_VARIANT, CANASTA_TARGET_VARIANT, HANDS_VARIANT, onexenoCommand } from "./command.ts";
import { ONEXENO_VERBS, onexenoComponent } from "./components.ts";
import { ONEXENO_LIVE } from "./live-table.ts";
import { moveNote as onexenoMoveNote, standingText } from "./notes.ts";
import { ONEXENO_RULES } from "./rules.ts";
import { onexenoHands, onexenoPicture, onexenoRound, tablePayload } from "./view.ts";

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
  live: ONEXENO_LIVE as LiveKind,
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
  live: CANASTA_LIVE as LiveKind,
};

/** The ONEXENO family: `/onexeno`. */
export const ONEXENO: GameModule = {
  name: "onexeno",
  games: [onexenoGame, canastaGame, solitaireGame],
  rated: onexenoRated,
  views: [onexenoView, canastaView, { ...SOLITAIRE_GAME, animate: animateWith(solitairePicture), live: SOLITAIRE_LIVE as LiveKind }],
  words: ONEXENO_WORDS,
  command: onexenoCommand,
  rules: [ONEXENO_RULES.basic, ONEXENO_RULES.solitaire, ONEXENO_RULES.canasta],
  clocks: ["onexeno", "canasta"],
  variants: [HANDS_VARIANT, CANASTA_ROWS_VARIANT, CANASTA_TARGET_VARIANT],
};
