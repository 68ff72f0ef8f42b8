/**
 * ONEXENO in each language's words: the table picture's alt text, the last move, each player's
 * and team's numbers, and the cards and placements: a card's shape (`L`, `2 paires`,
 * `Haken in Weiß`) from `cardShapeOf`, its label (`3 · L`) and title with its code (the code,
 * `BWB/W4B/BWW`, is what players type and is the same in every language), and a rotation.
 * Words: locales/ beside this file (`ONEXENO_WORDS`).
 */
import { positionLabel } from "../../src/games/onexeno/board.ts";
import { cardName, cardShapeOf, cardValue, type CardId, type Rotation } from "../../src/games/onexeno/cards.ts";
import type { OnexenoView } from "../../src/games/onexeno/game.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import de from "./locales/de.json" with { type: "json" };
import en from "./locales/en.json" with { type: "json" };
import es from "./locales/es.json" with { type: "json" };
import fr from "./locales/fr.json" with { type: "json" };
import ptBR from "./locales/pt-BR.json" with { type: "json" };
import { addWords } from "../../src/i18n/index.ts";

/** The ONEXENO family's words (its `onexeno`, `canasta` and `solitaire` sections, its commands' entries, names and refusals), in every language (locales/ beside this file), added to this thread's words as this module loads. */
export const ONEXENO_WORDS = addWords({ en, fr, de, es, "pt-BR": ptBR });

declare module "../../src/i18n/index" {
  /** ONEXENO's refusal codes (its words' `refusals`). */
  interface GameRefusals extends Readonly<Record<keyof typeof en.refusals, true>> {}
}

/** A card's shape in `locale`'s words, e.g. `2 pairs + dot` or `crochet en blanc`. */
export function shapeIn(locale: Locale, id: CardId): string {
  const shape = cardShapeOf(id);
  if (shape.kind !== "runs") return t(locale, `onexeno.shape.${shape.kind}`);
  const words = shape.runs.map(({ word, n }) => t(locale, `onexeno.shape.${word}`, { count: n })).join(" + ");
  return shape.white ? t(locale, "onexeno.shape.white", { shape: words }) : words;
}

/** What players read first, in `locale`: value and shape, e.g. `3 · L` or `6 · paire en blanc`. */
export function cardLabelIn(locale: Locale, id: CardId): string {
  return `${cardValue(id)} · ${shapeIn(locale, id)}`;
}

/**
 * A card's exact code in `locale`'s letters for white and black (`onexeno.code_letters`: `WBB/W3W/WWB`
 * in English, `BNN/B3B/BBN` in French); any language's letters are read back
 * (src/games/onexeno/cards.ts `parseCardName`).
 */
export function cardCodeIn(locale: Locale, id: CardId): string {
  return cardName(id, t(locale, "onexeno.code_letters"));
}

/** Whether `typed` (lower case, spaces ignored) is part of card `id`'s code, in `locale`'s letters or in English (autocomplete). */
export function codeMatchesIn(locale: Locale, id: CardId, typed: string): boolean {
  const bare = typed.replace(/\s+/g, "").toLowerCase();
  return cardName(id).toLowerCase().includes(bare) || cardCodeIn(locale, id).toLowerCase().includes(bare);
}

/** Label and exact code together, for text: `3 · L (WBB/W3W/WWB)`, the code in `locale`'s letters. */
export function cardTitleIn(locale: Locale, id: CardId): string {
  return `${cardLabelIn(locale, id)} (${cardCodeIn(locale, id)})`;
}

/** A rotation in `locale`'s words (`as shown`, `turned 90° right`, …). */
export function rotationIn(locale: Locale, rot: Rotation): string {
  return t(locale, `onexeno.rot_${rot}`);
}

/** Team letter used in text (colour is never the only carrier of meaning). */
export function teamLetter(team: number): string {
  return "ABC"[team] ?? "?";
}

/**
 * One line describing the last move in `locale`, in the words the picture and alt text use. When
 * the move is seat `you`'s (0-based; -1: nobody's), it is said to that player in the second
 * person ("You placed…": the `_you` forms of `onexeno.last`, i18next's context), for their receipt.
 */
export function lastMoveText(view: OnexenoView, names: readonly string[], locale: Locale = "en", you = -1): string {
  const last = view.last;
  const to: Record<string, string> = last && last.seat === you ? { context: "you" } : {};
  const say = (key: string, params: Record<string, string | number>) => t(locale, `onexeno.last.${key}`, { ...params, ...to });
  const seat = (s: number) => names[s] ?? t(locale, "onexeno.pic.seat", { n: s + 1 });
  if (!last) return say("dealt", { name: names[view.dealer] ?? "?" });
  const name = seat(last.seat);
  if (last.kind === "pass") {
    if (last.lockedOut.length === 0) return say("passed", { name });
    const others = last.lockedOut.filter((s) => s !== last.seat).map(seat);
    return others.length ? say("passed_team", { name, others: others.join(", ") }) : say("passed_out", { name });
  }
  const p = last.placed;
  if (!p) return say("played", { name });
  // Names are fixed for the hand, so always say where.
  const placed = { name, value: cardValue(p.card), at: positionLabel(p.x, p.y) };
  const out = last.wentOut ? "_out" : "";
  if (!last.trick) return say(`placed${out}`, placed);
  const trick = last.trick;
  const cards = t(locale, "table.cards", { count: trick.cards.length });
  const lines = t(locale, "onexeno.last.lines", { count: trick.lines.length });
  return say(`placed_trick${out}`, { ...placed, lines, cards, points: trick.points });
}

/** `n card(s)` in `locale`. */
const cardsText = (n: number, locale: Locale) => t(locale, "table.cards", { count: n });

/**
 * Seat `s`'s running total: the session's total so far with the points taken in the hand under
 * way (so "+115 · total 115" adds up while the hand is played). Points left in hand come off only
 * when the hand ends (docs/rules/onexeno.md, scoring): the total then settles to the hand's score.
 */
export function runningTotal(view: OnexenoView, s: number): number {
  return (view.totals[s] ?? 0) + (view.phase === "play" ? (view.takenPoints[s] ?? 0) : 0);
}

/**
 * One player's numbers, said in full in `locale`: cards in hand, cards and points taken this
 * hand, and the running total (`runningTotal`).
 */
export function playerLine(view: OnexenoView, s: number, locale: Locale = "en"): string {
  return t(locale, "onexeno.alt.player", {
    hand: cardsText(view.handSizes[s] ?? 0, locale),
    taken: cardsText(view.takenCounts[s] ?? 0, locale),
    points: view.takenPoints[s] ?? 0,
    total: runningTotal(view, s),
  });
}

/** Partners: each team's running total (`runningTotal`) and what it took this hand, one line a team (`key`: with or without "this hand"). */
export function teamLines(view: OnexenoView, locale: Locale, key: "team_line" | "team_short" = "team_line"): string[] {
  const teams = [...new Set(view.teamOf ?? [])];
  return teams.map((team) => {
    const seats = (view.teamOf ?? []).flatMap((x, i) => (x === team ? [i] : []));
    const total = seats.reduce((a, i) => a + runningTotal(view, i), 0);
    const took = seats.reduce((a, i) => a + (view.takenPoints[i] ?? 0), 0);
    return t(locale, `onexeno.pic.${key}`, { team: teamLetter(team), total, took });
  });
}

/** Partners: each team's session total and what it took this hand, in `locale`. */
export function teamLine(view: OnexenoView, locale: Locale = "en"): string {
  return teamLines(view, locale).join(" · ");
}

/**
 * Alt text for the table picture in `locale` (Discord allows 1024 characters): whose turn (or,
 * `closed`, that the table was closed before its end), stack, field, every card on the table with
 * its coordinate, and each player's counts. Never a hand.
 */
export function describeOnexenoTable(view: OnexenoView, names: readonly string[], locale: Locale = "en", closed = false): string {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `onexeno.alt.${key}`, params);
  const variant = t(locale, `onexeno.variant_${view.variant}`);
  const cards = [...view.table]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((p) => `${positionLabel(p.x, p.y)}=${cardValue(p.card)}`)
    .join(" ");
  const players =
    names
      .slice(0, view.seats)
      .map((n, i) => say("named", { name: n, line: `${playerLine(view, i, locale)}${view.out[i] ? `, ${say("out")}` : ""}` }))
      .join("; ") + (view.teamOf ? `. ${teamLine(view, locale)}` : "");
  const head = closed
    ? say("closed", { variant })
    : view.phase === "over"
      ? say("over", { variant })
      : say("head", { variant, hand: view.hand, total: view.handsTotal, name: names[view.turn] ?? "?", stack: view.stackCount });
  const table = say("table", { cards: cardsText(view.table.length, locale), list: cards || t(locale, "onexeno.empty") });
  const text = `${head} ${table} ${lastMoveText(view, names, locale)} ${players}.`;
  return text.length > 1024 ? `${text.slice(0, 1021)}...` : text;
}
