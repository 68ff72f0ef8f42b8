/**
 * The games this bot runs: `GAMES`, the one list of game modules (each exported from its own
 * folder, commands/<game>/module.ts; `GameModule` in commands/game-module.ts). The ids, the
 * catalogue of rules, the table games' bot sides, the slash commands, the component front door,
 * the rules documents and the settings offered are all read off it (`gameSet`). Adding a game is
 * its folders and its module in this list; a test build lists a fixture game after these.
 */
import type { GameSet } from "../src/bot/context.ts";
import { CARDENO } from "./cardeno/module.ts";
import { gameSet } from "./game-module.ts";
import { ONEXENO } from "./onexeno/module.ts";
import { ONZE } from "./onze/module.ts";

export { gameSet, rulesDocuments, type GameModule } from "./game-module.ts";

/** Every game of this bot, in the order `/…new`, `/history` and the catalogue list them. */
export const GAMES = [ONEXENO, ONZE, CARDENO] as const;

/** The bot's set of games, built from `GAMES`. */
export const GAME_SET: GameSet = gameSet(GAMES);
