/**
 * Onze's bot side, shared pieces: its table types, how moves are written in customIds,
 * autocomplete values and typed text, and the words for melds, lay-offs and the contract.
 */
import type { BotContext } from "../../src/bot/context";
import { seatNames } from "../../src/bot/clock";
import type { GameTable, TablesOf } from "../../src/bot/tables";
import { refuse } from "../../src/bot/words";
import { cardName, faceName } from "../../src/games/onze/cards";
import { contractArrangements, contractText, type Meld, type MeldKind, type MeldSpec } from "../../src/games/onze/melds";
import { type OnzeConfig, type OnzeMove, type OnzeState } from "../../src/games/onze/game";
import { contractStatus, nearMelds } from "../../src/games/onze/typed";
import { meldWords } from "../../render/onze-table";

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

export const meldOf = (rec: OnzeTable, seat: number, meld: number) =>
  `${rec.seats[seat]?.name ?? "?"}'s ${meldWords(rec.state?.melds[seat]?.[meld] as Meld)}`;
export const downText = (melds: readonly MeldSpec[]) =>
  `${melds.map((m) => m.cards.map(cardName).join(" ")).join(" · ")} (${melds.reduce((n, m) => n + m.cards.length, 0)} cards)`;
export function layoffText(rec: OnzeTable, m: LayoffMove): string {
  const meld = rec.state?.melds[m.to.seat]?.[m.to.meld];
  return `${cardName(m.card)} → ${meldOf(rec, m.to.seat, m.to.meld)}${meld?.kind === "run" ? ` (${m.end ?? "high"} end)` : ""}`;
}
export const swapText = (rec: OnzeTable, m: SwapMove) =>
  `${cardName(m.card)} for the wild in ${meldOf(rec, m.from.seat, m.from.meld)}; wild → ${meldOf(rec, m.to.seat, m.to.meld)}${m.end ? ` (${m.end} end)` : ""}`;

const RANK_PLURALS = ["", "aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings"];
const list = (xs: readonly string[]) => (xs.length < 2 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);

/**
 * Where `seat` stands on the round's contract, in words, from the state as it is now (seed 003's
 * contracts; GAMES.md "Onze"): what to do next once down (laying off only from the turn after
 * going down), whether the hand holds the contract (go down now, or once drawn), else what it
 * holds, what it lacks, and the melds one card short of what it lacks (`nearMelds`: "pairs of
 * 6s and queens: one more card makes a set"). Parts are joined with ` · ` (the picture wraps there).
 */
export function contractHelp(s: OnzeState, seat: number): string {
  const round = `Round ${s.round}: ${contractText(s.round)}`;
  const myPlay = s.phase === "play" && s.turn === seat;
  if (s.down[seat]) {
    if (myPlay && s.downThisTurn) return `${round} · you went down this turn: discard to end it · lay off from your next turn`;
    return `${round} · you are down · ${myPlay ? "lay off on any meld, then discard" : "on your turn: lay off on any meld, then discard"}`;
  }
  const hand = s.hands[seat] ?? [];
  const st = contractStatus(hand, s.round, false);
  if (st.holds) return `${round} · you hold it: ${myPlay ? "go down now" : "go down once you have drawn"}`;
  const say = (ks: readonly MeldKind[]) => ks.map((k) => `1 ${k}`).join(" + ");
  const parts = [round, st.held.length ? `you hold ${say(st.held)}; still missing ${say(st.missing)}` : "you hold none of it yet"];
  // One card short, among the cards the part already held does not use.
  const used = st.held.length ? (contractArrangements(hand, st.held, 1)[0] ?? []).flatMap((m) => m.cards) : [];
  const near = nearMelds(hand.filter((c) => !used.includes(c)));
  if (st.missing.includes("set") && near.pairs.length)
    parts.push(`pairs of ${list(near.pairs.map((r) => RANK_PLURALS[r] ?? "?"))}: one more card makes a set`);
  if (st.missing.includes("run"))
    for (const r of near.runs.slice(0, 2))
      parts.push(`${r.cards.map(faceName).join(" ")}: ${r.needs.map(faceName).join(" or ")} makes a run`);
  return parts.join(" · ");
}
