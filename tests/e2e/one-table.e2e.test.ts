/**
 * One table per channel across every game: two people open tables of two different games in
 * the same thread at the same moment (every pair of the six games, three times over, through
 * the stand-in and the real client). Exactly one table opens; the other command is refused
 * with the usual words, privately, and nothing else changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA, BEN, GENERAL, Harness } from "./harness.ts";
import { said } from "../helpers/message.ts";

/** How each game's table is opened: the command and its options. */
const OPENERS: Record<string, [string, Record<string, string | number>]> = {
  basic: ["onexeno new", { game: "basic" }],
  partners: ["onexeno new", { game: "partners" }],
  canasta: ["onexeno new", { game: "canasta" }],
  solitaire: ["onexeno new", { game: "solitaire", seed: "race" }],
  onze: ["onze new", {}],
  cardeno: ["cardeno new", {}],
};
const REFUSED = /already open here|holds a table already|holds a solitaire game/;

describe("one table per channel, whatever the game", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await new Harness().start();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Live tables in `channelId` over every game (solitaire is one of them). */
  const tablesIn = async (channelId: string) => {
    let n = 0;
    for (const service of h.bot.games.values()) if (((await service.get(channelId))?.status ?? "over") !== "over") n++;
    return n;
  };

  it("every pair of games opened at once in one thread: exactly one opens, the other is refused", async () => {
    const sb = h.standin;
    const kinds = Object.keys(OPENERS);
    let races = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < kinds.length; i++) {
        for (let j = i + 1; j < kinds.length; j++) {
          const [a, b] = round % 2 ? [kinds[j]!, kinds[i]!] : [kinds[i]!, kinds[j]!];
          const thread = sb.createThread(GENERAL, `race ${a} ${b} ${round}`).id;
          const [ra, rb] = await Promise.all([
            sb.command(ADA, thread, OPENERS[a]![0], OPENERS[a]![1]),
            sb.command(BEN, thread, OPENERS[b]![0], OPENERS[b]![1]),
          ]);
          races++;
          const texts = [ra, rb].map((r) => said(r.original));
          const refused = texts.filter((t) => REFUSED.test(t));
          expect(refused, `${a} + ${b}: ${texts.join(" | ")}`).toHaveLength(1);
          expect(await tablesIn(thread), `${a} + ${b}`).toBe(1);
        }
      }
    }
    expect(races).toBe(45);
    expect(h.log.errors).toEqual([]);
  });
});
