/**
 * The games this bot runs, both sides, as one set (`GameSet`): the catalogue of rules
 * (src/games/index.ts), each table game's bot side (commands/registry.ts), the static list of
 * slash commands and the component handler (no filesystem scanning). `gameSet` builds a set
 * with more games (a test's fixture game) on top of the real ones.
 */
import type { BotContext, GameSet, TableGameView } from "../src/bot/context";
import type { Command } from "../src/bot/router";
import { CATALOGUE, type AnyGameRules, type RatedGameEntry } from "../src/games/index";
import { onexenoCommand } from "./onexeno/index";
import { onexenoComponents } from "./onexeno/components";
import { onzeCommand } from "./onze/index";
import { cardenoCommand } from "./cardeno/index";
import { ratingsCommand, statsCommand } from "./ratings";
import { historyCommand } from "./history";
import { replayCommand } from "./replay";
import { settingsCommand } from "./settings";
import { TABLE_GAMES } from "./registry";
import { tournamentCommand } from "./tournament/index";

/** A game added to the real ones: its rules, its bot side, its slash command, its rated games. */
export interface ExtraGame {
  readonly rules: AnyGameRules;
  readonly view: TableGameView;
  readonly command: Command<BotContext>;
  readonly rated?: readonly RatedGameEntry[];
}

/**
 * The real games plus `extra` (in that order): the commands spanning games (`/stats`,
 * `/ratings`, `/tournament`) offer every rated game of the result. Throws when an extra game's
 * id, store or rated key is taken (a programming error).
 */
export function gameSet(extra: readonly ExtraGame[] = []): GameSet {
  const catalogue = CATALOGUE.with({ games: extra.map((g) => g.rules), rated: extra.flatMap((g) => g.rated ?? []) });
  return {
    catalogue,
    views: [...TABLE_GAMES, ...extra.map((g) => g.view)],
    commands: [
      onexenoCommand,
      onzeCommand,
      cardenoCommand,
      ...extra.map((g) => g.command),
      statsCommand(catalogue),
      ratingsCommand(catalogue),
      historyCommand([...TABLE_GAMES, ...extra.map((g) => g.view)]),
      replayCommand,
      tournamentCommand(catalogue),
      settingsCommand,
    ],
    components: onexenoComponents,
  };
}

/** The games of this bot. */
export const GAMES: GameSet = gameSet();
