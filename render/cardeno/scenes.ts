/**
 * Cardeno's pictures as a scene module (render/scenes.ts): the public race table and a player's
 * board. `CARDENO_SCENES.job(scene, data)` makes a picture job.
 */
import type { CardenoView } from "../../src/games/cardeno/game.ts";
import type { Locale } from "../../src/i18n/index.ts";
import { PICTURE_WIDTH } from "../fonts.ts";
import { sceneModule } from "../scenes.ts";
// The game's words, added to this thread's as it loads (a picture thread loads them with the scenes).
import { describeCardeno } from "./words.ts";
import { cardenoHeight, drawCardenoBoard, drawCardenoTable } from "./table.ts";

/**
 * The public table; `closed`: ended with `end` mid-race. No clock in it: the same position is
 * the same picture, drawn once for the chat table and the live table (commands/live-table.ts).
 */
export interface CardenoTableScene {
  readonly view: CardenoView;
  readonly names: readonly string[];
  readonly locale?: Locale | undefined;
  readonly closed?: boolean | undefined;
}

/** Seat `seat`'s board (its private panel's picture) at `now`. */
export interface CardenoBoardScene {
  readonly view: CardenoView;
  readonly seat: number;
  readonly names: readonly string[];
  readonly now?: number | undefined;
  readonly locale?: Locale | undefined;
  /** The board alone, without the header and the centre (the live table's). */
  readonly bare?: boolean | undefined;
}

/** Cardeno's scenes. */
export const CARDENO_SCENES = sceneModule(import.meta.url, {
  table: {
    draw: (d: CardenoTableScene) => drawCardenoTable(d.view, d.names, undefined, d.locale, d.closed),
    size: (d: CardenoTableScene) => ({ width: PICTURE_WIDTH, height: cardenoHeight(d.view) }),
    describe: (d: CardenoTableScene) => describeCardeno(d.view, d.names, d.locale, d.closed),
  },
  board: { draw: (d: CardenoBoardScene) => drawCardenoBoard(d.view, d.seat, d.names, undefined, d.now, d.locale, d.bare) },
});
