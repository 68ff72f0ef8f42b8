/**
 * An event's posts: its hub (commands/tournament/hub.ts), which lists standings only once there
 * are results, and the podium that ends it (commands/tournament/messages.ts `finalMessages`, its
 * picture render/standings.ts `drawPodium`), where players tied for a place share it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { begun, joined, newEvent, seated, withResult, withThread } from "../../src/bot/tournament-rules.ts";
import { finalMessages } from "../../commands/tournament/messages.ts";
import { hubMessage } from "../../commands/tournament/hub.ts";
import { drawPodium } from "../../render/standings.ts";
import { closePictures } from "../../render/pool.ts";
import { GAME_SET } from "../../commands/index.ts";
import { EVENT_ASK } from "../helpers/tournament.ts";
import type { Tournament } from "../../src/bot/tournament-record.ts";

const CATALOGUE = GAME_SET.catalogue;
afterAll(() => closePictures());

/** A round robin of `names` at one table of four, round 1 seated. */
function seatedEvent(names: readonly string[]): Tournament {
  let t = newEvent(CATALOGUE, { ...EVENT_ASK, game: "onexeno-basic", format: "round-robin", tableSize: 4, roundsByField: true }, "pod", 0);
  for (const n of names) t = joined(t, { id: n.toLowerCase(), name: n });
  return seated(CATALOGUE, begun(CATALOGUE, t, 0)!)!;
}

/** A round robin of `names` at one table of four, over, its one game finished in `places`. */
function over(names: readonly string[], places: readonly number[]): Tournament {
  const t = seatedEvent(names);
  const table = t.played[0]!.tables[0]!;
  const placeOf = (id: string) => places[names.findIndex((n) => n.toLowerCase() === id)]!;
  return withResult(withThread(t, 1, 0, "th"), "th", { players: [...table.players], places: table.players.map(placeOf), points: [] })!;
}

/** The texts `draw` writes on a canvas (fillText), in order. */
function written(draw: () => unknown): string[] {
  const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext("2d")) as SKRSContext2D;
  const original = proto.fillText;
  const seen: string[] = [];
  proto.fillText = function (this: SKRSContext2D, text: string, x: number, y: number) {
    seen.push(text);
    return original.call(this, text, x, y);
  };
  try {
    draw();
  } finally {
    proto.fillText = original;
  }
  return seen;
}

/** The words of a Components V2 message (its text displays). */
const wordsOf = (m: unknown): string => JSON.stringify(m);

describe("the hub", () => {
  it("lists standings once a table has a result; before, it says none yet rather than everyone first", () => {
    const names = ["Ada", "Ben", "Cleo", "Dev"];
    const before = wordsOf(hubMessage(seatedEvent(names)));
    expect(before).toContain("None yet: they come with the first table's result.");
    expect(before).not.toContain("1. Ada");
    const after = wordsOf(hubMessage(over(names, [2, 1, 4, 3])));
    expect(after).toContain("1. Ben · 2. Ada · 3. Dev · 4. Cleo");
  });
});

describe("the podium", () => {
  it("names everyone tied for a place: four tied firsts are four golds, in the post and its alt text", async () => {
    const [post] = await finalMessages(CATALOGUE, over(["Ada", "Ben", "Cleo", "Dev"], [1, 1, 1, 1]));
    const content = String(post!.content);
    // Until 2026-12-04 the post and the picture stopped at three: Dev, as first as the others, was left off.
    for (const who of ["Ada", "Ben", "Cleo", "Dev"]) expect(content).toContain(`🥇 ${who} (`);
    expect(content).not.toContain("🥈");
    const file = post!.files![0] as { description?: string };
    expect(file.description).toContain("Dev");
  });

  it("the picture stacks a shared place's names on its step, counts the rest, and leaves the skipped place's step empty", () => {
    const four = ["Ada", "Ben", "Cleo", "Dev"].map((name) => ({ name, points: 1.5, rank: 1 }));
    const tied = written(() => drawPodium("Cup", four));
    expect(tied).toEqual(expect.arrayContaining(["Ada", "Ben", "+2"]));
    expect(tied.filter((x) => x === "1")).toHaveLength(1); // one step, the first's
    const twoGolds = written(() =>
      drawPodium("Cup", [
        { name: "Ada", points: 2.5, rank: 1 },
        { name: "Ben", points: 2.5, rank: 1 },
        { name: "Cleo", points: 1, rank: 3 },
      ]),
    );
    expect(twoGolds).toEqual(expect.arrayContaining(["Ada", "Ben", "Cleo", "1", "3"]));
    expect(twoGolds).not.toContain("2");
  });

  it("without ties: one name a step, first to third", async () => {
    const [post] = await finalMessages(CATALOGUE, over(["Ada", "Ben", "Cleo", "Dev"], [2, 1, 4, 3]));
    const lines = String(post!.content).split("\n");
    expect(lines.slice(1, 4).map((l) => l.replace(/ \(.*$/, ""))).toEqual(["🥇 Ben", "🥈 Ada", "🥉 Dev"]);
  });
});
