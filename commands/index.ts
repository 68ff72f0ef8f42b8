/**
 * The games this bot runs, both sides, as one set (`GameSet`): the catalogue of rules
 * (src/games/index.ts), each table game's bot side (commands/registry.ts), the static list of
 * slash commands and the component front door (commands/components.ts: every feature and game
 * claims its verbs; no filesystem scanning). `gameSet` builds a set
 * with more games (a test's fixture game) on top of the real ones.
 */
import type { BotContext, GameSet, TableGameView } from "../src/bot/context";
import type { Command } from "../src/bot/router";
import { CATALOGUE, type AnyGameRules, type RatedGameEntry } from "../src/games/index";
import { onexenoCommand } from "./onexeno/index";
import { componentDoor, gameClaim } from "./components";
import { TABLE_BUTTONS } from "./table-buttons";
import { HISTORY_VERBS, historyComponent } from "./history";
import { REPLAY_VERBS, replayComponent } from "./replay";
import { TOURNAMENT_VERBS, tournamentComponent } from "./tournament/index";
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
  const views = [...TABLE_GAMES, ...extra.map((g) => g.view)];
  return {
    catalogue,
    views,
    commands: [
      onexenoCommand,
      onzeCommand,
      cardenoCommand,
      ...extra.map((g) => g.command),
      statsCommand(catalogue),
      ratingsCommand(catalogue),
      historyCommand(views),
      replayCommand,
      tournamentCommand(catalogue),
      settingsCommand,
    ],
    // Every click's owner, by its customId verb: a verb claimed twice throws here, at start-up.
    components: componentDoor([
      ...TABLE_BUTTONS,
      { owner: "tournament", verbs: TOURNAMENT_VERBS, handle: tournamentComponent },
      { owner: "history", verbs: HISTORY_VERBS, handle: historyComponent },
      { owner: "replay", verbs: REPLAY_VERBS, handle: replayComponent },
      ...views.map(gameClaim),
    ]),
  };
}

/** The games of this bot. */
export const GAMES: GameSet = gameSet();
