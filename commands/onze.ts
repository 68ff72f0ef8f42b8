/**
 * Onze in Discord: `/onze new|join|leave|start|kick|end|bot|hand|table|rules` and the moves
 * `draw`, `take`, `buy`, `down`, `layoff`, `swap`, `discard` (with autocomplete of every legal
 * choice), the public table's buttons (My hand, Draw, Take discard, Buy) and the private hand
 * panel, whose menus offer every legal action within Discord's limits (5 rows, 25 options a
 * menu; https://discord.com/developers/docs/interactions/message-components).
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  MessageFlags,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type AutocompleteInteraction,
  type BaseMessageOptions,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
} from "discord.js";
import { readFileSync } from "node:fs";
import type { BotContext } from "../src/bot/context";
import { againRow } from "../src/bot/confirm";
import { backButton, clockLabel, clockLines, DEFAULT_CLOCK, parseClock, seatNames, turnBegins } from "../src/bot/clock";
import { encodeId, type ComponentId } from "../src/bot/customid";
import { UserError } from "../src/bot/errors";
import { asTable, type TablePayload } from "../src/bot/live";
import { restartNote } from "../src/bot/restart";
import { playAndShow, type MoveView } from "../src/bot/flow";
import { respond } from "../src/bot/reply";
import { hint, type Choice, type Command } from "../src/bot/router";
import type { GameTable, TablesOf } from "../src/bot/tables";
import { refuse } from "../src/bot/words";
import { cardName, cardPoints, faceOf, parseFace, sortHand, type Card } from "../src/games/onze/cards";
import { ONZE_COMPUTER_LEVELS } from "../src/games/onze/computer";
import { contractArrangements, CONTRACTS, contractText, type Meld, type MeldKind, type MeldSpec } from "../src/games/onze/melds";
import {
  meldProblem,
  onze,
  onzeLegalMoves,
  onzeView,
  playsOnTable,
  type OnzeConfig,
  type OnzeMove,
  type OnzeState,
} from "../src/games/onze/game";
import { contractStatus, readTypedDown } from "../src/games/onze/typed";
import { describeOnze, meldWords, onzeLastText } from "../render/onze-table";
import { clockChoices } from "./onexeno";
import { comeBack, lobbyComponent, lobbySubcommand, seatOf, sharedSubcommand, type LobbyGame } from "./games";
import { renderOnzeHand, renderOnzeTable } from "../render/render";

/** A stored Onze table. */
export type OnzeTable = GameTable<"onze", OnzeConfig, OnzeState, OnzeMove>;
/** The Onze table service. */
export type OnzeTables = TablesOf<"onze">;

const MAX = 25;
const tablesOf = (ctx: BotContext): OnzeTables => ctx.service("onze");
const names = (rec: OnzeTable) => seatNames(rec);
const stateOf = (rec: OnzeTable | undefined): OnzeState => {
  if (!rec) throw refuse("table/none", { command: "onze" });
  if (!rec.state || rec.status === "lobby") throw refuse("table/not_started");
  if (rec.status === "over") throw refuse("table/over");
  return rec.state;
};

// --- how moves are written in customIds, autocomplete values and typed text ---------------

/** An arrangement as a value: `s12.25.38|r4.5.6.7` (kind initial, card numbers). At most 100 characters for 13 cards. */
export const encodeDown = (melds: readonly MeldSpec[]): string => melds.map((m) => `${m.kind[0]}${m.cards.join(".")}`).join("|");
export function decodeDown(text: string): MeldSpec[] | null {
  const out: MeldSpec[] = [];
  for (const part of text.split("|")) {
    const m = /^([sr])(\d+(?:\.\d+)*)$/.exec(part);
    if (!m) return null;
    out.push({ kind: m[1] === "s" ? "set" : "run", cards: (m[2] as string).split(".").map(Number) });
  }
  return out.length ? out : null;
}

type LayoffMove = OnzeMove & { kind: "layoff" };
type SwapMove = OnzeMove & { kind: "swap" };
const encodeLayoff = (m: LayoffMove) => `${m.card}:${m.to.seat}:${m.to.meld}:${m.end ?? "-"}`;
const encodeSwap = (m: SwapMove) => `${m.card}:${m.from.seat}:${m.from.meld}:${m.index}:${m.to.seat}:${m.to.meld}:${m.end ?? "-"}`;
function decodeLayoff(v: string): LayoffMove | null {
  const p = v.split(":");
  if (p.length !== 4 || p.slice(0, 3).some((x) => !/^\d+$/.test(x))) return null;
  const end = p[3] === "low" || p[3] === "high" ? p[3] : undefined;
  return { kind: "layoff", card: Number(p[0]), to: { seat: Number(p[1]), meld: Number(p[2]) }, ...(end ? { end } : {}) };
}
function decodeSwap(v: string): SwapMove | null {
  const p = v.split(":");
  if (p.length !== 7 || p.slice(0, 6).some((x) => !/^\d+$/.test(x))) return null;
  const end = p[6] === "low" || p[6] === "high" ? p[6] : undefined;
  return {
    kind: "swap",
    card: Number(p[0]),
    from: { seat: Number(p[1]), meld: Number(p[2]) },
    index: Number(p[3]),
    to: { seat: Number(p[4]), meld: Number(p[5]) },
    ...(end ? { end } : {}),
  };
}

const meldOf = (rec: OnzeTable, seat: number, meld: number) =>
  `${rec.seats[seat]?.name ?? "?"}'s ${meldWords(rec.state?.melds[seat]?.[meld] as Meld)}`;
const downText = (melds: readonly MeldSpec[]) =>
  `${melds.map((m) => m.cards.map(cardName).join(" ")).join(" · ")} (${melds.reduce((n, m) => n + m.cards.length, 0)} cards)`;
function layoffText(rec: OnzeTable, m: LayoffMove): string {
  const meld = rec.state?.melds[m.to.seat]?.[m.to.meld];
  return `${cardName(m.card)} → ${meldOf(rec, m.to.seat, m.to.meld)}${meld?.kind === "run" ? ` (${m.end ?? "high"} end)` : ""}`;
}
const swapText = (rec: OnzeTable, m: SwapMove) =>
  `${cardName(m.card)} for the wild in ${meldOf(rec, m.from.seat, m.from.meld)}; wild → ${meldOf(rec, m.to.seat, m.to.meld)}${m.end ? ` (${m.end} end)` : ""}`;

/** What the hand still lacks for the round's contract, in words (from `contractStatus`). */
export function contractHelp(s: OnzeState, seat: number): string {
  const round = `Round ${s.round}: ${contractText(s.round)}`;
  const st = contractStatus(s.hands[seat] ?? [], s.round, s.down[seat] ?? false);
  if (st.down) return `${round} · you are down: lay off on any meld, then discard`;
  if (st.holds) return `${round} · you hold it: go down after drawing`;
  const say = (ks: readonly MeldKind[]) => ks.map((k) => `1 ${k}`).join(" + ");
  return st.held.length ? `${round} · you hold ${say(st.held)}; still missing ${say(st.missing)}` : `${round} · you hold none of it yet`;
}

// --- messages -----------------------------------------------------------------------------

function lobbyPayload(rec: OnzeTable, note?: string): BaseMessageOptions {
  const n = rec.seats.length;
  const embed = new EmbedBuilder()
    .setTitle("Onze · 7 rounds · lowest total wins")
    .setDescription(
      `${rec.seats.map((s, i) => `${i + 1}. ${s.computer ? `🤖 ${s.name}` : `<@${s.userId}>`}${s.userId === rec.hostId ? " (host)" : ""}`).join("\n")}\n\n${n >= 3 ? "Ready: the host can press **Start**." : `Waiting for players: 3 to 7 needed, ${n} seated.`}`,
    )
    .setColor(0x1d5b3b);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId("join", rec.rev))
      .setLabel("Join")
      .setStyle(ButtonStyle.Success)
      .setDisabled(n >= 7),
    new ButtonBuilder().setCustomId(encodeId("leave", rec.rev)).setLabel("Leave").setStyle(ButtonStyle.Secondary),
    new ButtonBuilder()
      .setCustomId(encodeId("start", rec.rev))
      .setLabel("Start")
      .setStyle(ButtonStyle.Primary)
      .setDisabled(n < 3),
    new ButtonBuilder()
      .setCustomId(encodeId("addbot", rec.rev, "normal"))
      .setLabel("Add computer player")
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(n >= 7),
  );
  return {
    content: `${note ? `${note}\n` : ""}An Onze table is open here: press **Join** or use \`/onze join\`.`,
    embeds: [embed],
    components: [row],
    files: [],
    allowedMentions: { parse: [] },
  };
}

/** The public Onze table: picture with alt text, whose turn, what is for sale, buttons. */
export async function onzePayload(rec: OnzeTable, note?: string): Promise<TablePayload> {
  note = restartNote(rec, "onze", note);
  return asTable(await onzeMessage(rec, note), note, rec.status, [rec.updatedAt, rec.rev]);
}

async function onzeMessage(rec: OnzeTable, note?: string): Promise<BaseMessageOptions> {
  if (rec.status === "lobby" || !rec.state) return lobbyPayload(rec, note);
  const s = rec.state;
  const view = onzeView(s, null);
  const file = new AttachmentBuilder(await renderOnzeTable(view, names(rec), undefined, clockLabel(rec)), {
    name: "onze.png",
    description: describeOnze(view, names(rec)),
  });
  const head = note ? `${note}\n` : "";
  if (rec.status === "over") {
    const o = onze.outcome(s);
    const winners = (o?.winners ?? [])
      .map((w) => (rec.seats[w]?.computer ? `🤖 ${rec.seats[w]?.name}` : `<@${rec.seats[w]?.userId}>`))
      .join(", ");
    return {
      content: `${head}🏁 **Game over.** Lowest total: ${winners}. Final: ${rec.seats.map((x, i) => `${x.name} ${s.totals[i]}`).join(" · ")}.`,
      files: [file],
      components: [againRow(rec.rev)],
      embeds: [],
      allowedMentions: {
        users: (o?.winners ?? []).flatMap((w) => (rec.seats[w] && !rec.seats[w]?.computer ? [rec.seats[w]?.userId ?? ""] : [])),
      },
    };
  }
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeId("zhand", rec.rev)).setLabel("My hand").setStyle(ButtonStyle.Primary),
    new ButtonBuilder()
      .setCustomId(encodeId("zdraw", rec.rev))
      .setLabel("Draw")
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(s.phase !== "draw"),
    new ButtonBuilder()
      .setCustomId(encodeId("ztake", rec.rev))
      .setLabel(s.discard.length && s.phase === "draw" ? `Take ${cardName(s.discard.at(-1) as Card)}` : "Take discard")
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(s.phase !== "draw" || !s.discard.length),
  );
  if (s.forSale !== null)
    row.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeId("zbuy", rec.rev))
        .setLabel(`Buy ${cardName(s.forSale)} (+1 card)`)
        .setStyle(ButtonStyle.Success),
    );
  const back = backButton(rec);
  if (back) row.addComponents(back);
  const clock = clockLines(rec);
  const sale =
    s.forSale !== null
      ? `\n🛒 ${cardName(s.forSale)} is for sale until ${rec.seats[s.turn]?.name} discards: **Buy** (with a penalty card). If several ask, the one whose turn comes soonest gets it.${s.claims.length ? ` Asked: ${s.claims.map((c) => rec.seats[c]?.name).join(", ")}.` : ""}`
      : "";
  const tail = `${sale}${clock ? `\n${clock}` : ""}`;
  const turnSeat = rec.seats[s.turn];
  const what =
    s.phase === "draw"
      ? "draw from the stock or take the top discard"
      : s.down[s.turn]
        ? s.downThisTurn
          ? "discard to end your turn"
          : "lay off if you can, then discard"
        : "go down if you hold the contract, then discard";
  if (turnSeat?.computer || turnSeat?.away)
    return {
      content: `${head}${turnSeat.computer ? "🤖" : "💤"} ${turnSeat.name} is playing…${tail}`,
      files: [file],
      components: [row],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  return {
    content: `${head}<@${turnSeat?.userId}>, your turn: ${what}.${tail}`,
    files: [file],
    components: [row],
    embeds: [],
    allowedMentions: turnBegins(rec) ? { users: [turnSeat?.userId ?? ""] } : { parse: [] },
  };
}

/** Which page each menu of the hand panel shows (menus longer than 25 options are paged). */
export interface PanelPages {
  readonly zdown?: number;
  readonly zlay?: number;
  readonly zswap?: number;
}

/**
 * One page of a menu's options: all of them when they fit in 25; else 24 and a last option
 * `More…` (value `more:<next page>`) that shows the next page, round to the first.
 */
export function pageOf(options: readonly { label: string; value: string }[], page: number): { label: string; value: string }[] {
  if (options.length <= MAX) return [...options];
  const per = MAX - 1;
  const pages = Math.ceil(options.length / per);
  const p = ((page % pages) + pages) % pages;
  return [
    ...options.slice(p * per, (p + 1) * per),
    { label: `More… (page ${p + 1} of ${pages}: show ${p + 2 > pages ? "the first" : `page ${p + 2}`})`, value: `more:${(p + 1) % pages}` },
  ];
}

/** The private hand panel: the sorted hand, what it lacks, and every legal action as buttons and menus (paged past 25). */
export async function onzeHandPayload(rec: OnzeTable, userId: string, note?: string, pages: PanelPages = {}): Promise<BaseMessageOptions> {
  const seat = rec.seats.findIndex((x) => x.userId === userId);
  if (seat < 0 || !rec.state) return { content: "You have no seat at this table.", components: [], files: [], embeds: [] };
  const s = rec.state;
  const hand = sortHand(s.hands[seat] ?? []);
  const help = contractHelp(s, seat);
  const png = await renderOnzeHand(hand, `Your hand · ${rec.seats[seat]?.name} · ${hand.length} cards`, help);
  const file = new AttachmentBuilder(png, {
    name: "hand.png",
    description: `Your hand: ${hand.map(cardName).join(", ")}. ${help}.`.slice(0, 1024),
  });
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  const lines: string[] = [];
  const myTurn = s.turn === seat && rec.status === "playing";
  if (!myTurn) {
    lines.push(rec.status === "over" ? "The game is over." : `It is ${rec.seats[s.turn]?.name}'s turn.`);
    if (s.forSale !== null) {
      const mine = s.claims.includes(seat);
      rows.push(
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder()
            .setCustomId(encodeId("zbuy", rec.rev))
            .setLabel(mine ? `Withdraw my request for ${cardName(s.forSale)}` : `Buy ${cardName(s.forSale)} (+1 penalty card)`)
            .setStyle(mine ? ButtonStyle.Secondary : ButtonStyle.Success),
        ),
      );
    }
  } else if (s.phase === "draw") {
    lines.push("Your turn: draw from the stock, or take the top discard.");
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId(encodeId("zdraw", rec.rev)).setLabel("Draw from the stock").setStyle(ButtonStyle.Primary),
        new ButtonBuilder()
          .setCustomId(encodeId("ztake", rec.rev))
          .setLabel(s.discard.length ? `Take ${cardName(s.discard.at(-1) as Card)}` : "Take discard")
          .setStyle(ButtonStyle.Secondary)
          .setDisabled(!s.discard.length),
      ),
    );
  } else {
    const moves = onzeLegalMoves(s, seat, 200);
    const downs = moves.filter((m): m is OnzeMove & { kind: "down" } => m.kind === "down").filter((m) => encodeDown(m.melds).length <= 100);
    const lays = moves.filter((m): m is LayoffMove => m.kind === "layoff");
    const swaps = moves.filter((m): m is SwapMove => m.kind === "swap");
    const discards = moves.filter((m): m is OnzeMove & { kind: "discard" } => m.kind === "discard");
    lines.push(
      s.down[seat]
        ? s.downThisTurn
          ? "You went down: discard to end your turn."
          : "Lay off on any meld, or swap a wild out of a run; then discard."
        : downs.length
          ? "You can go down now."
          : "Discard to end your turn.",
    );
    const count = (n: number) => (n > MAX ? ` (${n} ways)` : "");
    if (downs.length)
      rows.push(
        select(
          "zdown",
          rec.rev,
          `Go down with…${count(downs.length)}`,
          pageOf(
            downs.map((m) => ({ label: downText(m.melds).slice(0, 100), value: encodeDown(m.melds) })),
            pages.zdown ?? 0,
          ),
          pages.zdown ?? 0,
        ),
      );
    if (lays.length)
      rows.push(
        select(
          "zlay",
          rec.rev,
          `Lay off…${count(lays.length)}`,
          pageOf(
            lays.map((m) => ({ label: layoffText(rec, m).slice(0, 100), value: encodeLayoff(m) })),
            pages.zlay ?? 0,
          ),
          pages.zlay ?? 0,
        ),
      );
    if (swaps.length)
      rows.push(
        select(
          "zswap",
          rec.rev,
          `Swap a wild out of a run…${count(swaps.length)}`,
          pageOf(
            swaps.map((m) => ({ label: swapText(rec, m).slice(0, 100), value: encodeSwap(m) })),
            pages.zswap ?? 0,
          ),
          pages.zswap ?? 0,
        ),
      );
    // Discards: one option per face; past 25 faces, a second menu.
    const byFace = [...new Map(discards.map((m) => [faceOf(m.card), m])).values()].sort((a, b) => cardPoints(b.card) - cardPoints(a.card));
    for (let page = 0; page * MAX < byFace.length && rows.length < 5; page++) {
      const part = byFace.slice(page * MAX, (page + 1) * MAX);
      rows.push(
        select(
          "zdisc",
          rec.rev,
          page === 0 ? "Discard… (ends your turn)" : "Discard… (more cards)",
          part.map((m) => ({ label: `${cardName(m.card)} · ${cardPoints(m.card)} pts`, value: String(m.card) })),
          page,
        ),
      );
    }
    if (s.taken !== null && (s.hands[seat]?.length ?? 0) > 1)
      lines.push(`(${cardName(s.taken)}, taken from the discard pile, cannot be discarded this turn.)`);
  }
  return { content: `${note ? `${note}\n` : ""}${lines.join(" ")}`, files: [file], components: rows.slice(0, 5), embeds: [] };
}

function select(
  verb: "zdown" | "zlay" | "zswap" | "zdisc",
  rev: number,
  placeholder: string,
  options: { label: string; value: string }[],
  page = 0,
): ActionRowBuilder<StringSelectMenuBuilder> {
  return new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
    new StringSelectMenuBuilder()
      .setCustomId(encodeId(verb, rev, page))
      .setPlaceholder(placeholder.slice(0, 150))
      .addOptions(options),
  );
}

/** What the latest move did, in words (said above the new table), with a round's result. */
export function onzeMoveNote(before: OnzeTable | undefined, after: OnzeTable): string {
  const s = after.state;
  if (!s) return "";
  const nm = after.seats.map((x) => x.name);
  const parts: string[] = [];
  const ended = (before?.state?.results.length ?? 0) < s.results.length;
  if (s.last.length) parts.push(onzeLastText(s, nm));
  if (ended) {
    const r = s.results.at(-1);
    if (r)
      parts.push(
        `**Round ${r.round} is over**${r.wentOut !== null ? ` (${nm[r.wentOut]} went out)` : " (nobody went out)"}: ${r.scores.map((x, i) => `${nm[i]} +${x}`).join(", ")}.${after.status === "playing" ? ` Round ${s.round} (${contractText(s.round)}) is dealt.` : ""}`,
      );
  }
  return parts.join(" ");
}

/** Onze's bot side as the move flow reads it. */
const ONZE_VIEW: MoveView<OnzeTable> = { command: "onze", payload: onzePayload, moveNote: onzeMoveNote };

/**
 * Plays `build`'s move for the invoker through the shared flow (src/bot/flow.ts) and answers
 * privately: a receipt, or the refreshed hand panel for panel clicks.
 *
 * Onze moves are checked against the table as it is, not against the revision a message was
 * drawn for: others may buy (claim) at any moment of a turn, and that must not make the active
 * player's click or command "stale". Every move names concrete cards and melds, so the engine
 * refuses one that no longer fits (a second click of a discard: not your turn any more).
 */
async function moveAndShow(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
  build: (rec: OnzeTable, seat: number, s: OnzeState) => OnzeMove,
): Promise<void> {
  const panel = interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.Ephemeral);
  await playAndShow(interaction, ctx, tablesOf(ctx), ONZE_VIEW, build, {
    answer: "receipt",
    update: panel,
    rev: "any",
    receipt: (_before, after, note) =>
      panel && after.status === "playing"
        ? onzeHandPayload(after, interaction.user.id, `✅ ${note}`)
        : { content: `✅ ${note}`, components: [], files: [], embeds: [] },
  });
}

const buyToggle = (_rec: OnzeTable, seat: number, s: OnzeState): OnzeMove => {
  if (s.forSale === null)
    throw new UserError(
      "onze/nothing_for_sale",
      "Nothing is up for grabs: a discard is for sale once the player to move has drawn from the stock.",
    );
  if (seat === s.turn) throw new UserError("onze/own_discard", "You passed over that discard yourself: it is up for the others now.");
  return s.claims.includes(seat) ? { kind: "unclaim" } : { kind: "claim" };
};

// --- the slash command --------------------------------------------------------------------

const RULES = readFileSync(new URL("../docs/rules/onze.md", import.meta.url), "utf8");

export const onzeCommand: Command<BotContext> = {
  data: new SlashCommandBuilder()
    .setName("onze")
    .setDescription("Play Onze, contract rummy with two decks and seven rounds")
    .setDMPermission(false)
    .addSubcommand((s) =>
      s
        .setName("new")
        .setDescription("Open an Onze table in this channel (3 to 7 players)")
        .addStringOption((o) => o.setName("seed").setDescription("Deal name: same name, same cards (default random)").setMaxLength(40))
        .addStringOption((o) =>
          o.setName("clock").setDescription("Turn clock: seconds, 12h/24h, or off (default 120)").setMaxLength(12).setAutocomplete(true),
        ),
    )
    .addSubcommand((s) => s.setName("join").setDescription("Take a seat at this channel's Onze table"))
    .addSubcommand((s) => s.setName("leave").setDescription("Leave the table (mid-game a computer takes your seat)"))
    .addSubcommand((s) => s.setName("start").setDescription("Start the game (host only)"))
    .addSubcommand((s) =>
      s
        .setName("kick")
        .setDescription("Remove a player (host only; mid-game a computer takes the seat)")
        .addUserOption((o) => o.setName("player").setDescription("Who to remove from the table").setRequired(true)),
    )
    .addSubcommand((s) => s.setName("end").setDescription("Close this channel's table (host or Manage Messages)"))
    .addSubcommand((s) => s.setName("hand").setDescription("See your hand privately and play by clicking"))
    .addSubcommand((s) => s.setName("table").setDescription("Post the table again as the newest message"))
    .addSubcommand((s) => s.setName("rules").setDescription("How to play Onze"))
    .addSubcommand((s) => s.setName("draw").setDescription("Draw the top card of the stock"))
    .addSubcommand((s) => s.setName("take").setDescription("Take the top card of the discard pile"))
    .addSubcommand((s) => s.setName("buy").setDescription("Ask for the discard that is for sale (again: withdraw)"))
    .addSubcommand((s) =>
      s
        .setName("down")
        .setDescription("Go down: lay the round's contract")
        .addStringOption((o) =>
          o.setName("melds").setDescription("A suggested way, or cards: 7h 7s 7c / 5d 6d 7d 8d").setRequired(true).setAutocomplete(true),
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
    )
    .addSubcommandGroup((g) =>
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
                .setDescription("How well it plays (default normal)")
                .addChoices(
                  { name: "easy: draws and discards at random", value: "easy" },
                  { name: "normal: plays to win", value: "normal" },
                ),
            ),
        )
        .addSubcommand((s) => s.setName("remove").setDescription("Remove the last computer player (host, before the start)")),
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
        const clock = clockText === null ? DEFAULT_CLOCK : parseClock(clockText);
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
          const rec = await service.get(ch);
          stateOf(rec);
          service.seatOf(rec as OnzeTable, me.userId);
          return onzeHandPayload(rec as OnzeTable, me.userId);
        });
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
    if (focused.name === "clock") return clockChoices(String(focused.value));
    const rec = await tablesOf(ctx).get(interaction.channelId);
    if (!rec?.state || rec.status !== "playing") return hint("No Onze game is running in this channel");
    const seat = rec.seats.findIndex((x) => x.userId === interaction.user.id);
    if (seat < 0) return hint("You have no seat at this table");
    const s = rec.state;
    const typed = String(focused.value).toLowerCase().trim();
    const hand = s.hands[seat] ?? [];
    const match = (label: string) => typed === "" || label.toLowerCase().includes(typed);
    if (focused.name === "card") {
      const cards = [...new Map(sortHand(hand).map((c) => [faceOf(c), c])).values()];
      const out = cards
        .filter((c) => match(cardName(c)) || match(String(cardPoints(c))))
        .map((c) => ({
          name: `${cardName(c)} · ${cardPoints(c)} pts${c === s.taken ? " (taken this turn: not now)" : ""}`,
          value: String(c),
        }));
      return out.slice(0, MAX);
    }
    if (s.turn !== seat) return hint(`Not your turn: ${rec.seats[s.turn]?.name} is playing`);
    if (s.phase === "draw") return hint("Draw first: /onze draw or /onze take");
    if (focused.name === "melds") {
      if (s.down[seat]) return hint("You have gone down this round already: lay off instead");
      const ways = contractArrangements(hand, CONTRACTS[s.round - 1] ?? [], 200, hand.length - 1).map((a) =>
        a.map((m) => ({ kind: m.kind, cards: m.cards })),
      );
      if (!ways.length) return hint(`Your hand does not hold ${contractText(s.round)} yet`);
      return ways
        .filter((w) => match(downText(w)))
        .filter((w) => encodeDown(w).length <= 100)
        .slice(0, MAX)
        .map((w) => ({ name: downText(w).slice(0, 100), value: encodeDown(w) }));
    }
    if (!s.down[seat]) return hint("Go down with the contract first");
    if (s.downThisTurn) return hint("You went down this turn: lay off from your next turn");
    const plays = playsOnTable(s, seat);
    if (interaction.options.getSubcommand() === "swap") {
      const swaps = plays.filter((m): m is SwapMove => m.kind === "swap");
      if (!swaps.length) return hint("No wild on the table can be swapped with your cards");
      return swaps
        .map((m) => ({ name: swapText(rec, m).slice(0, 100), value: encodeSwap(m) }))
        .filter((c) => match(c.name))
        .slice(0, MAX);
    }
    const lays = plays.filter((m): m is LayoffMove => m.kind === "layoff");
    if (!lays.length) return hint("None of your cards fits a meld on the table now");
    return lays
      .map((m) => ({ name: layoffText(rec, m).slice(0, 100), value: encodeLayoff(m) }))
      .filter((c) => match(c.name))
      .slice(0, MAX);
  },
};

/** The Onze lobby for the shared lobby verbs. */
const lobbyOf = (service: OnzeTables): LobbyGame => ({
  command: "onze",
  service,
  levels: ONZE_COMPUTER_LEVELS,
  payload: onzePayload,
  started: (rec: OnzeTable) =>
    `The game starts. ${rec.seats[rec.state?.dealer ?? 0]?.name} drew the highest card and deals 11 each. Round 1: ${contractText(1)}.`,
});

/** A typed card of the hand (`7h`, a card number from the list). */
function readHandCard(text: string, hand: readonly Card[], taken: Card | null): Card {
  const n = Number(text);
  if (/^\d+$/.test(text) && hand.includes(n)) return n;
  const face = parseFace(text);
  if (face === null) throw new UserError("onze/bad_card", `\`${text}\` is not a card (try \`7h\`, \`10s\`, \`Ah\`, \`joker\`).`);
  const mine = hand.filter((c) => faceOf(c) === face);
  if (!mine.length) throw new UserError("onze/not_in_hand", `You have no ${cardName(face)} in your hand.`);
  return mine.find((c) => c !== taken) ?? (mine[0] as Card);
}

/** A typed lay-off (`7h`): the first meld that card fits. */
function typedLayoff(text: string, s: OnzeState, seat: number): LayoffMove {
  const card = readHandCard(text.split(/\s+/)[0] ?? "", s.hands[seat] ?? [], null);
  const m = playsOnTable(s, seat).find((x): x is LayoffMove => x.kind === "layoff" && faceOf(x.card) === faceOf(card));
  if (!m) throw new UserError("onze/no_fit", meldProblem("onze/no_fit"));
  return { ...m, card };
}

// --- components ----------------------------------------------------------------------------

/** Component verbs of Onze messages. */
export const ONZE_VERBS: ReadonlySet<string> = new Set(["zhand", "zdraw", "ztake", "zbuy", "zdown", "zlay", "zswap", "zdisc"]);

/** Buttons and menus of Onze messages (public table, lobby and private panel). */
export async function onzeComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const service = tablesOf(ctx);
  const ch = interaction.channelId;
  const rec = await service.get(ch);
  if (!rec) throw refuse("table/gone");
  const me = seatOf(interaction);
  if (await lobbyComponent(interaction, id, ctx, lobbyOf(service))) return;
  if (rec.status === "over") throw refuse("table/over");
  if (id.verb === "zhand") {
    const back = await comeBack(ctx, ch, me.userId);
    await respond(interaction, "reply", true, async () => {
      const now = (await service.get(ch)) as OnzeTable;
      service.seatOf(now, me.userId);
      return onzeHandPayload(now, me.userId, now.rev !== id.rev && !back ? "This table has moved on; here is your hand now." : undefined);
    });
    if (back) await ctx.post(ch, back);
    return;
  }
  // Buying is open to everyone but the active player while the discard is for sale, whatever the revision.
  if (id.verb === "zbuy") {
    await moveAndShow(interaction, ctx, buyToggle);
    return;
  }
  const value = interaction.isStringSelectMenu() ? (interaction.values[0] ?? "") : "";
  if (value.startsWith("more:") && (id.verb === "zdown" || id.verb === "zlay" || id.verb === "zswap")) {
    // The next page of a long menu: the panel is redrawn with it, nothing else changes.
    await respond(interaction, "update", true, async () =>
      onzeHandPayload((await service.get(ch)) as OnzeTable, me.userId, undefined, { [id.verb]: Number(value.slice(5)) || 0 }),
    );
    return;
  }
  switch (id.verb) {
    case "zdraw":
      await moveAndShow(interaction, ctx, () => ({ kind: "draw" }));
      return;
    case "ztake":
      await moveAndShow(interaction, ctx, () => ({ kind: "take" }));
      return;
    case "zdown":
      await moveAndShow(interaction, ctx, () => {
        const melds = decodeDown(value);
        if (!melds) throw refuse("component/unknown");
        return { kind: "down", melds };
      });
      return;
    case "zlay":
      await moveAndShow(
        interaction,
        ctx,
        () =>
          decodeLayoff(value) ??
          (() => {
            throw refuse("component/unknown");
          })(),
      );
      return;
    case "zswap":
      await moveAndShow(
        interaction,
        ctx,
        () =>
          decodeSwap(value) ??
          (() => {
            throw refuse("component/unknown");
          })(),
      );
      return;
    case "zdisc":
      await moveAndShow(interaction, ctx, () => ({ kind: "discard", card: Number(value) }));
      return;
    default:
      throw refuse("component/unknown");
  }
}
