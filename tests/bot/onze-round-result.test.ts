/**
 * Onze's round result is a message of its own (commands/onze/table.ts `onzeInterlude`), posted
 * before the next deal with the totals so far, instead of being folded into the next round's
 * first table message; the move note above that table says only the move and the new deal.
 */
import { describe, expect, it } from "vitest";
import { onzeInterlude, onzeMoveNote, type OnzeTable } from "../../commands/onze/index.ts";
import type { OnzeState } from "../../src/games/onze/game.ts";
import { playOnze } from "../helpers/onze.ts";
import { said } from "../helpers/message.ts";

const tableOf = (state: OnzeState, status: OnzeTable["status"] = "playing"): OnzeTable => ({
  schema: 1,
  channelId: "c",
  guildId: "g",
  game: "onze",
  config: {},
  hostId: "ada",
  seats: ["Ada", "Ben", "Cleo"].map((name) => ({ userId: name.toLowerCase(), name })),
  status,
  rev: state.version,
  seed: "s",
  state,
  moves: [],
  createdAt: 0,
  updatedAt: 0,
});

describe("Onze's round result", () => {
  it("is its own message with each seat's points and the totals so far; the next table's note only says the deal", () => {
    const ends: { before: OnzeState; after: OnzeState }[] = [];
    playOnze(["normal", "easy", "easy"], "round-result", (s, _move, _seat, before) => {
      if (s.results.length > before.results.length) ends.push({ before, after: s });
    });
    expect(ends).toHaveLength(7);
    const first = ends[0]!;
    const message = onzeInterlude(tableOf(first.before), tableOf(first.after))!;
    const r = first.after.results[0]!;
    expect(said(message)).toMatch(/^🏁 \*\*Round 1 is over\*\* \(/);
    expect(said(message)).toContain(`Ada +${r.scores[0]}, Ben +${r.scores[1]}, Cleo +${r.scores[2]}`);
    expect(said(message)).toContain(`Totals so far (lowest wins): Ada ${first.after.totals[0]} · Ben ${first.after.totals[1]}`);
    const note = onzeMoveNote(tableOf(first.before), tableOf(first.after));
    expect(note).toContain("Round 2 (");
    expect(note).not.toContain("is over");
    // A move that ends no round has no message of its own.
    expect(onzeInterlude(tableOf(first.after), tableOf(first.after))).toBeUndefined();
  });
});
