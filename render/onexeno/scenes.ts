/**
 * The ONEXENO family's pictures as one scene module (render/scenes.ts): the basic/partners table,
 * a private hand, the canasta table and a solitaire game. Each scene's data is plain (a picture
 * thread draws it); `ONEXENO_SCENES.job(scene, data)` makes its picture job.
 */
import type { CardId } from "../../src/games/onexeno/cards.ts";
import type { CanastaView } from "../../src/games/onexeno/canasta.ts";
import type { OnexenoView } from "../../src/games/onexeno/game.ts";
import type { SolitaireView } from "../../src/games/onexeno/solitaire.ts";
import type { Locale } from "../../src/i18n/index.ts";
import { sceneModule } from "../scenes.ts";
// The game's words, added to this thread's as it loads (a picture thread loads them with the scenes).
import { describeOnexenoTable } from "./words.ts";
import { CANASTA_WIDTH, canastaHeight, describeCanasta, drawCanastaTable } from "./canasta.ts";
import { drawOnexenoHand } from "./hand.ts";
import { describeSolitaire, drawSolitaire, SOLITAIRE_HEIGHT, SOLITAIRE_WIDTH } from "./solitaire.ts";
import { drawOnexenoTable, TABLE_HEIGHT, TABLE_WIDTH } from "./table.ts";

/**
 * A public table (basic, partners or canasta): its view, the seats' names, the clock's label
 * (`until 14:05 UTC`), the table's language; `closed`: closed before the session's end (`end`, or
 * an organiser): no turn, no clock, the totals as they stood.
 */
export interface TableScene<V> {
  readonly view: V;
  readonly names: readonly string[];
  readonly clock?: string | undefined;
  readonly locale?: Locale | undefined;
  readonly closed?: boolean | undefined;
}

/**
 * A private hand: its cards, which of them can be played, its title, each card's caption (absent:
 * points and playability) and the positions (0-based, in `hand`) of the cards just drawn
 * (`marked`: framed as the playable ones are, whichever copy of a card it is).
 */
export interface HandScene {
  readonly hand: readonly CardId[];
  readonly playable: readonly CardId[];
  readonly title: string;
  readonly captions?: readonly string[] | undefined;
  readonly locale?: Locale | undefined;
  readonly marked?: readonly number[] | undefined;
}

/** A solitaire game: its view, its player's name, and a hinted cell. */
export interface SolitaireScene {
  readonly view: SolitaireView;
  readonly owner: string;
  readonly hint?: { x: number; y: number } | null | undefined;
  readonly locale?: Locale | undefined;
}

/** The ONEXENO family's scenes. */
export const ONEXENO_SCENES = sceneModule(import.meta.url, {
  table: {
    draw: (d: TableScene<OnexenoView>) => drawOnexenoTable(d.view, d.names, undefined, d.clock, d.locale, d.closed),
    size: () => ({ width: TABLE_WIDTH, height: TABLE_HEIGHT }),
    describe: (d: TableScene<OnexenoView>) => describeOnexenoTable(d.view, d.names, d.locale, d.closed),
  },
  hand: {
    draw: (d: HandScene) => {
      const captions = d.captions;
      const caption = captions ? (_card: CardId, i: number) => captions[i] ?? "" : undefined;
      return drawOnexenoHand(d.hand, new Set(d.playable), d.title, undefined, caption, d.locale, new Set(d.marked));
    },
  },
  canasta: {
    draw: (d: TableScene<CanastaView>) => drawCanastaTable(d.view, d.names, undefined, d.clock, d.locale, d.closed),
    size: (d: TableScene<CanastaView>) => ({ width: CANASTA_WIDTH, height: canastaHeight(d.view.seats) }),
    describe: (d: TableScene<CanastaView>) => describeCanasta(d.view, d.names, d.locale, d.closed),
  },
  solitaire: {
    draw: (d: SolitaireScene) => drawSolitaire(d.view, d.owner, undefined, d.hint, d.locale),
    size: () => ({ width: SOLITAIRE_WIDTH, height: SOLITAIRE_HEIGHT }),
    describe: (d: SolitaireScene) => describeSolitaire(d.view, d.owner, d.locale),
  },
});
