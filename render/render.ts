/**
 * Table, hand and solitaire pictures as PNG bytes, for the bot: each draws its scene (the
 * `draw…` function of its file) on the picture pool (src: ./pool.ts), or inline with a theme
 * other than the default (the pool's workers draw the default theme only). Kept apart from the
 * scene files so that the pool, which draws scenes, is never imported by them (no import cycle).
 */
import type { CardId } from "../src/games/onexeno/cards";
import type { Locale } from "../src/i18n/index";
import type { CanastaView } from "../src/games/onexeno/canasta";
import type { OnexenoView } from "../src/games/onexeno/game";
import type { SolitaireView } from "../src/games/onexeno/solitaire";
import type { Card } from "../src/games/onze/cards";
import type { OnzeView } from "../src/games/onze/game";
import { encodePicture } from "./encode";
import { drawCanastaTable } from "./onexeno-canasta";
import { drawOnexenoHand } from "./onexeno-hand";
import { drawSolitaire } from "./onexeno-solitaire";
import { drawOnexenoTable } from "./onexeno-table";
import { drawOnzeHand, drawOnzeTable } from "./onze-table";
import { renderPicture } from "./pool";
import { DEFAULT_THEME, type Theme } from "./theme";

/** The public canasta table as PNG bytes (see `drawCanastaTable`). */
export async function renderCanastaTable(
  view: CanastaView,
  names: readonly string[],
  theme: Theme = DEFAULT_THEME,
  clock?: string,
  locale: Locale = "en",
): Promise<Buffer> {
  if (theme !== DEFAULT_THEME) return encodePicture(drawCanastaTable(view, names, theme, clock, locale));
  return renderPicture({ kind: "canasta-table", view, names, clock, locale });
}

/** Renders a hand as PNG bytes. `playable` marks cards with at least one legal placement. */
export async function renderOnexenoHand(
  hand: readonly CardId[],
  playable: ReadonlySet<CardId>,
  title: string,
  theme: Theme = DEFAULT_THEME,
  /** Text under card i instead of the default ("5 pts · can play"). */
  caption?: (card: CardId, index: number) => string,
  /** The language of the card names (the reader's). */
  locale: Locale = "en",
): Promise<Buffer> {
  if (theme !== DEFAULT_THEME) return encodePicture(drawOnexenoHand(hand, playable, title, theme, caption, locale));
  const captions = caption ? hand.map(caption) : undefined;
  return renderPicture({ kind: "onexeno-hand", hand, playable: [...playable], title, captions, locale });
}

/** The solitaire table as PNG bytes (see `drawSolitaire`). */
export async function renderSolitaire(
  view: SolitaireView,
  owner: string,
  theme: Theme = DEFAULT_THEME,
  hint?: { x: number; y: number } | null,
  locale: Locale = "en",
): Promise<Buffer> {
  if (theme !== DEFAULT_THEME) return encodePicture(drawSolitaire(view, owner, theme, hint, locale));
  return renderPicture({ kind: "solitaire", view, owner, hint, locale });
}

/** The public table picture as PNG bytes (see `drawOnexenoTable`), its words in `locale` (the table's). */
export async function renderOnexenoTable(
  view: OnexenoView,
  names: readonly string[],
  theme: Theme = DEFAULT_THEME,
  clock?: string,
  locale: Locale = "en",
): Promise<Buffer> {
  if (theme !== DEFAULT_THEME) return encodePicture(drawOnexenoTable(view, names, theme, clock, locale));
  return renderPicture({ kind: "onexeno-table", view, names, clock, locale });
}

/** The public Onze table as PNG bytes (see `drawOnzeTable`), its words and card names in `locale` (the table's). */
export async function renderOnzeTable(
  view: OnzeView,
  names: readonly string[],
  theme: Theme = DEFAULT_THEME,
  clock?: string,
  locale: Locale = "en",
): Promise<Buffer> {
  if (theme !== DEFAULT_THEME) return encodePicture(drawOnzeTable(view, names, theme, clock, locale));
  return renderPicture({ kind: "onze-table", view, names, clock, locale });
}

/**
 * The private hand as PNG bytes: cards in the order given (sorted by the caller), a title, the
 * help (wrapped over up to three lines at its ` · ` breaks), and `fresh` (cards just drawn or
 * bought) outlined and marked "new".
 */
export async function renderOnzeHand(
  hand: readonly Card[],
  title: string,
  help: string,
  fresh: readonly Card[] = [],
  theme: Theme = DEFAULT_THEME,
  /** The language of the card names (the reader's). */
  locale: Locale = "en",
): Promise<Buffer> {
  if (theme !== DEFAULT_THEME) return encodePicture(drawOnzeHand(hand, title, help, fresh, theme, locale));
  return renderPicture({ kind: "onze-hand", hand, title, help, fresh, locale });
}
