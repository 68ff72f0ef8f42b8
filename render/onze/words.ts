/**
 * Onze in each language's words: card names by each language's own convention (French R/D/V
 * for king, queen, jack; German K/D/B; the suit glyphs are the same everywhere), a card in
 * full words for alt text, the round's contract, melds, whose turn and what they do next, the
 * latest move, and the table picture's alt text. Words: locales/ beside this file (`ONZE_WORDS`).
 */
import { faceOf, isRedSuit, JOKER_FACE, SUIT_GLYPHS, type Card, type Face } from "../../src/games/onze/cards.ts";
import { CONTRACTS, type Meld } from "../../src/games/onze/melds.ts";
import { onzeStockRebuilds, type OnzeView } from "../../src/games/onze/game.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import de from "./locales/de.json" with { type: "json" };
import en from "./locales/en.json" with { type: "json" };
import es from "./locales/es.json" with { type: "json" };
import fr from "./locales/fr.json" with { type: "json" };
import ptBR from "./locales/pt-BR.json" with { type: "json" };
import { addWords } from "../../src/i18n/index.ts";

/** Onze's words (its `onze` section, its command's entries, its name and refusals), in every language (locales/ beside this file), added to this thread's words as this module loads. */
export const ONZE_WORDS = addWords({ en, fr, de, es, "pt-BR": ptBR });

declare module "../../src/i18n/index" {
  /** ONZE's refusal codes (its words' `refusals`). */
  interface GameRefusals extends Readonly<Record<keyof typeof en.refusals, true>> {}
}

type Params = Readonly<Record<string, string | number>>;
const say = (locale: Locale, key: string, params: Params = {}) => t(locale, `onze.${key}`, params);

/** A rank (1 ace .. 13 king) as printed on a card in `locale`: `A`, `7`, `R` (roi), `B` (Bube). */
export function rankLetter(locale: Locale, rank: number): string {
  return rank === 1 || rank > 10 ? say(locale, `rank_${rank}`) : String(rank);
}

/** A face's short name in `locale`: `7♥`, `D♠` (French dame), `Joker`. */
export function faceNameIn(locale: Locale, face: Face): string {
  if (face === JOKER_FACE) return say(locale, "joker");
  return `${rankLetter(locale, (face % 13) + 1)}${SUIT_GLYPHS[Math.floor(face / 13)]}`;
}

/** A card's short name in `locale` (its face's). */
export const cardNameIn = (locale: Locale, card: Card): string => faceNameIn(locale, faceOf(card));

/** A face in full words, for alt text: `7 of hearts`, `dame de pique`, `Herz König`, `ace of diamonds (wild)`. */
export function faceWordsIn(locale: Locale, face: Face): string {
  if (face === JOKER_FACE) return say(locale, "joker_words");
  const rank = (face % 13) + 1;
  const suit = Math.floor(face / 13);
  const word = rank === 1 || rank > 10 ? say(locale, `word_${rank}`) : String(rank);
  const words = say(locale, "face_words", { rank: word, suit: say(locale, `suit_${suit}`) });
  return rank === 1 && isRedSuit(suit) ? say(locale, "wild_words", { face: words }) : words;
}

/** The contract of `round` (1..7) in `locale`: `2 sets`, `1 groupe + 1 suite`. */
export function contractTextIn(locale: Locale, round: number): string {
  const c = CONTRACTS[round - 1] ?? [];
  const sets = c.filter((k) => k === "set").length;
  const runs = c.length - sets;
  return [sets ? say(locale, "sets", { count: sets }) : "", runs ? say(locale, "runs", { count: runs }) : ""].filter(Boolean).join(" + ");
}

/** A meld in words in `locale`: `set of 7s`, `groupe de rois`, `run 5♥-8♥`, `Folge 10♠-B♠`. */
export function meldWordsIn(locale: Locale, m: Meld): string {
  if (m.kind === "set") return say(locale, `set_${m.rank}`);
  const end = (rank: number) => `${rankLetter(locale, rank)}${SUIT_GLYPHS[m.suit]}`;
  return say(locale, "run_of", { from: end(m.low), to: end(m.low + m.cards.length - 1) });
}

/**
 * The status as the picture draws it, on two lines so that neither is cut: `▶ name` and what
 * they do next (`to draw: the stock, or the top discard`); once over, one line and "".
 */
export function onzeStatusLines(view: OnzeView, names: readonly string[], locale: Locale = "en", closed = false): [string, string] {
  const who = names[view.turn] ?? "?";
  // A table closed with `end`: no turn, no winner; the scores stand as they are.
  if (closed) return [say(locale, "status.closed"), ""];
  if (view.phase === "over") {
    const best = Math.min(...view.totals);
    const winners = view.totals.flatMap((total, i) => (total === best ? [names[i] ?? say(locale, "pic.seat", { n: i + 1 })] : []));
    const joined =
      winners.length > 1 ? say(locale, "status.and", { a: winners.slice(0, -1).join(", "), b: winners.at(-1) ?? "" }) : winners[0];
    return [say(locale, winners.length === 1 ? "status.over_one" : "status.over_other", { winners: joined ?? "", best }), ""];
  }
  if (view.phase === "draw") return [`▶ ${who}`, say(locale, "status.to_draw")];
  const next = view.down[view.turn] ? (view.downThisTurn ? "status.went_down" : "status.lays_off") : "status.may_go_down";
  return [`▶ ${who}`, say(locale, next)];
}

/** The status line: whose turn and what they do next (`onzeStatusLines` joined). */
export function onzeStatus(view: OnzeView, names: readonly string[], locale: Locale = "en", closed = false): string {
  const [who, what] = onzeStatusLines(view, names, locale, closed);
  return what ? `${who} ${what}` : who;
}

/**
 * The latest move in words in `locale`, as the table and alt text say it; the moves of seat `you`
 * (0-based; -1: nobody's) said to that player in the second person (the `_you` forms of
 * `onze.last`, i18next's context: their receipt).
 */
export function onzeLastText(
  view: Pick<OnzeView, "last" | "round" | "dealer">,
  names: readonly string[],
  locale: Locale = "en",
  you = -1,
): string {
  if (!view.last.length) return say(locale, "last.dealt", { name: names[view.dealer] ?? "?", round: view.round });
  const parts = view.last.map((l) => {
    const name = names[l.seat] ?? say(locale, "pic.seat", { n: l.seat + 1 });
    const cards = l.cards.map((c) => cardNameIn(locale, c)).join(" ");
    const to: Record<string, string> = l.seat === you ? { context: "you" } : {};
    switch (l.kind) {
      case "draw":
      case "take":
      case "down":
      case "layoff":
      case "claim":
      case "unclaim":
      case "decline":
      case "bought":
        return say(locale, `last.${l.kind}`, { name, cards, ...to });
      case "swap":
        return say(locale, "last.swap", { name, card: l.cards[0] !== undefined ? cardNameIn(locale, l.cards[0]) : "?", ...to });
      case "discard":
        return say(locale, l.wentOut ? "last.out_face_down" : "last.discard", { name, cards, ...to });
      default:
        return say(locale, "last.moved", { name, ...to });
    }
  });
  return `${parts.join("; ")}.`;
}

/** Alt text of the table picture in `locale`: everything it shows, in words (at most 1,024 characters, Discord's limit). */
export function describeOnze(view: OnzeView, names: readonly string[], locale: Locale = "en", closed = false): string {
  const players = names.slice(0, view.seats).map((n, i) => {
    const melds = (view.melds[i] ?? [])
      .map((m) => `${meldWordsIn(locale, m)} (${m.cards.map((c) => faceWordsIn(locale, faceOf(c))).join(", ")})`)
      .join("; ");
    const line = say(locale, "alt.player", {
      name: n,
      cards: t(locale, "table.cards", { count: view.handSizes[i] ?? 0 }),
      total: view.totals[i] ?? 0,
    });
    return view.down[i] ? say(locale, "alt.down_with", { line, melds }) : line;
  });
  const top =
    view.discardTop === null
      ? say(locale, view.discardCount ? "alt.face_down" : "alt.empty")
      : faceWordsIn(locale, faceOf(view.discardTop));
  const forSale = view.forSale === null ? "" : faceWordsIn(locale, faceOf(view.forSale));
  const sale = !forSale
    ? ""
    : ` ${
        view.claims.length
          ? say(locale, "alt.for_sale_asked", { card: forSale, names: view.claims.map((s) => names[s]).join(", ") })
          : say(locale, "alt.for_sale", { card: forSale })
      }`;
  const status = onzeStatus(view, names, locale, closed).replace("▶ ", "");
  const head = say(locale, "alt.head", {
    round: view.round,
    contract: contractTextIn(locale, view.round),
    status,
    stock: view.stockCount,
    top,
  });
  const rebuilt = view.stockRebuilds ? ` ${say(locale, "alt.rebuilt", { n: view.stockRebuilds, max: onzeStockRebuilds(view.seats) })}` : "";
  return `${head}${rebuilt}${sale} ${players.join(". ")}.`.slice(0, 1024);
}
