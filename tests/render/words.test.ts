/**
 * Numbers that explain themselves: the words under the pictures and in the alt text say what
 * each number counts, partners show team totals, and a table ended mid-hand reports the hand
 * as it stands.
 */
import { describe, expect, it } from "vitest";
import { standingText } from "../../commands/onexeno/index.ts";
import { describeOnexenoTable, lastMoveText, playerLine, teamLine } from "../../render/onexeno/words.ts";
import { describeSolitaire } from "../../render/onexeno/solitaire.ts";
import type { TableOf } from "../../src/bot/tables.ts";

type TableRecord = TableOf<"onexeno">;
import { cardValue } from "../../src/games/onexeno/cards.ts";
import { onexenoView, setupOnexeno, type OnexenoState } from "../../src/games/onexeno/game.ts";
import { setupSolitaire, solitaireView } from "../../src/games/onexeno/solitaire.ts";
import { playUntil } from "./scenes.ts";
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { drawCardenoTable } from "../../render/cardeno/table.ts";
import { cardenoView, type CardenoState } from "../../src/games/cardeno/game.ts";
import { CARDENO_DATA } from "../../src/games/cardeno/pieces.ts";
import { playCardeno } from "../helpers/cardeno.ts";

describe("numbers with their units", () => {
  it("say cards and points taken this hand next to the running total; partners add team totals", () => {
    const r = setupOnexeno({ variant: "partners", hands: 2 }, 4, "words");
    if (!r.ok) throw new Error(r.error.message);
    const s = playUntil(r.value, (x) => x.taken.some((t) => t.length > 0));
    const seat = s.taken.findIndex((t) => t.length > 0);
    const v = onexenoView(s, null);
    const line = playerLine(v, seat);
    expect(line).toContain(`took ${s.taken[seat]!.length} card${s.taken[seat]!.length === 1 ? "" : "s"}, +${v.takenPoints[seat]}`);
    expect(line).toMatch(/^\d+ cards? in hand · took .* · total -?\d+$/);
    expect(teamLine(v)).toMatch(/^Team A: total -?\d+, \+\d+ this hand · Team B: total -?\d+, \+\d+ this hand$/);
    // The total runs: what the session had, plus what this hand took so far (issue 63: never "+115 · total 0").
    expect(line).toContain(`total ${(v.totals[seat] ?? 0) + (v.takenPoints[seat] ?? 0)}`);
    const team = (v.teamOf ?? [])[seat];
    const mates = (v.teamOf ?? []).flatMap((x, i) => (x === team ? [i] : []));
    const teamTotal = mates.reduce((a, i) => a + (v.totals[i] ?? 0) + (v.takenPoints[i] ?? 0), 0);
    expect(teamLine(v)).toContain(`total ${teamTotal}, +${mates.reduce((a, i) => a + (v.takenPoints[i] ?? 0), 0)} this hand`);
    const alt = describeOnexenoTable(v, ["Ada", "Ben", "Cleo", "Dev"]);
    expect(alt).toContain(line);
    expect(alt).toContain("Team A:");
    expect(alt).not.toMatch(/\b1 cards\b/);
  });

  it("report a table ended mid-hand with the points taken so far, not 0", () => {
    const r = setupOnexeno({ variant: "basic", hands: 1 }, 3, "ended");
    if (!r.ok) throw new Error(r.error.message);
    const s = playUntil(r.value, (x) => x.taken.some((t) => t.length > 0));
    const seat = s.taken.findIndex((t) => t.length > 0);
    const took = s.taken[seat]!.reduce((a, c) => a + cardValue(c), 0);
    const rec = {
      state: s,
      seats: [
        { userId: "1", name: "Ada" },
        { userId: "2", name: "Ben" },
        { userId: "3", name: "Cleo" },
      ],
    } as unknown as TableRecord;
    const text = standingText(rec);
    expect(text).toContain(`hand ${s.hand} unfinished`);
    expect(text).toContain(`${rec.seats[seat]!.name} ${s.totals[seat]! + took} (incl. +${took} taken this hand)`);
  });

  it('say the last card placed as "the 8", never "a 8"', () => {
    const eight = (x: OnexenoState) => x.last?.kind === "place" && !!x.last.placed && cardValue(x.last.placed.card) === 8;
    let s: OnexenoState | undefined;
    for (let seed = 0; seed < 50 && !(s && eight(s)); seed++) {
      const r = setupOnexeno({ variant: "basic", hands: 1 }, 2, `article-${seed}`);
      if (!r.ok) throw new Error(r.error.message);
      s = playUntil(r.value, eight);
    }
    if (!s) throw new Error("no game was set up");
    const placed = s.last?.kind === "place" ? s.last.placed : null;
    expect(placed && cardValue(placed.card)).toBe(8);
    const text = lastMoveText(onexenoView(s, null), ["Ada", "Ben"]);
    expect(text).toMatch(/^(Ada|Ben) placed the 8 at [A-Z]\d+/);
    // Said to the player who placed it (their receipt), in the second person; to the other, as to the table.
    const mover = s.last?.seat ?? -1;
    expect(lastMoveText(onexenoView(s, null), ["Ada", "Ben"], "en", mover)).toMatch(/^You placed the 8 at [A-Z]\d+/);
    expect(lastMoveText(onexenoView(s, null), ["Ada", "Ben"], "de", mover)).toMatch(/^Du hast eine 8 auf [A-Z]\d+ gelegt/);
    expect(lastMoveText(onexenoView(s, null), ["Ada", "Ben"], "en", 1 - mover)).toBe(text);
  });

  it("solitaire alt text agrees with the picture before the first square", () => {
    const alt = describeSolitaire(solitaireView(setupSolitaire("words")), "Ada");
    expect(alt).toContain("largest square none yet");
    expect(alt).not.toContain("1x1");
  });

  it("Cardeno's race with no piece face up waits for the first piece at the start, for the next one later", () => {
    const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext("2d")) as SKRSContext2D;
    const original = proto.fillText;
    /** The texts the race picture of `s` writes. */
    const texts = (s: CardenoState): string[] => {
      const seen: string[] = [];
      proto.fillText = function (this: SKRSContext2D, text: string, x: number, y: number) {
        seen.push(text);
        return original.call(this, text, x, y);
      };
      try {
        drawCardenoTable(cardenoView(s, null), ["Ada", "Ben", "Cleo"], undefined, "en");
      } finally {
        proto.fillText = original;
      }
      return seen;
    };
    let start: CardenoState | undefined;
    let later: CardenoState | undefined;
    playCardeno({ rounds: 1 }, ["normal", "normal", "normal"], "words-centre", (x) => {
      if (x.phase !== "race" || x.centre.length > 0) return;
      if (x.pile.length === CARDENO_DATA.pieces.length) start ??= x;
      else later ??= x;
      return later !== undefined;
    });
    expect(start, "the race begins before the first piece is turned").toBeDefined();
    expect(later, "the computers grab every turned piece at some point").toBeDefined();
    expect(texts(start!)).toContain("The caller turns the first piece…");
    expect(texts(start!)).not.toContain("The caller turns the next piece…");
    expect(texts(later!)).toContain("The caller turns the next piece…");
    expect(texts(later!)).not.toContain("The caller turns the first piece…");
  });
});
