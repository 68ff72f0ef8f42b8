/**
 * One game as this bot runs it (`GameModule`), exported from the game's own folder
 * (commands/<game>/module.ts), and a bot's set of games built from a list of modules
 * (`gameSet`): the catalogue of rules, the table games' bot sides, the slash commands (each
 * module's own and the ones spanning games: `/stats`, `/ratings`, `/history`, `/replay`,
 * `/tournament`, `/settings`, built for the set's games) and the component front door (every
 * feature and game claims its customId verbs, commands/components.ts). The real list is
 * `GAMES` in commands/index.ts; a test build lists a fixture game after the real ones.
 */
import type { BotContext, GameSet, TableGameView } from "../src/bot/context.ts";
import type { Command } from "../src/bot/router.ts";
import type { HouseVariant } from "../src/bot/settings.ts";
import type { GameWords } from "../src/i18n/index.ts";
import { GameCatalogue, type AnyGameRules, type RatedGameEntry } from "../src/games/catalogue.ts";
import { componentDoor, gameClaim } from "./components.ts";
import { HISTORY_VERBS, historyCommand, historyComponent } from "./history.ts";
import { ratingsCommand, statsCommand } from "./ratings.ts";
import { REPLAY_VERBS, replayCommand, replayComponent } from "./replay.ts";
import { helpCommand } from "./help.ts";
import { queueCommand } from "./queue.ts";
import { seasonCommand } from "./season.ts";
import { RULES_VERBS, rulesComponent, type RulesDocument } from "./rules.ts";
import { settingsCommand } from "./settings.ts";
import { TABLE_BUTTONS } from "./table-buttons.ts";
import { TOURNAMENT_VERBS, tournamentCommand, tournamentComponent } from "./tournament/index.ts";
import { FLAG_VERBS, flagComponent } from "./tournament/flags.ts";

/**
 * One game, both sides: its table games' rules (`src/games/<game>/`, with the rated games made of
 * them), each table game's bot side (`TableGameView`, in the same order as `games`), its slash
 * command, its rules documents and words (every language), the games of it whose new tables have a turn
 * clock a server may set (`/settings clock`), and the house variants a server may make its
 * default (`/settings variants`).
 */
export interface GameModule {
  /** Its name in start-up errors (its slash command's name). */
  readonly name: string;
  readonly games: readonly AnyGameRules[];
  readonly rated?: readonly RatedGameEntry[];
  readonly views: readonly TableGameView[];
  readonly command: Command<BotContext>;
  readonly rules: readonly RulesDocument[];
  /** Ids of its table games with a turn clock a server may set (its locale words: `settings.games.<id>`). */
  readonly clocks?: readonly string[];
  readonly variants?: readonly HouseVariant[];
  /** Its words in every language (its render folder's locales/, added as they load: `addWords`). */
  readonly words: GameWords;
}

/**
 * The set of games of `modules`, in that order. Throws (a programming error, at start-up) when a
 * module's views are not its games (same ids, same order), when two games share an id, store or
 * rated key (`GameCatalogue`), when two house variants share an option or key, or when a
 * customId verb is claimed twice (`componentDoor`).
 */
export function gameSet(modules: readonly GameModule[]): GameSet {
  for (const m of modules)
    if (m.views.map((v) => v.id).join() !== m.games.map((g) => g.id).join())
      throw new Error(`game module ${m.name}: its views (${m.views.map((v) => v.id)}) are not its games (${m.games.map((g) => g.id)})`);
  const variants = modules.flatMap((m) => m.variants ?? []);
  if (new Set(variants.map((v) => v.option)).size !== variants.length || new Set(variants.map((v) => v.key)).size !== variants.length)
    throw new Error("two house variants share an option or a key");
  const catalogue = new GameCatalogue(
    modules.flatMap((m) => m.games),
    modules.flatMap((m) => m.rated ?? []),
  );
  const views = modules.flatMap((m) => m.views);
  return {
    catalogue,
    views,
    commands: [
      ...modules.map((m) => m.command),
      statsCommand(catalogue),
      ratingsCommand(catalogue),
      historyCommand(views),
      replayCommand,
      helpCommand(modules.map((m) => m.command.data.name)),
      tournamentCommand(catalogue),
      queueCommand(catalogue),
      seasonCommand(catalogue),
      settingsCommand({ clocks: modules.flatMap((m) => m.clocks ?? []), variants }),
    ],
    // Every click's owner, by its customId verb: a verb claimed twice throws here, at start-up.
    components: componentDoor([
      ...TABLE_BUTTONS,
      { owner: "tournament", verbs: TOURNAMENT_VERBS, handle: tournamentComponent },
      { owner: "flags", verbs: FLAG_VERBS, handle: flagComponent },
      { owner: "history", verbs: HISTORY_VERBS, handle: historyComponent },
      { owner: "rules", verbs: RULES_VERBS, handle: rulesComponent },
      { owner: "replay", verbs: REPLAY_VERBS, handle: replayComponent },
      ...views.map(gameClaim),
    ]),
  };
}

/** Every rules document of `modules`, in their order. */
export function rulesDocuments(modules: readonly GameModule[]): readonly RulesDocument[] {
  return modules.flatMap((m) => m.rules);
}
