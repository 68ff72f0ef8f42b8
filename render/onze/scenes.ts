/**
 * Onze's pictures as a scene module (render/scenes.ts): the public table and a private hand.
 * `ONZE_SCENES.job(scene, data)` makes a picture job.
 */
import type { Card } from "../../src/games/onze/cards.ts";
import type { OnzeView } from "../../src/games/onze/game.ts";
import type { Locale } from "../../src/i18n/index.ts";
import { sceneModule } from "../scenes.ts";
// The game's words, added to this thread's as it loads (a picture thread loads them with the scenes).
import { describeOnze } from "./words.ts";
import { drawOnzeHand, drawOnzeTable, ONZE_WIDTH, onzeHeight } from "./table.ts";

/** The public table: its view, the seats' names, the clock's label, the table's language; `closed`: ended with `end` before the game was over. */
export interface OnzeTableScene {
  readonly view: OnzeView;
  readonly names: readonly string[];
  readonly clock?: string | undefined;
  readonly locale?: Locale | undefined;
  readonly closed?: boolean | undefined;
}

/** A private hand: its cards in order, its title, its help line, and the cards just drawn or bought (`fresh`, marked new). */
export interface OnzeHandScene {
  readonly hand: readonly Card[];
  readonly title: string;
  readonly help: string;
  readonly fresh: readonly Card[];
  readonly locale?: Locale | undefined;
}

/** Onze's scenes. */
export const ONZE_SCENES = sceneModule(import.meta.url, {
  table: {
    draw: (d: OnzeTableScene) => drawOnzeTable(d.view, d.names, undefined, d.clock, d.locale, d.closed),
    size: (d: OnzeTableScene) => ({ width: ONZE_WIDTH, height: onzeHeight(d.view) }),
    describe: (d: OnzeTableScene) => describeOnze(d.view, d.names, d.locale, d.closed),
  },
  hand: { draw: (d: OnzeHandScene) => drawOnzeHand(d.hand, d.title, d.help, d.fresh, undefined, d.locale) },
});
