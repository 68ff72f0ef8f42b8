/**
 * The subcommands every table game's slash command shares, declared once (issue 64): the lobby's
 * (`join`, `leave`, `start`, `kick`), the table's (`table`, `end`) and the computer players'
 * (`bot add|remove`). A game's command declares its own (`new`, its moves, its hand or board, its
 * rules) and adds these with `lobbyVerbs`, `tableVerbs` and `computerVerbs`. Their words in other
 * languages are the game's, by path (`<game> join` in its locale files' `commands`); they are
 * answered by `lobbySubcommand` and `sharedSubcommand` (commands/games.ts). `tableCommand` puts
 * them around a game's own, in the order Discord's picker shows them.
 * https://discord.com/developers/docs/interactions/application-commands#subcommands-and-subcommand-groups
 */
import type { SlashCommandSubcommandsOnlyBuilder } from "discord.js";

/** A slash command being declared, past its first subcommand. */
type Declaring = SlashCommandSubcommandsOnlyBuilder;

/** `join`, `leave`, `start` and `kick player:` (`join`: its description, naming the game's table). */
function lobbyVerbs(b: Declaring, join: string): Declaring {
  return b
    .addSubcommand((s) => s.setName("join").setDescription(join))
    .addSubcommand((s) => s.setName("leave").setDescription("Leave the table (mid-game a computer takes your seat)"))
    .addSubcommand((s) => s.setName("start").setDescription("Start the game (host only)"))
    .addSubcommand((s) =>
      s
        .setName("kick")
        .setDescription("Remove a player (host only; mid-game a computer takes the seat)")
        .addUserOption((o) => o.setName("player").setDescription("Who to remove from the table").setRequired(true)),
    );
}

/** `table` (the table again, newest) and `end` (close it). */
function tableVerbs(b: Declaring): Declaring {
  return b
    .addSubcommand((s) => s.setName("table").setDescription("Post the table again as the newest message"))
    .addSubcommand((s) => s.setName("end").setDescription("Close this channel's table (host or Manage Messages)"));
}

/** The words of a game's shared subcommands: `join`'s description (naming its table), and `bot add level:`'s description and choices (its levels). */
export interface SharedWords {
  readonly join: string;
  readonly level: { readonly description: string; readonly choices: readonly { readonly name: string; readonly value: string }[] };
}

/**
 * A table game's slash command: `base` (its name, description, contexts and `new`), the lobby's
 * subcommands, the game's `own` ones, then `table`, `end` and `bot add|remove`.
 */
export function tableCommand(base: Declaring, words: SharedWords, own: (b: Declaring) => Declaring): Declaring {
  return computerVerbs(tableVerbs(own(lobbyVerbs(base, words.join))), words.level);
}

/** `bot add level:` and `bot remove`. */
function computerVerbs(b: Declaring, level: SharedWords["level"]): Declaring {
  return b.addSubcommandGroup((g) =>
    g
      .setName("bot")
      .setDescription("Computer players")
      .addSubcommand((s) =>
        s
          .setName("add")
          .setDescription("Seat a computer player (host, before the start)")
          .addStringOption((o) =>
            o
              .setName("level")
              .setDescription(level.description)
              .addChoices(...level.choices),
          ),
      )
      .addSubcommand((s) => s.setName("remove").setDescription("Remove the last computer player (host, before the start)")),
  );
}
