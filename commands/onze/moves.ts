/**
 * Onze's bot side, shared pieces: its table types, how moves are written in customIds,
 * autocomplete values and typed text, and the words for melds, lay-offs and the contract.
 */
import type { BotContext } from "../../src/bot/context.ts";
import { seatNames } from "../../src/bot/clock.ts";
import type { GameTable, TablesOf } from "../../src/bot/tables.ts";
import { refuse } from "../../src/bot/words.ts";
import { contractArrangements, type Meld, type MeldKind, type MeldSpec } from "../../src/games/onze/melds.ts";
import { type OnzeConfig, type OnzeMove, type OnzeState } from "../../src/games/onze/game.ts";
import { contractStatus, nearMelds } from "../../src/games/onze/typed-melds.ts";
import { cardNameIn, contractTextIn, faceNameIn, meldWordsIn } from "../../render/onze/words.ts";
import { listIn } from "../../src/i18n/index.ts";
import { t, type Locale } from "../../src/i18n/index.ts";

/** A stored Onze table. */
export type OnzeTable = GameTable<"onze", OnzeConfig, OnzeState, OnzeMove>;
/** The Onze table service. */
export type OnzeTables = TablesOf<"onze">;

export const MAX = 25;
export const tablesOf = (ctx: BotContext): OnzeTables => ctx.service("onze");
export const names = (rec: OnzeTable) => seatNames(rec);
export const stateOf = (rec: OnzeTable | undefined): OnzeState => {
  if (!rec) throw refuse("table/none", { command: "onze" });
  if (!rec.state || rec.status === "lobby") throw refuse("table/not_started");
  if (rec.status === "over") throw refuse("table/over");
  return rec.state;
};

// --- how moves are written in customIds, autocomplete values and typed text ---------------

/** An arrangement as a value: `s12.25.38|r4.5.6.7` (kind initial, card numbers). At most 100 characters for 13 cards. */
export const encodeDown = (melds: readonly MeldSpec[]): string => melds.map((m) => `${m.kind[0]}${m.cards.join(".")}`).join("|");
export function decodeDown(text: string): MeldSpec[] | null {
  const out: MeldSpec[] = [];
  for (const part of text.split("|")) {
    const m = /^([sr])(\d+(?:\.\d+)*)$/.exec(part);
    if (!m) return null;
    out.push({ kind: m[1] === "s" ? "set" : "run", cards: (m[2] as string).split(".").map(Number) });
  }
  return out.length ? out : null;
}

export type LayoffMove = OnzeMove & { kind: "layoff" };
export type SwapMove = OnzeMove & { kind: "swap" };
export const encodeLayoff = (m: LayoffMove) => `${m.card}:${m.to.seat}:${m.to.meld}:${m.end ?? "-"}`;
export const encodeSwap = (m: SwapMove) => `${m.card}:${m.from.seat}:${m.from.meld}:${m.index}:${m.to.seat}:${m.to.meld}:${m.end ?? "-"}`;
export function decodeLayoff(v: string): LayoffMove | null {
  const p = v.split(":");
  if (p.length !== 4 || p.slice(0, 3).some((x) => !/^\d+$/.test(x))) return null;
  const end = p[3] === "low" || p[3] === "high" ? p[3] : undefined;
  return { kind: "layoff", card: Number(p[0]), to: { seat: Number(p[1]), meld: Number(p[2]) }, ...(end ? { end } : {}) };
}
export function decodeSwap(v: string): SwapMove | null {
  const p = v.split(":");
  if (p.length !== 7 || p.slice(0, 6).some((x) => !/^\d+$/.test(x))) return null;
  const end = p[6] === "low" || p[6] === "high" ? p[6] : undefined;
  return {
    kind: "swap",
    card: Number(p[0]),
    from: { seat: Number(p[1]), meld: Number(p[2]) },
    index: Number(p[3]),
    to: { seat: Number(p[4]), meld: Number(p[5]) },
    ...(end ? { end } : {}),
  };
}

/** Whose meld it is and the meld in words, in `locale`: "Ada's set of 7s", "groupe de rois de Ben". */
export const meldOf = (rec: OnzeTable, seat: number, meld: number, locale: Locale = "en") =>
  t(locale, "onze.meld_of", { name: rec.seats[seat]?.name ?? "?", meld: meldWordsIn(locale, rec.state?.melds[seat]?.[meld] as Meld) });
/** A way to go down in words: each meld's cards, and how many cards in all. */
export const downText = (melds: readonly MeldSpec[], locale: Locale = "en") =>
  `${melds.map((m) => m.cards.map((c) => cardNameIn(locale, c)).join(" ")).join(" · ")} (${t(locale, "table.cards", { count: melds.reduce((n, m) => n + m.cards.length, 0) })})`;
/** Which end of a run, in words. */
const endOf = (end: "low" | "high" | undefined, locale: Locale) => t(locale, end === "low" ? "onze.end_low" : "onze.end_high");
/** A lay-off in words: the card, whose meld, and (a run) which end. */
export function layoffText(rec: OnzeTable, m: LayoffMove, locale: Locale = "en"): string {
  const meld = rec.state?.melds[m.to.seat]?.[m.to.meld];
  return `${cardNameIn(locale, m.card)} → ${meldOf(rec, m.to.seat, m.to.meld, locale)}${meld?.kind === "run" ? ` (${endOf(m.end, locale)})` : ""}`;
}
/** A swap in words: the card, the meld whose wild it frees, where the wild goes. */
export const swapText = (rec: OnzeTable, m: SwapMove, locale: Locale = "en") =>
  `${t(locale, "onze.swap_text", { card: cardNameIn(locale, m.card), from: meldOf(rec, m.from.seat, m.from.meld, locale), to: meldOf(rec, m.to.seat, m.to.meld, locale) })}${m.end ? ` (${endOf(m.end, locale)})` : ""}`;

/**
 * Where `seat` stands on the round's contract, in words, from the state as it is now (docs/rules/onze.md's
 * contracts; docs/rules/onze.md "Onze"): what to do next once down (laying off only from the turn after
 * going down), whether the hand holds the contract (go down now, or once drawn), else what it
 * holds, what it lacks, and the melds one card short of what it lacks (`nearMelds`: "pairs of
 * 6s and queens: one more card makes a set"). Parts are joined with ` · ` (the picture wraps there).
 */
export function contractHelp(s: OnzeState, seat: number, locale: Locale = "en"): string {
  const w = (key: string, params: Record<string, string | number> = {}) => t(locale, `onze.help.${key}`, params);
  const round = w("round", { round: s.round, contract: contractTextIn(locale, s.round) });
  const myPlay = s.phase === "play" && s.turn === seat;
  if (s.down[seat]) {
    if (myPlay && s.downThisTurn) return `${round} · ${w("went_down")}`;
    return `${round} · ${w("down")} · ${w(myPlay ? "lay_now" : "lay_later")}`;
  }
  const hand = s.hands[seat] ?? [];
  const st = contractStatus(hand, s.round, false);
  if (st.holds) return `${round} · ${w(myPlay ? "hold_now" : "hold_later")}`;
  const say = (ks: readonly MeldKind[]) => ks.map((k) => t(locale, `onze.one_${k}`)).join(" + ");
  const parts = [round, st.held.length ? w("hold_part", { held: say(st.held), missing: say(st.missing) }) : w("hold_none")];
  // One card short, among the cards the part already held does not use.
  const used = st.held.length ? (contractArrangements(hand, st.held, 1)[0] ?? []).flatMap((m) => m.cards) : [];
  const near = nearMelds(hand.filter((c) => !used.includes(c)));
  if (st.missing.includes("set") && near.pairs.length)
    parts.push(
      w("pairs", {
        ranks: listIn(
          locale,
          near.pairs.map((r) => t(locale, `onze.plural_${r}`)),
        ),
      }),
    );
  if (st.missing.includes("run"))
    for (const r of near.runs.slice(0, 2)) {
      const face = (f: number) => faceNameIn(locale, f);
      parts.push(w("run_needs", { cards: r.cards.map(face).join(" "), needs: listIn(locale, r.needs.map(face), "or") }));
    }
  return parts.join(" · ");
}
