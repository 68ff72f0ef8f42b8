import { ANYWHERE } from "../../src/surfaces/answers/chains.ts";
import { tableCommand } from "../table-command.ts";
import { MessageFlags, SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { UserError } from "../../src/bot/errors.ts";
import { inputError, refuse, viewerOf } from "../../src/bot/words.ts";
import { respond } from "../../src/bot/reply.ts";
import { hint, type Command } from "../../src/bot/router.ts";
import type { TableRecord } from "./view.ts";
import { cardLabel, cardValue, parseCardName } from "../../src/games/onexeno/cards.ts";
import { MAX_HANDS, ONEXENO_VARIANTS, type OnexenoVariant } from "../../src/games/onexeno/game.ts";
import { canastaAutocomplete, canastaCommand, canastaPayload } from "../canasta/index.ts";
import { DEFAULT_TARGET, type CanastaRows } from "../../src/games/onexeno/canasta.ts";
import {
  dailySeed,
  leaderboardEmbed,
  solitaireAutocomplete,
  solitaireCommand,
  startSolitaire,
  type SolitaireTable,
} from "../solitaire/index.ts";
import { cardChoiceLine, cardChoices, placementChoices, readCard, readPlacement } from "./choices.ts";
import { handPayload, tablePayload } from "./view.ts";
import { askToEnd, comeBack, kickHere, lobbySubcommand, seatOf, tableHere } from "../games.ts";
import { DEFAULT_CLOCK, parseClock } from "../../src/bot/clock.ts";
import { houseValue, type ChoiceVariant, type NumberVariant } from "../../src/bot/settings.ts";

import { MAX_CHOICES } from "./notes.ts";
import { localeOf, t } from "../../src/i18n/index.ts";
import { cardLabelIn, codeMatchesIn } from "../../render/onexeno/words.ts";
import { publicLocale } from "../replay.ts";
import { rulesEmbed } from "./rules.ts";
import { clockChoices } from "../clock.ts";
import { onexenoLobby, playAndShow } from "./play.ts";

/** ONEXENO basic/partners: hands in a session, a server's default (`/settings variants hands`). */
export const HANDS_VARIANT: NumberVariant = {
  key: "hands",
  option: "hands",
  description: `ONEXENO: hands in a session (1-${MAX_HANDS})`,
  kind: "integer",
  min: 1,
  max: MAX_HANDS,
};
/** Canasta: the row rule (docs/rules/onexeno-canasta.md), a server's default. */
export const CANASTA_ROWS_VARIANT: ChoiceVariant<CanastaRows> = {
  key: "canastaRows",
  option: "canasta-rows",
  description: "Canasta: the row rule",
  kind: "choice",
  choices: [
    { name: "sum: more than 10, at most 20 points", value: "sum" },
    { name: "five-to-seven: also 5 to 7 cards a row", value: "five-to-seven" },
  ],
};
/** A subcommand of `/onexeno` past the shared ones (rules, end, kick, the lobby's): the solitaire game of the thread, if any. */
type OnexenoSubcommand = (
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  solitaireHere: SolitaireTable | undefined,
) => Promise<void>;

/** A canasta move asked where no canasta table runs. */
const notCanasta: OnexenoSubcommand = async () => {
  throw new UserError("table/not_canasta", "That is a canasta move, and there is no canasta table in this channel.");
};

/**
 * `/onexeno new`: a solitaire thread of its own, or a table of basic, partners or canasta in this
 * channel, its options not given taken from the server's house defaults (`/settings`), else the game's own.
 */
async function newTable(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  solitaireHere: SolitaireTable | undefined,
): Promise<void> {
  const channelId = interaction.channelId;
  const game = interaction.options.getString("game", true);
  const seed = interaction.options.getString("seed")?.trim() || null;
  // An option the chosen game does not read is refused, never silently dropped (issue 63).
  const unread = (
    [
      ["target", game !== "canasta"],
      ["rows", game !== "canasta"],
      ["hands", game === "canasta" || game === "solitaire"],
      ["clock", game === "solitaire"],
    ] as const
  ).find(([name, ignored]) => ignored && interaction.options.get(name) !== null);
  if (unread) throw inputError("input/option_not_read", { path: `onexeno new ${unread[0]}`, option: unread[0], game });
  if (solitaireHere?.status === "playing")
    throw new UserError("table/exists", "This thread holds a solitaire game. Open tables in a channel or another thread.", "error", {
      context: "solitaire",
    });
  if (game === "solitaire") {
    await startSolitaire(interaction, ctx, seed, seatOf(interaction).name);
    return;
  }
  if (await tableHere(ctx, channelId)) throw refuse("table/exists"); // any game's table still running here
  const house = await ctx.settings.of(interaction.guildId);
  const clockText = interaction.options.getString("clock");
  const clock =
    clockText === null
      ? await ctx.settings.clockOf(interaction.guildId, game === "canasta" ? "canasta" : "onexeno", DEFAULT_CLOCK)
      : parseClock(clockText);
  if (game === "canasta") {
    const target = interaction.options.getInteger("target") ?? houseValue(house.variants, CANASTA_TARGET_VARIANT) ?? DEFAULT_TARGET;
    const rows = (interaction.options.getString("rows") ?? houseValue(house.variants, CANASTA_ROWS_VARIANT) ?? "sum") as CanastaRows;
    const config = rows === "sum" ? { target } : { target, rows };
    await respond(interaction, "reply", false, async () =>
      canastaPayload(await ctx.service("canasta").open(channelId, interaction.guildId, seatOf(interaction), config, seed, clock)),
    );
    return;
  }
  const variant = game as OnexenoVariant;
  if (!ONEXENO_VARIANTS.includes(variant)) throw new UserError("input/bad_game", "Choose basic, partners or solitaire.");
  const hands = interaction.options.getInteger("hands") ?? houseValue(house.variants, HANDS_VARIANT) ?? 1;
  if (hands < 1 || hands > MAX_HANDS) throw refuse("input/bad_hands", { max: String(MAX_HANDS) });
  await respond(interaction, "reply", false, async () =>
    tablePayload(await ctx.service("onexeno").open(channelId, interaction.guildId, seatOf(interaction), { variant, hands }, seed, clock)),
  );
}

/** `/onexeno`'s own subcommands by name (the shared ones and the lobby's are answered before). */
const ONEXENO_SUBCOMMANDS: Readonly<Record<string, OnexenoSubcommand>> = {
  async leaderboard(interaction, ctx) {
    const given = interaction.options.getString("seed");
    const seed = given ?? dailySeed(Date.now());
    const board = await ctx.leaderboards.board(interaction.guildId, seed);
    await interaction.reply({
      embeds: [leaderboardEmbed(board, given, await publicLocale(ctx, interaction))],
      allowedMentions: { parse: [] },
    });
  },
  async draw() {
    throw new UserError(
      "table/not_solitaire",
      "Draw is for solitaire and canasta: in ONEXENO basic the draw happens by itself at the start of your turn.",
    );
  },
  ...{ take: notCanasta, meld: notCanasta, extend: notCanasta, discard: notCanasta },
  new: newTable,
  async play(interaction, ctx) {
    await playAndShow(interaction, ctx, (rec, seat) => {
      const state = rec.state as NonNullable<TableRecord["state"]>;
      const cardText = interaction.options.getString("card");
      const atText = interaction.options.getString("at");
      if (!cardText) throw new UserError("input/missing_card", "Choose a card: fill in `card` (the list shows your hand).");
      if (!atText)
        throw new UserError("input/missing_at", "Say where it goes: fill in `at` (the list shows every legal place for that card).");
      const card = readCard(cardText, state, seat);
      return readPlacement(atText, state, seat, card);
    });
  },
  async pass(interaction, ctx) {
    await playAndShow(interaction, ctx, () => ({ kind: "pass" }));
  },
  async hand(interaction, ctx) {
    const channelId = interaction.channelId;
    const back = await comeBack(ctx, channelId, interaction.user.id); // acting again takes an away seat back
    await respond(interaction, "reply", true, async () => {
      const rec = await ctx.service("onexeno").get(channelId);
      if (!rec?.state) throw refuse(rec ? "table/not_started" : "table/none");
      ctx.service("onexeno").seatOf(rec, interaction.user.id);
      return handPayload(rec, viewerOf(interaction));
    });
    if (back) await ctx.post(channelId, back);
  },
};

/** Canasta: points to pass to win, a server's default. */
export const CANASTA_TARGET_VARIANT: NumberVariant = {
  key: "canastaTarget",
  option: "canasta-target",
  description: "Canasta: points to pass to win",
  kind: "integer",
  min: 50,
  max: 5000,
};

export const onexenoCommand: Command<BotContext> = {
  // A deal's leaderboard is a server's; solitaire is played in a thread of its own, and a DM has none.
  needsServer: {
    leaderboard: { code: "private/server_only" },
    new: { code: "private/solitaire", when: (options) => options.getString("game") === "solitaire" },
  },
  data: tableCommand(
    new SlashCommandBuilder()
      .setName("onexeno")
      .setDescription("Play ONEXENO, the edge-matching card game")
      .setContexts(...ANYWHERE.contexts)
      .setIntegrationTypes(...ANYWHERE.integrationTypes)
      .addSubcommand((s) =>
        s
          .setName("new")
          .setDescription("Open a table in this channel (solitaire: your own thread)")
          .addStringOption((o) =>
            o
              .setName("game")
              .setDescription("Which game")
              .setRequired(true)
              .addChoices(
                { name: "basic (2-7 players)", value: "basic" },
                { name: "partners (2 or 3 teams of two)", value: "partners" },
                { name: "solitaire (one player, daily deal or your seed)", value: "solitaire" },
                { name: "canasta (2-8 players, melds and XENOs)", value: "canasta" },
              ),
          )
          .addIntegerOption((o) =>
            o.setName("hands").setDescription(`Hands in the session (1-${MAX_HANDS}, default 1)`).setMinValue(1).setMaxValue(MAX_HANDS),
          )
          .addStringOption((o) => o.setName("seed").setDescription("Deal name: same name, same cards (default random)").setMaxLength(40))
          .addIntegerOption((o) =>
            o
              .setName("target")
              .setDescription(`Canasta: points to pass to win (default ${DEFAULT_TARGET})`)
              .setMinValue(50)
              .setMaxValue(5000),
          )
          .addStringOption((o) =>
            o
              .setName("rows")
              .setDescription("Canasta: row rule (default: the sum alone)")
              .addChoices(
                { name: "sum: more than 10, at most 20 points", value: "sum" },
                { name: "five-to-seven: also 5 to 7 cards a row", value: "five-to-seven" },
              ),
          )
          .addStringOption((o) =>
            o.setName("clock").setDescription("Turn clock: seconds, 12h/24h, or off (default 120)").setMaxLength(12).setAutocomplete(true),
          ),
      ),
    {
      join: "Take a seat at this channel's table",
      level: {
        description: "How well it plays (default normal)",
        choices: [
          { name: "easy: plays any legal move", value: "easy" },
          { name: "normal: plays to win", value: "normal" },
          { name: "expert: weighs the cards it has not seen", value: "expert" },
        ],
      },
    },
    (b) =>
      b
        .addSubcommand((s) =>
          s
            .setName("play")
            .setDescription("Place a card from your hand")
            .addStringOption((o) => o.setName("card").setDescription("A card of your hand (solitaire: the top card)").setAutocomplete(true))
            .addStringOption((o) => o.setName("at").setDescription("Cell and turn, named as on the table picture").setAutocomplete(true)),
        )
        .addSubcommand((s) => s.setName("draw").setDescription("Draw from the stack (canasta) or turn three cards (solitaire)"))
        .addSubcommand((s) =>
          s
            .setName("take")
            .setDescription("Canasta: take cards from the top of the face-up pile")
            .addIntegerOption((o) =>
              o
                .setName("count")
                .setDescription("How many cards; meld the top one this turn")
                .setRequired(true)
                .setMinValue(1)
                .setAutocomplete(true),
            ),
        )
        .addSubcommand((s) =>
          s
            .setName("meld")
            .setDescription("Canasta: lay a new row (more than 10, at most 20 points)")
            .addStringOption((o) =>
              o.setName("cards").setDescription("A suggested row, or card names left to right").setRequired(true).setAutocomplete(true),
            ),
        )
        .addSubcommand((s) =>
          s
            .setName("extend")
            .setDescription("Canasta: add a card to one end of your row")
            .addStringOption((o) =>
              o.setName("card").setDescription("A legal extension (row, end and card)").setRequired(true).setAutocomplete(true),
            )
            .addIntegerOption((o) => o.setName("row").setDescription("Row number, if you typed a card name").setMinValue(1))
            .addStringOption((o) =>
              o
                .setName("end")
                .setDescription("Which end, if you typed a card name")
                .addChoices({ name: "left", value: "left" }, { name: "right", value: "right" }),
            ),
        )
        .addSubcommand((s) =>
          s
            .setName("discard")
            .setDescription("Canasta: discard a card to end your turn")
            .addStringOption((o) => o.setName("card").setDescription("A card of your hand").setRequired(true).setAutocomplete(true)),
        )
        .addSubcommand((s) =>
          s
            .setName("leaderboard")
            .setDescription("Best solitaire scores in this server for the daily deal or a seed")
            .addStringOption((o) => o.setName("seed").setDescription("A named deal (default: today's daily deal)").setMaxLength(40)),
        )
        .addSubcommand((s) => s.setName("pass").setDescription("Pass your turn (with an empty stack you are out for the hand)"))
        .addSubcommand((s) => s.setName("hand").setDescription("See your hand privately and play by clicking"))
        .addSubcommand((s) =>
          s
            .setName("rules")
            .setDescription("How to play ONEXENO")
            .addStringOption((o) =>
              o
                .setName("game")
                .setDescription("Which rules (default: the game played here)")
                .addChoices(
                  { name: "basic and partners", value: "basic" },
                  { name: "solitaire", value: "solitaire" },
                  { name: "canasta", value: "canasta" },
                ),
            ),
        ),
  ),

  async execute(interaction, ctx) {
    const group = interaction.options.getSubcommandGroup(false);
    const sub = group ? `${group} ${interaction.options.getSubcommand()}` : interaction.options.getSubcommand();
    const channelId = interaction.channelId;
    // A solitaire thread answers for its game, finished or not, unless another table runs there now.
    const sol = await ctx.service("solitaire").get(channelId);
    const solitaireHere = sol && (sol.status !== "over" || !(await tableHere(ctx, channelId))) ? sol : undefined;
    const canastaHere = await ctx.service("canasta").get(channelId);
    if (sub === "rules") {
      const asked = interaction.options.getString("game") as "basic" | "solitaire" | "canasta" | null;
      const game = asked ?? (solitaireHere ? "solitaire" : canastaHere && canastaHere.status !== "over" ? "canasta" : "basic");
      await interaction.reply({ embeds: [rulesEmbed(game, localeOf(interaction.locale))], flags: MessageFlags.Ephemeral });
      return;
    }
    if (sub === "end") {
      await askToEnd(interaction, ctx);
      return;
    }
    if (sub === "kick") {
      await kickHere(interaction, ctx);
      return;
    }
    const here = await tableHere(ctx, channelId);
    if (here && here.game.command !== "onexeno" && !["new", "leaderboard"].includes(sub))
      throw refuse("table/other_game", { game: here.game.id, command: here.game.command });
    if (canastaHere && canastaHere.status !== "over" && !["new", "leaderboard"].includes(sub)) {
      await canastaCommand(sub, interaction, ctx, seatOf(interaction));
      return;
    }
    if (solitaireHere && !["new", "leaderboard"].includes(sub)) {
      await solitaireCommand(sub, interaction, ctx, solitaireHere);
      return;
    }
    if (await lobbySubcommand(interaction, ctx, onexenoLobby(ctx), sub, seatOf(interaction))) return;
    const run = ONEXENO_SUBCOMMANDS[sub];
    if (!run) throw new UserError("command/unknown", "Unknown subcommand.", "error", { context: "sub" });
    await run(interaction, ctx, solitaireHere);
  },

  async autocomplete(interaction: AutocompleteInteraction, ctx: BotContext) {
    const focused = interaction.options.getFocused(true);
    if (focused.name === "clock") return clockChoices(String(focused.value), interaction.locale);
    const sol = await ctx.service("solitaire").get(interaction.channelId);
    if (sol && sol.status !== "over") return solitaireAutocomplete(interaction, sol);
    const can = await ctx.service("canasta").get(interaction.channelId);
    if (can && can.status !== "over") return canastaAutocomplete(interaction, can);
    const rec = await ctx.service("onexeno").get(interaction.channelId);
    const seat = rec?.seats.findIndex((s) => s.userId === interaction.user.id) ?? -1;
    const locale = localeOf(interaction.locale);
    const say = (key: string, params: Record<string, string> = {}) => hint(t(locale, `onexeno.${key}`, params));
    if (!rec?.state || rec.status !== "playing") return say("ac_no_game");
    if (seat < 0) return say("ac_no_seat");
    const state = rec.state;
    const myTurn = state.turn === seat;
    const typed = String(focused.value).toLowerCase().trim();
    if (focused.name === "card") {
      const choices = cardChoices(state, seat, locale)
        .filter(
          (c) =>
            typed === "" ||
            codeMatchesIn(locale, c.card, typed) ||
            cardLabel(c.card).toLowerCase().includes(typed) ||
            cardLabelIn(locale, c.card).toLowerCase().includes(typed) ||
            String(cardValue(c.card)) === typed,
        )
        .slice(0, MAX_CHOICES)
        .map((c) => ({
          name: `${cardChoiceLine(c, myTurn, locale)}${myTurn ? "" : ` ${t(locale, "onexeno.ac_not_turn_mark")}`}`,
          value: String(c.card),
        }));
      return choices;
    }
    if (focused.name === "at") {
      const cardText = interaction.options.getString("card") ?? "";
      const card = parseCardName(cardText);
      if (card === null) return say("ac_card_first");
      // A card of the list, played since (by the clock, from another device), or typed but never held.
      if (!(state.hands[seat] ?? []).includes(card)) return say("ac_card_gone");
      if (!myTurn) return say("ac_not_turn", { name: rec.seats[state.turn]?.name ?? "?" });
      const places = placementChoices(state, seat, card, locale);
      if (places.length === 0) return say("ac_fits_nowhere");
      const matching = places.filter(
        (p) => typed === "" || p.label.toLowerCase().startsWith(typed) || p.label.toLowerCase().includes(typed),
      );
      return matching.slice(0, MAX_CHOICES).map((p) => ({ name: p.label.slice(0, 100), value: p.value }));
    }
    return [];
  },
};
