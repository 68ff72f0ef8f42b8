/**
 * The one list of table games (src/games/index.ts): ids, rated keys and each game's types are
 * read off the entries that come from the games' own folders.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  GAME_IDS,
  type GameId,
  type GameTypes,
  gameRules,
  isRatedGameKey,
  RATED_GAME_KEYS,
  ratedGame,
  type RatedGameKey,
} from "../../src/games/index";
import type { OnzeState } from "../../src/games/onze/game";
import type { CardenoMove } from "../../src/games/cardeno/game";

describe("the list of table games", () => {
  it("gives the ids and rated keys in the order the commands list them", () => {
    expect(GAME_IDS).toEqual(["onexeno", "canasta", "onze", "cardeno", "solitaire"]);
    expect(RATED_GAME_KEYS).toEqual(["onexeno-basic", "onexeno-partners", "canasta", "onze", "cardeno"]);
    for (const id of GAME_IDS) expect(gameRules(id).id).toBe(id);
    for (const key of RATED_GAME_KEYS) expect(GAME_IDS).toContain(ratedGame(key)!.table);
    expect(isRatedGameKey("solitaire")).toBe(false);
    expect(ratedGame("onze")).toMatchObject({ name: "Onze", lowScoreWins: true });
  });

  it("types each game by its own entry (no game's types are lost to `never`)", () => {
    expectTypeOf<GameId>().toEqualTypeOf<"onexeno" | "canasta" | "onze" | "cardeno" | "solitaire">();
    expectTypeOf<RatedGameKey>().toEqualTypeOf<"onexeno-basic" | "onexeno-partners" | "canasta" | "onze" | "cardeno">();
    expectTypeOf<GameTypes<"onze">["state"]>().toEqualTypeOf<OnzeState>();
    expectTypeOf<GameTypes<"cardeno">["move"]>().toEqualTypeOf<CardenoMove>();
    expectTypeOf<GameTypes<"solitaire">["config"]>().toEqualTypeOf<{ readonly parentId: string }>();
  });
});
