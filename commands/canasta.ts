/**
 * ONEXENO canasta in Discord: `/onexeno new game:canasta [target]`, the same lobby verbs,
 * then draw / take / meld / extend / discard by slash commands (with autocomplete that
 * proposes valid rows and legal cards) or from the private hand panel. The panel respects
 * Discord's limits (5 component rows, 25 options per menu): suggested melds and extensions
 * are the 25 best, discards are split over two menus when the hand passes 25 cards.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  StringSelectMenuBuilder,
  type AutocompleteInteraction,
  type BaseMessageOptions,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
} from "discord.js";
import type { BotContext } from "../src/bot/context";
import { hint, type Choice } from "../src/bot/router";
import { againRow } from "../src/bot/confirm";
import { backButton, clockLabel, clockLines, seatNames, turnBegins } from "../src/bot/clock";
import { asTable, quiet, type TablePayload } from "../src/bot/live";
import { restartNote } from "../src/bot/restart";
import type { RowCount } from "../src/games/onexeno/canasta-search";
import { CANASTA_COMPUTER_LEVELS, type CanastaComputerLevel } from "../src/games/onexeno/canasta-computer";
import { encodeId, type ComponentId } from "../src/bot/customid";
import { UserError } from "../src/bot/errors";
import { refuse } from "../src/bot/words";
import { playAndShow, type MoveView } from "../src/bot/flow";
import { respond } from "../src/bot/reply";
import { meldSuggestions, type RowSuggestion } from "../src/games/onexeno/canasta-hints";
import type { Seat, TableOf } from "../src/bot/tables";
import { cardLabel, cardName, cardTitle, distinctRotations, parseCardName, type Rotation } from "../src/games/onexeno/cards";
import {
  canasta,
  canastaLegalMoves,
  canastaView,
  extendProblem,
  idOf,
  instValue,
  rowCount,
  rowProblem,
  rowSum,
  type CanastaMove,
  type CanastaState,
  type CardInst,
  type RowCard,
} from "../src/games/onexeno/canasta";

import { describeCanasta } from "../render/onexeno-canasta";
import { rotationText } from "./onexeno-choices";
import { backNote } from "./games";
import { renderCanastaTable, renderOnexenoHand } from "../render/render";

const MAX = 25;
/** An ONEXENO canasta table. */
export type CanastaTable = TableOf<"canasta">;

const names = (rec: CanastaTable) => seatNames(rec);
const stateOf = (rec: CanastaTable): CanastaState => {
  if (!rec.state || rec.status === "lobby") throw refuse("table/not_started");
  return rec.state;
};

/** `inst@rot,inst@rot,…` <-> a row. */
export const encodeRow = (row: readonly RowCard[]) => row.map((c) => `${c.card}@${c.rot}`).join(",");
export function decodeRow(text: string): RowCard[] | null {
  const parts = text.split(",");
  const out: RowCard[] = [];
  for (const p of parts) {
    const m = /^(\d+)@([0-3])$/.exec(p.trim());
    if (!m) return null;
    out.push({ card: Number(m[1]), rot: Number(m[2]) as Rotation });
  }
  return out.length ? out : null;
}

/** A short text for a row: values and sum, e.g. `5+7+8 = 20 ★ XENO`. */
export function rowText(row: readonly RowCard[]): string {
  const sum = rowSum(row);
  return `${row.map((c) => instValue(c.card)).join("+")} = ${sum}${sum === 20 ? " ★ XENO" : ""}`;
}

/**
 * Reads typed card names in order (`BWB/W4B/BWW 5:BBW/…`, separated by spaces, commas or +)
 * from the hand and finds rotations that make them a valid row, or throws a UserError.
 */
export function readTypedRow(text: string, hand: readonly CardInst[], count?: RowCount): RowCard[] {
  const encoded = decodeRow(text);
  if (encoded) return encoded;
  const tokens = text.split(/[\s,+]+/).filter(Boolean);
  const pool = [...hand];
  const cards: CardInst[] = [];
  for (const t of tokens) {
    const id = parseCardName(t);
    if (id === null) throw new UserError("input/bad_card", `\`${t}\` is not a card name (like \`BWB/W4B/BWW\`).`);
    const i = pool.findIndex((c) => idOf(c) === id);
    if (i < 0) throw new UserError("canasta/card_not_in_hand", `${cardTitle(id)} is not in your hand.`);
    cards.push(pool.splice(i, 1)[0] as CardInst);
  }
  const row: RowCard[] = [];
  const go = (i: number): boolean => {
    if (i === cards.length) return rowProblem(row, count) === null;
    for (const rot of distinctRotations(idOf(cards[i] as CardInst))) {
      row.push({ card: cards[i] as CardInst, rot });
      if (i === 0 || rowProblem(row.slice(-2)) !== "canasta/no_match") if (go(i + 1)) return true;
      row.pop();
    }
    return false;
  };
  if (!go(0))
    throw new UserError(
      "canasta/no_row",
      "Those cards make no valid row in that order (edges must match; more than 10 and at most 20 points).",
    );
  return row;
}

/** Legal extensions of the seat's rows, as `row:end:inst@rot` values with labels. */
export function extensionChoices(s: CanastaState, seat: number): { label: string; value: string }[] {
  const out: { label: string; value: string; score: number }[] = [];
  for (const m of canastaLegalMoves(s, seat, 0)) {
    if (m.kind !== "extend") continue;
    const row = s.rows[seat]?.[m.row] ?? [];
    const sum = rowSum(row) + instValue(m.card);
    out.push({
      label: `Row ${m.row + 1} ${m.end}: ${cardLabel(idOf(m.card))} (${cardName(idOf(m.card))}) ${rotationText(m.rot)} → ${sum}${sum === 20 ? " ★ XENO" : ""}`,
      value: `${m.row}:${m.end}:${m.card}@${m.rot}`,
      score: sum,
    });
  }
  return out.sort((a, b) => b.score - a.score);
}

function lobbyPayload(rec: CanastaTable, note?: string): BaseMessageOptions {
  const n = rec.seats.length;
  const embed = new EmbedBuilder()
    .setTitle(`ONEXENO canasta · first past ${rec.config.target}${rec.config.rows === "five-to-seven" ? " · rows of 5 to 7 cards" : ""}`)
    .setDescription(
      `${rec.seats.map((s, i) => `${i + 1}. ${s.computer ? `🤖 ${s.name}` : `<@${s.userId}>`}${s.userId === rec.hostId ? " (host)" : ""}`).join("\n")}\n\n${n >= 2 ? "Ready: the host can press **Start**." : "Waiting for players: 2 to 8 (two decks from 5)."}`,
    )
    .setColor(0x1d5b3b);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId("join", rec.rev))
      .setLabel("Join")
      .setStyle(ButtonStyle.Success)
      .setDisabled(n >= 8),
    new ButtonBuilder().setCustomId(encodeId("leave", rec.rev)).setLabel("Leave").setStyle(ButtonStyle.Secondary),
    new ButtonBuilder()
      .setCustomId(encodeId("start", rec.rev))
      .setLabel("Start")
      .setStyle(ButtonStyle.Primary)
      .setDisabled(n < 2),
    new ButtonBuilder()
      .setCustomId(encodeId("addbot", rec.rev, "normal"))
      .setLabel("Add computer player")
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(n >= 8),
  );
  return {
    content: `${note ? `${note}\n` : ""}A canasta table is open here: press **Join** or use \`/onexeno join\`.`,
    embeds: [embed],
    components: [row],
    files: [],
    allowedMentions: { parse: [] },
  };
}

/** Text said with the new table after a move. */
/** What the latest move did, in words (said above the new table). */
export function moveNote(before: CanastaTable, after: CanastaTable): string {
  const s = after.state;
  if (!s?.last) return "";
  const who = after.seats[s.last.seat]?.name ?? "?";
  const l = s.last;
  const parts: string[] = [];
  if (l.kind === "draw") parts.push(`${who} drew from the stack.`);
  if (l.kind === "take") parts.push(`${who} took ${l.count} card${l.count === 1 ? "" : "s"} from the face-up pile.`);
  if (l.kind === "meld") parts.push(`${who} melded ${rowText(l.cards)}${l.xeno ? ": a XENO!" : "."}`);
  if (l.kind === "extend") parts.push(`${who} extended a row${l.xeno ? " to 20: a XENO!" : "."}`);
  if (l.kind === "discard")
    parts.push(`${who} discarded ${cardTitle(idOf(before.state?.hands[l.seat]?.find((c) => !(s.hands[l.seat] ?? []).includes(c)) ?? 0))}.`);
  if ((before.state?.results.length ?? 0) < s.results.length) {
    const r = s.results.at(-1);
    if (r)
      parts.push(
        `**Hand ${r.hand} is over**${r.wentOut !== null ? ` (${after.seats[r.wentOut]?.name} went out)` : " (the stack ran out)"}: ${r.scores.map((x, i) => `${after.seats[i]?.name} ${x >= 0 ? "+" : ""}${x}`).join(", ")}.`,
      );
  }
  return parts.join(" ");
}

/** The public canasta table. */
export async function canastaPayload(rec: CanastaTable, note?: string): Promise<TablePayload> {
  note = restartNote(rec, "canasta", note);
  return asTable(await canastaMessage(rec, note), note, rec.status, [rec.updatedAt, rec.rev]);
}

async function canastaMessage(rec: CanastaTable, note?: string): Promise<BaseMessageOptions> {
  if (rec.status === "lobby" || !rec.state) return lobbyPayload(rec, note);
  const view = canastaView(rec.state, null);
  const file = new AttachmentBuilder(await renderCanastaTable(view, names(rec), undefined, clockLabel(rec)), {
    name: "canasta.png",
    description: describeCanasta(view, names(rec)),
  });
  const head = note ? `${note}\n` : "";
  if (rec.status === "over") {
    const o = canasta.outcome(rec.state);
    const winners = (o?.winners ?? [])
      .map((w) => (rec.seats[w]?.computer ? `🤖 ${rec.seats[w]?.name}` : `<@${rec.seats[w]?.userId}>`))
      .join(", ");
    return {
      content: `${head}🏁 **Session over.** Winner: ${winners}. Final: ${rec.seats.map((s, i) => `${s.name} ${rec.state?.totals[i]}`).join(" · ")}.`,
      files: [file],
      components: [againRow(rec.rev)],
      embeds: [],
      allowedMentions: {
        users: (o?.winners ?? []).flatMap((w) => (rec.seats[w] && !rec.seats[w]?.computer ? [rec.seats[w]?.userId ?? ""] : [])),
      },
    };
  }
  const turnUser = rec.seats[rec.state.turn]?.userId ?? "";
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeId("chand", rec.rev)).setLabel("My hand").setStyle(ButtonStyle.Primary),
    new ButtonBuilder()
      .setCustomId(encodeId("cdraw", rec.rev))
      .setLabel("Draw from stack")
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(rec.state.phase !== "draw" || rec.state.stack.length === 0),
  );
  const back = backButton(rec);
  if (back) row.addComponents(back);
  const clock = clockLines(rec);
  const tail = clock ? `\n${clock}` : "";
  const what = rec.state.phase === "draw" ? "draw from the stack or take from the face-up pile" : "meld, extend your rows, then discard";
  const turnSeat = rec.seats[rec.state.turn];
  if (turnSeat?.computer)
    return {
      content: `${head}🤖 ${turnSeat.name} is thinking…${tail}`,
      files: [file],
      components: [row],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  if (turnSeat?.away)
    return {
      content: `${head}💤 ${turnSeat.name} is away: the computer plays for them…${tail}`,
      files: [file],
      components: [row],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  // Only the message that begins the turn mentions the player (a correspondence table pings once a turn).
  return {
    content: `${head}<@${turnUser}>, your turn: ${what}.${tail}`,
    files: [file],
    components: [row],
    embeds: [],
    allowedMentions: turnBegins(rec) ? { users: [turnUser] } : { parse: [] },
  };
}

/** The private hand panel of a player (see the module comment for the menus). */
export async function canastaHandPayload(rec: CanastaTable, userId: string, note?: string): Promise<BaseMessageOptions> {
  const seat = rec.seats.findIndex((s) => s.userId === userId);
  const s = stateOf(rec);
  if (seat < 0) return { content: "You have no seat at this table.", components: [], files: [], embeds: [] };
  const hand = s.hands[seat] ?? [];
  const myTurn = s.turn === seat && s.phase !== "over";
  const png = await renderOnexenoHand(
    hand.map(idOf),
    new Set(s.mustMeld !== null && myTurn ? [idOf(s.mustMeld)] : []),
    `Your hand · ${rec.seats[seat]?.name} · ${hand.length} cards`,
    undefined,
    (id) => (s.mustMeld !== null && idOf(s.mustMeld) === id && myTurn ? "owed: meld it" : cardName(id)),
  );
  const file = new AttachmentBuilder(png, {
    name: "hand.png",
    description: `Your hand: ${hand.map((c) => cardTitle(idOf(c))).join(", ")}`.slice(0, 1024),
  });
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  let text: string;
  if (!myTurn) {
    text = s.phase === "over" ? "The session is over." : `It is ${rec.seats[s.turn]?.name}'s turn.`;
  } else if (s.phase === "draw") {
    text = "Your turn: draw from the stack, or take cards from the face-up pile (you must meld the top one this turn).";
    const takes = canastaLegalMoves(s, seat).filter((m): m is CanastaMove & { kind: "take" } => m.kind === "take");
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(encodeId("cdraw", rec.rev))
          .setLabel("Draw from stack")
          .setStyle(ButtonStyle.Primary)
          .setDisabled(s.stack.length === 0),
      ),
    );
    if (takes.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("ctake", rec.rev))
            .setPlaceholder("Take from the face-up pile…")
            .addOptions(
              takes
                .slice(-MAX)
                .reverse()
                .map((m) => ({
                  label: `Take ${m.count} card${m.count === 1 ? "" : "s"}${m.count === s.pile.length ? " (all)" : ""}`,
                  value: String(m.count),
                })),
            ),
        ),
      );
    }
  } else {
    text =
      s.mustMeld !== null
        ? `Meld ${cardTitle(idOf(s.mustMeld))} (taken from the pile) this turn, then discard.`
        : "Meld new rows or extend yours, then discard to end your turn.";
    const suggestions = distinctBy(
      meldSuggestions(s, seat, MAX * 2).filter((sg) => encodeRow(sg.row).length <= 100),
      (sg) => JSON.stringify(suggestionText(sg)),
    ).slice(0, MAX);
    if (suggestions.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("cmeld", rec.rev))
            .setPlaceholder(s.mustMeld !== null ? "Meld a new row (★ melds the taken card)…" : "Meld a new row…")
            .addOptions(suggestions.map((sg) => ({ ...suggestionText(sg), value: encodeRow(sg.row) }))),
        ),
      );
    }
    const ext = extensionChoices(s, seat).slice(0, MAX);
    if (ext.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("cext", rec.rev))
            .setPlaceholder("Extend one of your rows…")
            .addOptions(ext.map((e) => ({ label: e.label.slice(0, 100), value: e.value }))),
        ),
      );
    }
    if (s.mustMeld === null) {
      const distinct = [...new Set(hand)];
      for (let page = 0; page * MAX < distinct.length && rows.length < 5; page++) {
        const slice = distinct.slice(page * MAX, (page + 1) * MAX);
        rows.push(
          new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
            new StringSelectMenuBuilder()
              .setCustomId(encodeId("cdisc", rec.rev, page))
              .setPlaceholder(
                distinct.length > MAX
                  ? `Discard and end the turn (${page * MAX + 1}-${page * MAX + slice.length})…`
                  : "Discard and end the turn…",
              )
              .addOptions(slice.map((c) => ({ label: cardLabel(idOf(c)), description: cardName(idOf(c)), value: String(c) }))),
          ),
        );
      }
    }
  }
  return { content: `${note ? `${note}\n` : ""}${text}`, files: [file], components: rows.slice(0, 5), embeds: [] };
}

/** The first of each group of items with the same key (what a player reads), in order. */
function distinctBy<T>(items: readonly T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** How a suggested row reads in a menu: values and sum first, marked when it lays the owed card. */
export function suggestionText(sg: RowSuggestion): { label: string; description: string } {
  return {
    label: `${sg.owed ? "★ " : ""}${rowText(sg.row)}${sg.owed ? " · melds the taken card" : ""}`.slice(0, 100),
    description: sg.row
      .map((c) => cardName(idOf(c.card)))
      .join(" ")
      .slice(0, 100),
  };
}

/** An away player acting again takes their seat back: the new table, or null when they were not away. */
async function backHere(ctx: BotContext, channelId: string, userId: string): Promise<CanastaTable | null> {
  return ctx.service("canasta").back(channelId, userId);
}

/** Canasta's bot side as the move flow reads it. */
const CANASTA_VIEW: MoveView<CanastaTable> = { command: "onexeno", payload: canastaPayload, moveNote };

/** Applies a move for the invoker (slash commands): a private receipt, the table shown publicly. */
async function moveAndShow(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  build: (rec: CanastaTable, seat: number, s: CanastaState) => CanastaMove,
): Promise<void> {
  await playAndShow(interaction, ctx, ctx.service("canasta"), CANASTA_VIEW, build, { answer: "receipt" });
}

/** Slash subcommands at a canasta table. */
export async function canastaCommand(sub: string, interaction: ChatInputCommandInteraction, ctx: BotContext, seat: Seat): Promise<void> {
  const ch = interaction.channelId;
  if (sub === "bot add") {
    const level = (interaction.options.getString("level") ?? "normal") as CanastaComputerLevel;
    if (!CANASTA_COMPUTER_LEVELS.includes(level)) throw new UserError("input/bad_level", "Choose easy or normal.");
    await respond(interaction, "reply", false, async () =>
      canastaPayload(await ctx.service("canasta").addComputer(ch, seat.userId, level), `A computer player (${level}) sits down.`),
    );
    return;
  }
  if (sub === "bot remove") {
    await respond(interaction, "reply", false, async () =>
      canastaPayload(await ctx.service("canasta").removeComputer(ch, seat.userId), "A computer player left."),
    );
    return;
  }
  switch (sub) {
    case "join":
      await respond(interaction, "reply", false, async () =>
        canastaPayload(await ctx.service("canasta").join(ch, seat), `${seat.name} joined.`),
      );
      return;
    case "leave":
      await respond(interaction, "reply", false, async () => {
        const rec = await ctx.service("canasta").leave(ch, seat.userId);
        return rec
          ? canastaPayload(
              rec,
              rec.status === "playing" ? `${seat.name} left; a computer plays their seat from now on.` : `${seat.name} left.`,
            )
          : { content: "The last player left; the table is closed." };
      });
      return;
    case "start":
      await respond(interaction, "reply", false, async () => {
        const rec = await ctx.service("canasta").start(ch, seat.userId);
        return canastaPayload(rec, `The game starts. ${rec.seats[rec.state?.dealer ?? 0]?.name} drew the highest card and deals 15 each.`);
      });
      return;
    case "table":
      await respond(interaction, "reply", false, async () =>
        quiet(await canastaPayload((await ctx.service("canasta").get(ch)) as CanastaTable)),
      );
      return;
    case "hand": {
      const back = await backHere(ctx, ch, seat.userId);
      await respond(interaction, "reply", true, async () => {
        const rec = (await ctx.service("canasta").get(ch)) as CanastaTable;
        ctx.service("canasta").seatOf(rec, seat.userId);
        return canastaHandPayload(rec, seat.userId);
      });
      if (back) await ctx.post(ch, await canastaPayload(back, backNote(back, seat.userId)));
      return;
    }
    case "draw":
      await moveAndShow(interaction, ctx, () => ({ kind: "draw" }));
      return;
    case "take":
      await moveAndShow(interaction, ctx, () => ({ kind: "take", count: interaction.options.getInteger("count") ?? 1 }));
      return;
    case "meld":
      await moveAndShow(interaction, ctx, (_r, seatIdx, s) => ({
        kind: "meld",
        cards: readTypedRow(interaction.options.getString("cards", true), s.hands[seatIdx] ?? [], rowCount(s.rowRule)),
      }));
      return;
    case "extend":
      await moveAndShow(interaction, ctx, (_r, seatIdx, s) => readExtension(interaction, s, seatIdx));
      return;
    case "discard":
      await moveAndShow(interaction, ctx, (_r, seatIdx, s) => ({
        kind: "discard",
        card: readHandCard(interaction.options.getString("card", true), s.hands[seatIdx] ?? []),
      }));
      return;
    case "pass":
      throw new UserError("canasta/no_pass", "Canasta has no pass: draw (or take), meld if you like, then discard.");
    case "play":
      throw new UserError(
        "canasta/use_meld",
        "In canasta use `/onexeno meld`, `/onexeno extend` and `/onexeno discard` (or the menus under **My hand**).",
      );
    default:
      throw new UserError("canasta/not_here", "That command is not part of canasta.");
  }
}

function readHandCard(text: string, hand: readonly CardInst[]): CardInst {
  if (/^\d+$/.test(text.trim()) && hand.includes(Number(text))) return Number(text);
  const id = parseCardName(text);
  const card = id === null ? undefined : hand.find((c) => idOf(c) === id);
  if (card === undefined) throw new UserError("canasta/card_not_in_hand", `\`${text}\` is not a card of your hand.`);
  return card;
}

function readExtension(interaction: ChatInputCommandInteraction, s: CanastaState, seat: number): CanastaMove {
  const cardText = interaction.options.getString("card", true);
  const full = /^(\d+):(left|right):(\d+)@([0-3])$/.exec(cardText.trim());
  if (full)
    return {
      kind: "extend",
      row: Number(full[1]),
      end: full[2] as "left" | "right",
      card: Number(full[3]),
      rot: Number(full[4]) as Rotation,
    };
  const rowNo = interaction.options.getInteger("row");
  const end = interaction.options.getString("end") as "left" | "right" | null;
  if (rowNo === null || end === null)
    throw new UserError("input/missing_row", "Pick the extension from the list, or give `row` and `end` with the card.");
  const card = readHandCard(cardText, s.hands[seat] ?? []);
  const row = s.rows[seat]?.[rowNo - 1];
  if (!row) throw new UserError("canasta/no_row", `You have no open row ${rowNo}.`);
  const rot = distinctRotations(idOf(card)).find((r) => extendProblem(row, end, { card, rot: r }, rowCount(s.rowRule)) === null);
  if (rot === undefined)
    throw new UserError("canasta/no_fit", `${cardTitle(idOf(card))} fits the ${end} end of row ${rowNo} no way round.`);
  return { kind: "extend", row: rowNo - 1, end, card, rot };
}

/** Component verbs of canasta messages. */
export const CANASTA_VERBS: ReadonlySet<string> = new Set(["chand", "cdraw", "ctake", "cmeld", "cext", "cdisc"]);

/** Components of canasta messages (public table and private panel). */
export async function canastaComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const rec = await ctx.service("canasta").get(interaction.channelId);
  if (!rec) throw refuse("table/gone");
  if (id.verb === "addbot") {
    const level = id.args[0] === "easy" ? "easy" : "normal";
    await respond(interaction, "reply", false, async () =>
      canastaPayload(
        await ctx.service("canasta").addComputer(interaction.channelId, interaction.user.id, level, id.rev),
        `A computer player (${level}) sits down.`,
      ),
    );
    return;
  }
  if (id.verb === "join" || id.verb === "leave" || id.verb === "start") {
    const me: Seat = {
      userId: interaction.user.id,
      name:
        (interaction.member && "displayName" in interaction.member ? interaction.member.displayName : null) ??
        interaction.user.globalName ??
        interaction.user.username,
    };
    await respond(interaction, "reply", false, async () => {
      if (id.verb === "join")
        return canastaPayload(await ctx.service("canasta").join(interaction.channelId, me, id.rev), `${me.name} joined.`);
      if (id.verb === "leave") {
        const r = await ctx.service("canasta").leave(interaction.channelId, me.userId, id.rev);
        return r ? canastaPayload(r, `${me.name} left.`) : { content: "The last player left; the table is closed." };
      }
      const r = await ctx.service("canasta").start(interaction.channelId, me.userId, id.rev);
      return canastaPayload(r, `The game starts. ${r.seats[r.state?.dealer ?? 0]?.name} drew the highest card and deals 15 each.`);
    });
    return;
  }
  if (rec.status === "over") throw refuse("table/over"); // a finished table's buttons say so
  if (id.verb === "chand") {
    const back = await backHere(ctx, interaction.channelId, interaction.user.id);
    await respond(interaction, "reply", true, async () => {
      const now = back ?? rec;
      ctx.service("canasta").seatOf(now, interaction.user.id);
      return canastaHandPayload(
        now,
        interaction.user.id,
        now.rev !== id.rev && !back ? "This table has moved on; here is your hand now." : undefined,
      );
    });
    if (back) await ctx.post(interaction.channelId, await canastaPayload(back, backNote(back, interaction.user.id)));
    return;
  }
  const fromPanel = interaction.message.flags.has(64);
  if (rec.rev !== id.rev) {
    if (fromPanel) {
      await respond(interaction, "update", true, () =>
        canastaHandPayload(rec, interaction.user.id, "⏩ The table moved on; here is your hand now."),
      );
      return;
    }
    ctx.service("canasta").checkRev(rec, id.rev, interaction.user.id);
  }
  ctx.service("canasta").seatOf(rec, interaction.user.id);
  const value = interaction.isStringSelectMenu() ? (interaction.values[0] ?? "") : "";
  let move: CanastaMove;
  switch (id.verb) {
    case "cdraw":
      move = { kind: "draw" };
      break;
    case "ctake":
      move = { kind: "take", count: Number(value) };
      break;
    case "cmeld": {
      const row = decodeRow(value);
      if (!row) throw new UserError("input/bad_row", "That is not a row.");
      move = { kind: "meld", cards: row };
      break;
    }
    case "cext": {
      const m = /^(\d+):(left|right):(\d+)@([0-3])$/.exec(value);
      if (!m) throw new UserError("input/bad_row", "That is not an extension.");
      move = { kind: "extend", row: Number(m[1]), end: m[2] as "left" | "right", card: Number(m[3]), rot: Number(m[4]) as Rotation };
      break;
    }
    case "cdisc":
      move = { kind: "discard", card: Number(value) };
      break;
    default:
      throw refuse("component/unknown");
  }
  // A click on the public table answers with the new table; a panel click updates the panel (a
  // receipt once the turn is over) and shows the table publicly.
  await playAndShow(
    interaction,
    ctx,
    ctx.service("canasta"),
    CANASTA_VIEW,
    () => move,
    fromPanel
      ? {
          answer: "receipt",
          update: true,
          rev: id.rev,
          receipt: (before, a, note) =>
            a.status === "playing" && a.state?.turn === before.state?.turn
              ? canastaHandPayload(a, interaction.user.id, `✅ ${note}`)
              : { content: `✅ ${note} Your turn is over.`, components: [], files: [], embeds: [] },
        }
      : { answer: "table", rev: id.rev },
  );
}

/** Autocomplete for canasta options: melds, extensions, discards, take counts. */
export async function canastaAutocomplete(interaction: AutocompleteInteraction, rec: CanastaTable): Promise<Choice[]> {
  const focused = interaction.options.getFocused(true);
  const seat = rec.seats.findIndex((x) => x.userId === interaction.user.id);
  const say = (t: string) => hint(t);
  if (!rec.state || rec.status !== "playing") return say("No canasta game is running here");
  if (seat < 0) return say("You have no seat at this table");
  const s = rec.state;
  const hand = s.hands[seat] ?? [];
  const typed = String(focused.value).toUpperCase();
  if (focused.name === "count") {
    const takes = canastaLegalMoves(s, seat).filter((m): m is CanastaMove & { kind: "take" } => m.kind === "take");
    if (!takes.length) return [];
    return takes
      .slice(-MAX)
      .reverse()
      .map((m) => ({ name: `Take ${m.count}${m.count === s.pile.length ? " (all)" : ""}`, value: m.count }));
  }
  if (s.turn !== seat) return say(`Not your turn: ${rec.seats[s.turn]?.name} is playing`);
  if (focused.name === "cards") {
    const shown = meldSuggestions(s, seat, 80)
      .map((sg) => {
        const t = suggestionText(sg);
        return { name: `${t.label}: ${t.description}`.slice(0, 100), value: encodeRow(sg.row) };
      })
      .filter(
        (c, i, all) =>
          c.value.length <= 100 && (typed === "" || c.name.toUpperCase().includes(typed)) && all.findIndex((d) => d.name === c.name) === i,
      );
    if (!shown.length) return say(s.phase === "draw" ? "Draw first" : "No valid row in your hand now");
    return shown.slice(0, MAX);
  }
  if (focused.name === "card" && interaction.options.getSubcommand() === "extend") {
    const ext = extensionChoices(s, seat).filter((e) => typed === "" || e.label.toUpperCase().includes(typed));
    if (!ext.length) return say("No card of yours extends a row now");
    return ext.slice(0, MAX).map((e) => ({ name: e.label.slice(0, 100), value: e.value }));
  }
  if (focused.name === "card") {
    const distinct = [...new Set(hand)].filter(
      (c) => typed === "" || cardName(idOf(c)).includes(typed.replace(/\s+/g, "")) || cardLabel(idOf(c)).toUpperCase().includes(typed),
    );
    return distinct.slice(0, MAX).map((c) => ({ name: `${cardLabel(idOf(c))} · ${cardName(idOf(c))}`, value: String(c) }));
  }
  return [];
}
