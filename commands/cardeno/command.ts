import { ANYWHERE } from "../../src/surfaces/answers/chains.ts";
import { SlashCommandBuilder, type AutocompleteInteraction } from "discord.js";
import { tableCommand } from "../table-command.ts";
import type { BotContext } from "../../src/bot/context.ts";
import { UserError } from "../../src/bot/errors.ts";
import { respond } from "../../src/bot/reply.ts";
import { hint, type Choice, type Command } from "../../src/bot/router.ts";
import { refuse } from "../../src/bot/words.ts";
import { USUAL_LEVELS } from "../../src/games/catalogue.ts";
import { cardenoGame } from "../../src/games/cardeno/table-game.ts";
import { cardeno, fittingCells, slotOf, type CardenoConfig, type CardenoState } from "../../src/games/cardeno/game.ts";
import { CELLS, cellName, parseCell, pieceOf } from "../../src/games/cardeno/pieces.ts";
import { lobbySubcommand, seatOf, sharedSubcommand } from "../games.ts";
import { houseValue, type ChoiceVariant, type NumberVariant } from "../../src/bot/settings.ts";

/** Cardeno: seconds between pieces turned face up, a server's default (`/settings variants cardeno-pace`). */
export const PACE_VARIANT: NumberVariant = {
  key: "cardenoPace",
  option: "cardeno-pace",
  description: "Cardeno: seconds between pieces",
  kind: "number",
  min: 1,
  max: 10,
};
/** Cardeno: the variant (Standard or Full-Board), a server's default. */
export const VARIANT_VARIANT: ChoiceVariant<NonNullable<CardenoConfig["variant"]>> = {
  key: "cardenoVariant",
  option: "cardeno-variant",
  description: "Cardeno: the variant",
  kind: "choice",
  choices: [
    { name: "standard", value: "standard" },
    { name: "full-board", value: "full-board" },
  ],
};
/** Cardeno: rounds to play, a server's default. */
export const ROUNDS_VARIANT: NumberVariant = {
  key: "cardenoRounds",
  option: "cardeno-rounds",
  description: "Cardeno: rounds to play",
  kind: "integer",
  min: 1,
  max: 10,
};

import { tablesOf, RULES } from "./tables.ts";
import { cardenoPayload } from "./table.ts";
import { moveAndShow, readPiece, lobbyOf, showBoard } from "./play.ts";
import { localeOf, t } from "../../src/i18n/index.ts";
import { pieceNameIn } from "../../render/cardeno/words.ts";

export const cardenoCommand: Command<BotContext> = {
  // Its caller draws a card every few seconds by itself: in a DM the bot only answers clicks.
  needsServer: { new: { code: "private/cardeno" } },
  data: tableCommand(
    new SlashCommandBuilder()
      .setName("cardeno")
      .setDescription("Cardeno: the jig-saw keno race (2 to 6 players, everyone at once)")
      .setContexts(...ANYWHERE.contexts)
      .setIntegrationTypes(...ANYWHERE.integrationTypes)
      .addSubcommand((s) =>
        s
          .setName("new")
          .setDescription("Open a Cardeno table in this channel")
          .addIntegerOption((o) => o.setName("rounds").setDescription("Rounds to play (default 5)").setMinValue(1).setMaxValue(10))
          .addStringOption((o) =>
            o
              .setName("variant")
              .setDescription("Standard (CARDENO, DOUBLE, POKER) or Full-Board")
              .addChoices({ name: "standard", value: "standard" }, { name: "full-board", value: "full-board" }),
          )
          .addNumberOption((o) =>
            o.setName("pace").setDescription("Seconds between pieces turned face up (default 3)").setMinValue(1).setMaxValue(10),
          )
          .addStringOption((o) => o.setName("seed").setDescription("Deal name: same name, same race (default random)").setMaxLength(40)),
      ),
    {
      join: "Take a seat at this channel's Cardeno table",
      level: {
        description: "How quick it is (default normal)",
        choices: (cardenoGame.seats.levels ?? USUAL_LEVELS).map((l) => ({ name: l, value: l })),
      },
    },
    (b) =>
      b
        .addSubcommand((s) => s.setName("board").setDescription("Your board, privately, with grab buttons (kept up to date)"))
        .addSubcommand((s) =>
          s
            .setName("grab")
            .setDescription("Grab a face-up piece for your board")
            .addStringOption((o) =>
              o
                .setName("piece")
                .setDescription("A face-up piece (the ones that fit you come first)")
                .setRequired(true)
                .setAutocomplete(true),
            )
            .addStringOption((o) =>
              o.setName("at").setDescription("Your cut-out, A1 to E5 (default: most lines)").setAutocomplete(true).setMaxLength(3),
            ),
        )
        .addSubcommand((s) => s.setName("rules").setDescription("How to play Cardeno")),
  ),

  async execute(interaction, ctx) {
    const group = interaction.options.getSubcommandGroup(false);
    const sub = group ? `${group} ${interaction.options.getSubcommand()}` : interaction.options.getSubcommand();
    const ch = interaction.channelId;
    const service = tablesOf(ctx);
    const me = seatOf(interaction);
    if (await sharedSubcommand(interaction, ctx, "cardeno", sub, RULES)) return;
    if (await lobbySubcommand(interaction, ctx, lobbyOf(service), sub, me)) return;
    switch (sub) {
      case "new": {
        // Options not given take the server's house defaults (`/settings`), else the game's own.
        const house = (await ctx.settings.of(interaction.guildId)).variants;
        const config: CardenoConfig = {
          rounds: interaction.options.getInteger("rounds") ?? houseValue(house, ROUNDS_VARIANT) ?? 5,
          variant: (interaction.options.getString("variant") ??
            houseValue(house, VARIANT_VARIANT) ??
            "standard") as CardenoConfig["variant"],
          pace: interaction.options.getNumber("pace") ?? houseValue(house, PACE_VARIANT) ?? 3,
        };
        const checked = cardeno.setup(config, 2, "check");
        if (!checked.ok) throw UserError.from(checked.error);
        const seed = interaction.options.getString("seed")?.trim() || null;
        for (const other of ctx.games.values()) {
          const here = await other.get(ch);
          if (here && here.status !== "over") throw refuse("table/exists");
        }
        await respond(interaction, "reply", false, async () =>
          cardenoPayload(await service.open(ch, interaction.guildId, me, config, seed, null)),
        );
        return;
      }
      case "board":
        await showBoard(interaction, ctx, false);
        return;
      case "grab":
        await moveAndShow(interaction, ctx, (rec) => {
          const piece = readPiece(interaction.options.getString("piece", true), rec.state as CardenoState);
          const at = interaction.options.getString("at");
          if (at === null || at.trim() === "") return { kind: "grab", piece };
          const cell = parseCell(at);
          if (cell === null)
            throw new UserError("cardeno/bad_cell", "Name a cut-out by column and row, A1 to E5 (or pick one from the list).", "error", {
              context: "list",
            });
          return { kind: "grab", piece, cell };
        });
        return;
      default:
        throw refuse("command/unknown");
    }
  },

  async autocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<Choice[]> {
    const focused = interaction.options.getFocused(true);
    const rec = await tablesOf(ctx).get(interaction.channelId);
    const locale = localeOf(interaction.locale);
    const say = (key: string, params: Record<string, string> = {}) => hint(t(locale, key, params));
    if (!rec?.state || rec.status !== "playing") return say("cardeno.ac_no_race");
    const seat = rec.seats.findIndex((x) => x.userId === interaction.user.id);
    if (seat < 0) return say("onexeno.ac_no_seat");
    const s = rec.state;
    if (s.phase !== "race") return say(s.phase === "countdown" ? "cardeno.ac_wait_go" : "cardeno.ac_race_over");
    const typed = String(focused.value).toLowerCase().trim();
    if (focused.name === "piece") {
      const list = s.centre.map((f, i) => {
        const cells = fittingCells(s, seat, pieceOf(f.piece));
        return {
          name: `${slotOf(f, i) + 1} · ${pieceNameIn(locale, pieceOf(f.piece))}${cells.length ? ` → ${t(locale, "cardeno.ac_fits", { cells: cells.map(cellName).join(", ") })}` : ` · ${t(locale, "cardeno.ac_fits_nothing")}`}`,
          value: String(f.piece),
          fits: cells.length > 0,
        };
      });
      const sorted = [...list.filter((c) => c.fits), ...list.filter((c) => !c.fits)];
      const shown = sorted.filter((c) => typed === "" || c.name.toLowerCase().includes(typed)).map(({ name, value }) => ({ name, value }));
      return shown.length ? shown.slice(0, 25) : say(s.centre.length ? "cardeno.ac_no_match" : "cardeno.ac_none_up");
    }
    const pieceText = interaction.options.getString("piece") ?? "";
    let piece: number;
    try {
      piece = readPiece(pieceText, s);
    } catch {
      return say("cardeno.ac_piece_first");
    }
    if (!Number.isInteger(piece) || piece < 0 || piece >= 150) return say("cardeno.ac_piece_first");
    const cells = fittingCells(s, seat, pieceOf(piece));
    if (!cells.length) return say("cardeno.ac_fits_no_cutout");
    return cells
      .map((c) => ({ name: `${cellName(c)}`, value: cellName(c) }))
      .filter((c) => typed === "" || c.name.toLowerCase().startsWith(typed))
      .slice(0, CELLS);
  },
};
