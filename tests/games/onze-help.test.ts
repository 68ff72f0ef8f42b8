/**
 * What Onze tells a player about their hand: the melds one card short of the contract, and hints
 * read from the state as it is now (no "cannot discard" for a card already laid, no "lay off"
 * on the turn one went down).
 */
import { describe, expect, it } from "vitest";
import { applyAction } from "../../src/engine/definition.ts";
import { onze, setupOnze, type OnzeMove, type OnzeState } from "../../src/games/onze/game.ts";
import { faceName, ONZE_DECK, type Card } from "../../src/games/onze/cards.ts";
import { nearMelds } from "../../src/games/onze/typed-melds.ts";
import { contractHelp } from "../../commands/onze/moves.ts";
import { c, cs } from "../helpers/onze.ts";

const must = (s: OnzeState, seat: number, move: OnzeMove): OnzeState => {
  const r = applyAction(onze, s, { seat, move, version: s.version });
  if (!r.ok) throw new Error(`${JSON.stringify(move)}: ${r.error.code}`);
  return r.value;
};

function table(hands: Card[][], opts: Partial<OnzeState> = {}): OnzeState {
  const base = setupOnze({}, hands.length, "help");
  if (!base.ok) throw new Error(base.error.code);
  const used = new Set([...hands.flat(), ...(opts.discard ?? [])]);
  return { ...base.value, hands, discard: [], stock: ONZE_DECK.filter((x) => !used.has(x)), turn: 0, phase: "draw", ...opts };
}

describe("Onze: how close a hand is to the contract", () => {
  it("names pairs one card short of a set, and runs one card short with the cards that complete them", () => {
    const near = nearMelds(cs("6c 6d 7h 7c Qc Qd 2s 3s 5s Kh 9h"));
    expect(near.pairs).toEqual([12, 7, 6]);
    expect(near.runs).toEqual([{ cards: cs("2s 3s 5s"), needs: [c("4s")] }]);
    // Three in a row are completed at either end; at the ace only above it.
    expect(nearMelds(cs("5s 6s 7s")).runs[0]?.needs).toEqual([c("4s"), c("8s")]);
    expect(nearMelds(cs("As 2s 3s")).runs[0]?.needs).toEqual([c("4s")]);
    // Wilds are not counted here (a pair and a wild is a set already), nor a set of three.
    expect(nearMelds(cs("9c 9d 9s Ah joker")).pairs).toEqual([]);
  });

  it("says what is closest when the hand holds none of the contract", () => {
    const s = table([cs("6c 6d 7h 7s Qc Qd 2c 4d 9h 10s Kh"), cs("2d 3d 4h 5h 8c 8d 9s 10c Jh Js Kd"), cs("2h"), cs("3h")]);
    const help = contractHelp(s, 0);
    expect(help).toContain("Round 1: 2 sets · you hold none of it yet");
    expect(help).toContain("pairs of queens, 7s and 6s: one more card makes a set");
    const round2 = contractHelp({ ...s, round: 2, hands: [cs("5d 6d 8d 2c 3h 9s 9h Kc Kd Qs Jh"), ...s.hands.slice(1)] }, 0);
    expect(round2).toContain(`${["5d", "6d", "8d"].map((n) => faceName(c(n))).join(" ")}: 7♦ makes a run`);
  });
});

describe("Onze: hints from the state as it is now", () => {
  it("a card taken from the discard pile and laid in a meld no longer counts as taken; no laying off on the turn one went down", () => {
    // Ada holds 5♣ 5♦ 9♣ 9♦ 9♠ and more; she takes 5♥ and goes down with two sets, 5♥ among them.
    const s = table([cs("5c 5d 9c 9d 9s 2h 3s 4c 7d Jc Qh"), cs("2d 3d 4h 6h 8c 8d 10s 10c Jh Js Kd"), cs("2s"), cs("3c")], {
      discard: cs("5h"),
    });
    const took = must(s, 0, { kind: "take" });
    expect(took.taken).toBe(c("5h"));
    expect(contractHelp(took, 0)).toContain("you hold it: go down now");
    expect(contractHelp(s, 0)).toContain("you hold 1 set; still missing 1 set · pairs of 5s"); // before the take
    const down = must(took, 0, {
      kind: "down",
      melds: [
        { kind: "set", cards: cs("5c 5d 5h") },
        { kind: "set", cards: cs("9c 9d 9s") },
      ],
    });
    expect(down.taken).toBeNull();
    const help = contractHelp(down, 0);
    expect(help).toContain("you went down this turn: discard to end it · lay off from your next turn");
    expect(help).not.toContain("lay off on any meld");
    const next = must(down, 0, { kind: "discard", card: c("Qh") });
    expect(contractHelp(next, 0)).toContain("you are down · on your turn: lay off on any meld, then discard");
  });
});
