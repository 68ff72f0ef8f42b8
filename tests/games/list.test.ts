/**
 * The one list of game modules (`GAMES`, commands/index.ts): the ids, the rated keys, the
 * commands and the settings offered are read off the modules, and each game's types come from
 * its own registered entry (`TableGameRegistry`, declaration merging in each game's folder).
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { GAME_SET, GAMES, gameSet, type GameModule } from "../../commands/index.ts";
import type { GameId, GameTypes } from "../../src/games/catalogue.ts";
import type { OnzeState } from "../../src/games/onze/game.ts";
import type { CardenoMove } from "../../src/games/cardeno/game.ts";
import type { RaceState } from "../fixtures/race/rules.ts";
import { RACE } from "../fixtures/race/bot.ts";

describe("the list of game modules", () => {
  it("gives the ids, rated keys and commands in the order of the list", () => {
    expect(GAME_SET.catalogue.games.map((g) => g.id)).toEqual(["onexeno", "canasta", "solitaire", "onze", "cardeno"]);
    expect(GAME_SET.views.map((v) => v.id)).toEqual(GAME_SET.catalogue.games.map((g) => g.id));
    expect(GAME_SET.catalogue.rated.map((r) => r.key)).toEqual(["onexeno-basic", "onexeno-partners", "canasta", "onze", "cardeno"]);
    expect(GAME_SET.commands.map((c) => c.data.name)).toEqual([
      "onexeno",
      "onze",
      "cardeno",
      ...["stats", "ratings", "history", "replay", "help", "tournament", "queue", "season", "settings"],
    ]);
    expect(GAME_SET.catalogue.ratedGame("onze")).toMatchObject({ name: "Onze", lowScoreWins: true });
    expect(GAME_SET.catalogue.ratedGame("solitaire")).toBeUndefined();
  });

  it("builds a test build's set with the fixture after the real games, through the same path", () => {
    const set = gameSet([...GAMES, RACE]);
    expect(set.catalogue.games.map((g) => g.id).at(-1)).toBe("race");
    expect(set.commands.map((c) => c.data.name)).toContain("race");
    expect(set.catalogue.ratedGame("race")?.table).toBe("race");
  });

  it("offers /settings clocks and house variants from the modules' declarations", () => {
    const settings = GAME_SET.commands.find((c) => c.data.name === "settings")!.data.toJSON();
    type O = { name: string; options?: O[]; choices?: { value: unknown }[] };
    const sub = (name: string) => (settings.options as O[]).find((o) => o.name === name)!;
    expect(sub("clock").options![0]!.choices!.map((c) => c.value)).toEqual(["onexeno", "canasta", "onze"]);
    expect(sub("variants").options!.map((o) => o.name)).toEqual([
      ...["hands", "canasta-rows", "canasta-target"],
      ...["cardeno-pace", "cardeno-variant", "cardeno-rounds", "reset"],
    ]);
  });

  it("refuses at start-up a module whose views are not its games, or a variant declared twice", () => {
    const views = [...RACE.views, ...RACE.views];
    expect(() => gameSet([...GAMES, { ...RACE, views }])).toThrow(/views \(race,race\) are not its games \(race\)/);
    const twice: GameModule = { ...RACE, variants: GAMES[0].variants };
    expect(() => gameSet([...GAMES, twice])).toThrow(/two house variants share/);
  });

  it("types each game by its own registered entry, the fixture's included (no cast)", () => {
    expectTypeOf<GameId>().toEqualTypeOf<"onexeno" | "canasta" | "onze" | "cardeno" | "solitaire" | "race">();
    expectTypeOf<GameTypes<"onze">["state"]>().toEqualTypeOf<OnzeState>();
    expectTypeOf<GameTypes<"cardeno">["move"]>().toEqualTypeOf<CardenoMove>();
    expectTypeOf<GameTypes<"solitaire">["config"]>().toEqualTypeOf<{ readonly parentId: string }>();
    expectTypeOf<GameTypes<"race">["state"]>().toEqualTypeOf<RaceState>();
  });
});
