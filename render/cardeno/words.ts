/**
 * Cardeno in each language's words: piece names by each language's card convention (French
 * R/D/V, German K/D/B; suit glyphs and shape letters are the same everywhere), poker hands
 * (`full, rois par les dames`), the board's lines, and a piece in full words for alt text.
 * Words: locales/ beside this file (`CARDENO_WORDS`).
 */
import { SHAPES, type Piece } from "../../src/games/cardeno/pieces.ts";
import { SUIT_GLYPHS, type HandValue, type Rank } from "../../src/games/cardeno/poker.ts";
import { t, t as translate, type Locale } from "../../src/i18n/index.ts";
import { completeLines, slotOf, type CardenoView } from "../../src/games/cardeno/game.ts";
import { pieceOf } from "../../src/games/cardeno/pieces.ts";
import { evaluate } from "../../src/games/cardeno/poker.ts";
import de from "./locales/de.json" with { type: "json" };
import en from "./locales/en.json" with { type: "json" };
import es from "./locales/es.json" with { type: "json" };
import fr from "./locales/fr.json" with { type: "json" };
import ptBR from "./locales/pt-BR.json" with { type: "json" };
import { addWords } from "../../src/i18n/index.ts";

/** Cardeno's words (its `cardeno` section, its command's entries, its name, house variants and refusals), in every language (locales/ beside this file), added to this thread's words as this module loads. */
export const CARDENO_WORDS = addWords({ en, fr, de, es, "pt-BR": ptBR });

declare module "../../src/i18n/index" {
  /** CARDENO's refusal codes (its words' `refusals`). */
  interface GameRefusals extends Readonly<Record<keyof typeof en.refusals, true>> {}
}

/** A rank as printed in `locale`: `7`, `D` (French dame), `Joker`. */
export const rankLabelIn = (locale: Locale, rank: Rank | number): string => (rank > 10 ? t(locale, `cardeno.rank_${rank}`) : String(rank));

/** A piece's short name in `locale`: `D♥ β`, `Joker α`. */
export function pieceNameIn(locale: Locale, p: Piece): string {
  return `${rankLabelIn(locale, p.rank)}${p.suit ? SUIT_GLYPHS[p.suit] : ""} ${SHAPES[p.shape]?.letter ?? "?"}`;
}

/** A poker hand's name in `locale`: `full house, jacks over aces`, `brelan de rois`. */
export function handNameIn(locale: Locale, v: HandValue): string {
  const rs = (x: Rank | undefined) => (x === undefined ? "?" : t(locale, `cardeno.plural_${x}`));
  const r = (x: Rank | undefined) => (x === undefined ? "?" : x > 10 ? t(locale, `cardeno.word_${x}`) : String(x));
  return t(locale, `cardeno.hand_${v.category}`, { r: r(v.kickers[0]), rs: rs(v.kickers[0]), rs2: rs(v.kickers[1]) });
}

/** Line `i` of a board (rows 1-5, columns A-E, the two diagonals) in `locale`: `row 3`, `la colonne B`. */
export const lineNameIn = (locale: Locale, i: number): string =>
  i >= 0 && i < 12 ? t(locale, `cardeno.line_${i}`) : t(locale, "cardeno.a_line");

/** The status line of a view: countdown, race, reveal, break or final (no countdown figures: a picture does not tick). */
export function cardenoStatus(view: CardenoView, names: readonly string[], locale: Locale = "en", closed = false): string {
  const say = (key: string, params: Record<string, string | number> = {}) => translate(locale, `cardeno.pic.${key}`, params);
  if (closed) return say("closed");
  const who = (s: number | null) => (s === null ? "" : (names[s] ?? translate(locale, "cardeno.seat", { n: s + 1 })));
  switch (view.phase) {
    case "countdown":
      // No seconds in the picture: it is drawn once, and the message's live timestamp is the one clock.
      return say("countdown", { n: view.round });
    case "race":
      if (view.variant === "full-board") return say("race_full");
      return view.cardeno === null ? say("race") : say("race_double", { name: who(view.cardeno) });
    case "reveal":
      return say("reveal");
    case "break": {
      const row = view.sheet.at(-1);
      const won = row ? row.score.poker.flatMap((p, i) => (p > 0 ? [i] : [])) : [];
      const hand = won.length ? row?.hands[won[0] as number] : undefined;
      return hand
        ? say("break_poker", {
            n: view.round,
            names: won.map(who).join(" & "),
            hand: handNameIn(locale, evaluate(hand.pieces.map(pieceOf))),
          })
        : say("break", { n: view.round });
    }
    default:
      return say("over");
  }
}

/** Alt text of the public picture in `locale`: the centre's pieces, each board's count and score. */
export function describeCardeno(view: CardenoView, names: readonly string[], locale: Locale = "en", closed = false): string {
  const say = (key: string, params: Record<string, string | number> = {}) => translate(locale, `cardeno.${key}`, params);
  const centre = view.centre.map((f, i) => `${slotOf(f, i) + 1}. ${describePiece(pieceOf(f.piece), locale)}`).join(", ");
  const boards = view.boards
    .map((b, s) =>
      say("alt.board", {
        name: names[s] ?? say("seat", { n: s + 1 }),
        filled: b.filter((p) => p !== null).length,
        lines: say("pic.lines", { count: completeLines(b).length }),
        points: say("pic.points", { count: view.scores[s] ?? 0 }),
      }),
    )
    .join("; ");
  const status = cardenoStatus(view, names, locale, closed);
  return say("alt.text", { n: view.round, rounds: view.rounds, status, centre: centre || say("alt.none"), boards }).slice(0, 1000);
}

/** A piece in words for alt text and lists, in `locale`: `queen of hearts, shape beta`, `dame de cœur, forme beta`. */
export function describePiece(p: Piece, locale: Locale = "en"): string {
  const shape = SHAPES[p.shape]!.name;
  if (!p.suit) return translate(locale, "cardeno.joker_words", { shape });
  const rank = p.rank > 10 ? translate(locale, `cardeno.word_${p.rank}`) : String(p.rank);
  const suit = translate(locale, `cardeno.suit_${p.suit}`);
  return translate(locale, "cardeno.piece_words", { rank, suit, shape });
}
