/**
 * `/onze new|join|leave|start|kick|end|bot|hand|table|rules` and the moves `draw`, `take`, `buy`,
 * `down`, `layoff`, `swap`, `discard`, with autocomplete of every legal choice.
 */
import { ANYWHERE } from "../../src/surfaces/answers/chains.ts";
import { rulesDocument, rulesIn } from "../rules.ts";
import { tableCommand } from "../table-command.ts";
import { SlashCommandBuilder, type AutocompleteInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { DEFAULT_CLOCK, parseClock } from "../../src/bot/clock.ts";
import { UserError } from "../../src/bot/errors.ts";
import { respond } from "../../src/bot/reply.ts";
import { hint, type Choice, type Command } from "../../src/bot/router.ts";
import { refuse, viewerOf } from "../../src/bot/words.ts";
import { cardPoints, faceOf, sortHand, type Card } from "../../src/games/onze/cards.ts";
import { contractArrangements, CONTRACTS } from "../../src/games/onze/melds.ts";
import { playsOnTable } from "../../src/games/onze/game.ts";
import { readTypedDown } from "../../src/games/onze/typed-melds.ts";
import { clockChoices } from "../clock.ts";
import { comeBack, lobbySubcommand, seatOf, sharedSubcommand } from "../games.ts";

import {
  MAX,
  tablesOf,
  stateOf,
  encodeDown,
  decodeDown,
  type LayoffMove,
  type SwapMove,
  encodeLayoff,
  encodeSwap,
  decodeLayoff,
  decodeSwap,
  downText,
  layoffText,
  swapText,
} from "./moves.ts";
import { onzePayload } from "./table.ts";
import { ONZE_PANELS, onzeHandPayload } from "./panel.ts";
import { keepPanel } from "../../src/bot/panels.ts";
import { moveAndShow, buyToggle, lobbyOf, readHandCard, typedLayoff } from "./play.ts";
import { localeOf, t } from "../../src/i18n/index.ts";
import { commandPathIn } from "../../src/i18n/commands.ts";
import { cardNameIn, contractTextIn } from "../../render/onze/words.ts";

// --- the slash command --------------------------------------------------------------------

/** Its rules document (docs/rules/onze.md). */
export const ONZE_RULES = rulesDocument("onze");
export const RULES = rulesIn(ONZE_RULES);

export const onzeCommand: Command<BotContext> = {
  data: tableCommand(
    new SlashCommandBuilder()
      .setName("onze")
      .setDescription("Play Onze, contract rummy with two decks and seven rounds")
      .setContexts(...ANYWHERE.contexts)
      .setIntegrationTypes(...ANYWHERE.integrationTypes)
      .addSubcommand((s) =>
        s
          .setName("new")
          .setDescription("Open an Onze table in this channel (3 to 7 players)")
          .addStringOption((o) => o.setName("seed").setDescription("Deal name: same name, same cards (default random)").setMaxLength(40))
          .addStringOption((o) =>
            o.setName("clock").setDescription("Turn clock: seconds, 12h/24h, or off (default 120)").setMaxLength(12).setAutocomplete(true),
          ),
      ),
    {
      join: "Take a seat at this channel's Onze table",
      level: {
        description: "How well it plays (default normal)",
        choices: [
          { name: "easy: draws and discards at random", value: "easy" },
          { name: "normal: plays to win", value: "normal" },
          { name: "expert: buys more, discards what the others cannot use", value: "expert" },
        ],
      },
    },
    (b) =>
      b
        .addSubcommand((s) => s.setName("hand").setDescription("See your hand privately and play by clicking"))
        .addSubcommand((s) => s.setName("rules").setDescription("How to play Onze"))
        .addSubcommand((s) => s.setName("draw").setDescription("Draw the top card of the stock"))
        .addSubcommand((s) => s.setName("take").setDescription("Take the top card of the discard pile"))
        .addSubcommand((s) => s.setName("buy").setDescription("Ask for the discard that is for sale (again: withdraw)"))
        .addSubcommand((s) =>
          s
            .setName("down")
            .setDescription("Go down: lay the round's contract")
            .addStringOption((o) =>
              o
                .setName("melds")
                .setDescription("A suggested way, or cards: 7h 7s 7c / 5d 6d 7d 8d")
                .setRequired(true)
                .setAutocomplete(true),
            ),
        )
        .addSubcommand((s) =>
          s
            .setName("layoff")
            .setDescription("Lay a card off onto any meld on the table")
            .addStringOption((o) =>
              o.setName("play").setDescription("Card and meld (the list shows every legal one)").setRequired(true).setAutocomplete(true),
            ),
        )
        .addSubcommand((s) =>
          s
            .setName("swap")
            .setDescription("Swap a wild out of a run; the wild goes onto a meld")
            .addStringOption((o) =>
              o.setName("play").setDescription("Card, wild and where the wild goes").setRequired(true).setAutocomplete(true),
            ),
        )
        .addSubcommand((s) =>
          s
            .setName("discard")
            .setDescription("Discard a card to end your turn")
            .addStringOption((o) => o.setName("card").setDescription("A card of your hand").setRequired(true).setAutocomplete(true)),
        ),
  ),

  async execute(interaction, ctx) {
    const group = interaction.options.getSubcommandGroup(false);
    const sub = group ? `${group} ${interaction.options.getSubcommand()}` : interaction.options.getSubcommand();
    const ch = interaction.channelId;
    const service = tablesOf(ctx);
    const me = seatOf(interaction);
    if (await sharedSubcommand(interaction, ctx, "onze", sub, RULES)) return;
    if (await lobbySubcommand(interaction, ctx, lobbyOf(service), sub, me)) return;
    switch (sub) {
      case "new": {
        const seed = interaction.options.getString("seed")?.trim() || null;
        const clockText = interaction.options.getString("clock");
        const clock = clockText === null ? await ctx.settings.clockOf(interaction.guildId, "onze", DEFAULT_CLOCK) : parseClock(clockText);
        for (const other of ctx.games.values()) {
          const here = await other.get(ch);
          if (here && here.status !== "over") throw refuse("table/exists");
        }
        await respond(interaction, "reply", false, async () =>
          onzePayload(await service.open(ch, interaction.guildId, me, {}, seed, clock)),
        );
        return;
      }
      case "hand": {
        const back = await comeBack(ctx, ch, me.userId);
        await respond(interaction, "reply", true, async () => {
          const rec = await service.current(ch);
          stateOf(rec);
          service.seatOf(rec, me.userId);
          return onzeHandPayload(rec, viewerOf(interaction));
        });
        keepPanel(ctx, ONZE_PANELS, interaction); // kept up to date as the table changes
        if (back) await ctx.post(ch, back);
        return;
      }
      case "draw":
        await moveAndShow(interaction, ctx, () => ({ kind: "draw" }));
        return;
      case "take":
        await moveAndShow(interaction, ctx, () => ({ kind: "take" }));
        return;
      case "buy":
        await moveAndShow(interaction, ctx, buyToggle);
        return;
      case "down":
        await moveAndShow(interaction, ctx, (_rec, seat, s) => {
          const text = interaction.options.getString("melds", true);
          const coded = decodeDown(text);
          if (coded) return { kind: "down", melds: coded };
          const typed = readTypedDown(text, s.hands[seat] ?? []);
          if (!typed.ok) throw new UserError(typed.error.code, typed.error.message);
          return { kind: "down", melds: typed.value };
        });
        return;
      case "layoff":
        await moveAndShow(interaction, ctx, (_rec, seat, s) => {
          const text = interaction.options.getString("play", true);
          const m = decodeLayoff(text) ?? typedLayoff(text, s, seat);
          return m;
        });
        return;
      case "swap":
        await moveAndShow(interaction, ctx, () => {
          const m = decodeSwap(interaction.options.getString("play", true));
          if (!m)
            throw new UserError(
              "onze/pick_swap",
              "Pick a swap from the list: it names the card, the wild it frees and where the wild goes.",
            );
          return m;
        });
        return;
      case "discard":
        await moveAndShow(interaction, ctx, (_rec, seat, s) => ({
          kind: "discard",
          card: readHandCard(interaction.options.getString("card", true), s.hands[seat] ?? [], s.taken),
        }));
        return;
      default:
        throw refuse("command/unknown");
    }
  },

  async autocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<Choice[]> {
    const focused = interaction.options.getFocused(true);
    if (focused.name === "clock") return clockChoices(String(focused.value), interaction.locale);
    const rec = await tablesOf(ctx).get(interaction.channelId);
    const locale = localeOf(interaction.locale);
    const say = (key: string, params: Record<string, string> = {}) => hint(t(locale, key, params));
    const cardName = (c: Card) => cardNameIn(locale, c);
    if (!rec?.state || rec.status !== "playing") return say("onze.ac_no_game");
    const seat = rec.seats.findIndex((x) => x.userId === interaction.user.id);
    if (seat < 0) return say("onexeno.ac_no_seat");
    const s = rec.state;
    const typed = String(focused.value).toLowerCase().trim();
    const hand = s.hands[seat] ?? [];
    const match = (label: string) => typed === "" || label.toLowerCase().includes(typed);
    if (focused.name === "card") {
      const cards = [...new Map(sortHand(hand).map((c) => [faceOf(c), c])).values()];
      const out = cards
        .filter((c) => match(cardName(c)) || match(String(cardPoints(c))))
        .map((c) => ({
          name: `${t(locale, "onze.pts", { card: cardName(c), n: cardPoints(c) })}${c === s.taken ? ` ${t(locale, "onze.ac_taken")}` : ""}`,
          value: String(c),
        }));
      return out.slice(0, MAX);
    }
    if (s.turn !== seat) return say("onexeno.ac_not_turn", { name: rec.seats[s.turn]?.name ?? "?" });
    if (s.phase === "draw")
      return say("onze.ac_draw_first", { draw: commandPathIn(locale, "onze draw"), take: commandPathIn(locale, "onze take") });
    if (focused.name === "melds") {
      if (s.down[seat]) return say("onze.ac_down_already");
      const ways = contractArrangements(hand, CONTRACTS[s.round - 1] ?? [], 200, hand.length - 1).map((a) =>
        a.map((m) => ({ kind: m.kind, cards: m.cards })),
      );
      if (!ways.length) return say("onze.ac_no_contract", { contract: contractTextIn(locale, s.round) });
      return ways
        .filter((w) => match(downText(w, locale)))
        .filter((w) => encodeDown(w).length <= 100)
        .slice(0, MAX)
        .map((w) => ({ name: downText(w, locale).slice(0, 100), value: encodeDown(w) }));
    }
    if (!s.down[seat]) return say("onze.ac_down_first");
    if (s.downThisTurn) return say("onze.ac_went_down");
    const plays = playsOnTable(s, seat);
    if (interaction.options.getSubcommand() === "swap") {
      const swaps = plays.filter((m): m is SwapMove => m.kind === "swap");
      if (!swaps.length) return say("onze.ac_no_swap");
      return swaps
        .map((m) => ({ name: swapText(rec, m, locale).slice(0, 100), value: encodeSwap(m) }))
        .filter((c) => match(c.name))
        .slice(0, MAX);
    }
    const lays = plays.filter((m): m is LayoffMove => m.kind === "layoff");
    if (!lays.length) return say("onze.ac_no_layoff");
    return lays
      .map((m) => ({ name: layoffText(rec, m, locale).slice(0, 100), value: encodeLayoff(m) }))
      .filter((c) => match(c.name))
      .slice(0, MAX);
  },
};

/** The Onze lobby for the shared lobby verbs. */
