/**
 * Cardeno in Discord: `/cardeno new|join|leave|start|kick|end|bot|board|grab|table|rules`, the
 * public race table (edited in place as the race goes, new messages for CARDENO, DOUBLE, the
 * poker reveal and each round's result), grab buttons, and each player's private board panel,
 * kept live while the round runs.
 *
 * Discord facts this follows:
 * - a grab is timed by its interaction's snowflake (https://discord.com/developers/docs/reference#snowflakes),
 *   and grabs are applied in that order (src/bot/sequencer.ts);
 * - message edits are rate limited per channel (https://discord.com/developers/docs/topics/rate-limits):
 *   the table and each panel are edited at most once every `EDIT_GAP_MS` (src/bot/coalesce.ts);
 * - an interaction's token edits its reply for 15 minutes
 *   (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object):
 *   a panel is kept live for 14 and then says to open a fresh one;
 * - at most 5 rows of 5 buttons, 25 options a menu, customIds of 100 characters.
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
import { encodeId, type ComponentId } from "../src/bot/customid";
import { UserError } from "../src/bot/errors";
import { asTable, type TablePayload } from "../src/bot/live";
import { respond } from "../src/bot/reply";
import { restartNote } from "../src/bot/restart";
import { hint, type Choice, type Command } from "../src/bot/router";
import { orderOfSnowflake } from "../src/bot/sequencer";
import type { GameTable, TablesOf } from "../src/bot/tables";
import { refuse } from "../src/bot/words";
import { COMPUTER_LEVELS } from "../src/games/onexeno/computer";
import {
  cardeno,
  cardenoView,
  completeLines,
  fittingCells,
  REVEAL_MS,
  type CardenoConfig,
  type CardenoEvent,
  type CardenoMove,
  type CardenoState,
  type CardenoView,
} from "../src/games/cardeno/game";
import { CELLS, cellName, LINES, parseCell, pieceName, pieceOf } from "../src/games/cardeno/pieces";
import { evaluate, handName } from "../src/games/cardeno/poker";
import { cardenoStatus, describeCardeno } from "../render/cardeno";
import { renderPicture } from "../render/pool";
import { lobbyComponent, lobbySubcommand, seatOf, sharedSubcommand, type LobbyGame } from "./games";

/** A stored Cardeno table. */
export type CardenoTable = GameTable<"cardeno", CardenoConfig, CardenoState, CardenoMove>;
/** The Cardeno table service. */
export type CardenoTables = TablesOf<"cardeno">;

/** Least time between two edits of one message (the table, a panel), ms. */
export const EDIT_GAP_MS = 1200;
/** A panel is refreshed this long after it was opened, then asks to be reopened (its token lasts 15 min), ms. */
export const PANEL_LIFE_MS = 14 * 60_000;

const tablesOf = (ctx: BotContext): CardenoTables => ctx.service("cardeno");
const names = (rec: CardenoTable) => rec.seats.map((s) => s.name);
const RULES = readFileSync(new URL("../docs/rules/cardeno.md", import.meta.url), "utf8");
const LINE_NAMES = [
  "row 1",
  "row 2",
  "row 3",
  "row 4",
  "row 5",
  "column A",
  "column B",
  "column C",
  "column D",
  "column E",
  "the diagonal A1-E5",
  "the diagonal E1-A5",
];

// --- live panels ----------------------------------------------------------------------------

/** A player's open board panel: the interaction whose reply it is (its token edits it). */
interface Panel {
  readonly interaction: ChatInputCommandInteraction | MessageComponentInteraction;
  readonly openedAt: number;
  /** What the player's last action did (`✅ Q♥ β → C3`), kept on the panel for `NOTE_MS`. */
  readonly note?: string | undefined;
  readonly noteAt: number;
}

/** How long the result of a grab stays on the panel through refreshes, ms. */
const NOTE_MS = 6000;

const panelsByCtx = new WeakMap<BotContext, Map<string, Map<string, Panel>>>();

/** The open panels of a channel, by user id. */
function panelsOf(ctx: BotContext, channelId: string): Map<string, Panel> {
  let byChannel = panelsByCtx.get(ctx);
  if (!byChannel) panelsByCtx.set(ctx, (byChannel = new Map()));
  let m = byChannel.get(channelId);
  if (!m) byChannel.set(channelId, (m = new Map()));
  return m;
}

/** Remembers an interaction's reply as the user's live panel (replacing an older one). */
function keepPanel(ctx: BotContext, interaction: ChatInputCommandInteraction | MessageComponentInteraction, note?: string): void {
  panelsOf(ctx, interaction.channelId).set(interaction.user.id, {
    interaction,
    openedAt: interaction.createdTimestamp,
    note,
    noteAt: Date.now(),
  });
}

/** Refreshes every open panel of a channel (coalesced per panel). */
function refreshPanels(ctx: BotContext, channelId: string): void {
  const panels = panelsOf(ctx, channelId);
  for (const [userId, panel] of panels) {
    ctx.coalescer.request(`cardeno-panel:${channelId}:${userId}`, async () => {
      if (panels.get(userId) !== panel) return; // replaced by a newer panel
      const rec = (await tablesOf(ctx).get(channelId)) as CardenoTable | undefined;
      if (!rec?.state || rec.status === "lobby" || rec.seats.findIndex((s) => s.userId === userId) < 0) {
        panels.delete(userId);
        return;
      }
      if (Date.now() > panel.openedAt + PANEL_LIFE_MS) {
        panels.delete(userId);
        await panel.interaction.editReply({
          content: "⌛ This board stopped updating (Discord lets a reply be edited for 15 minutes): press **My board** for a fresh one.",
          components: [],
          files: [],
          embeds: [],
          attachments: [],
        });
        return;
      }
      const note = panel.note !== undefined && Date.now() - panel.noteAt < NOTE_MS ? panel.note : undefined;
      await panel.interaction.editReply({ ...(await panelPayload(rec, userId, note)), attachments: [] });
      if (rec.status === "over") panels.delete(userId);
    });
  }
}

// --- messages ---------------------------------------------------------------------------------

function configText(c: CardenoConfig): string {
  return `${c.rounds ?? 5} round${(c.rounds ?? 5) === 1 ? "" : "s"} · ${c.variant === "full-board" ? "Full-Board" : "standard"} · a piece every ${c.pace ?? 3} s`;
}

function lobbyPayload(rec: CardenoTable, note?: string): BaseMessageOptions {
  const n = rec.seats.length;
  const embed = new EmbedBuilder()
    .setTitle(`Cardeno · ${configText(rec.config)}`)
    .setDescription(
      `${rec.seats.map((s, i) => `${i + 1}. ${s.computer ? `🤖 ${s.name}` : `<@${s.userId}>`}${s.userId === rec.hostId ? " (host)" : ""}`).join("\n")}\n\n${n >= 2 ? "Ready: the host can press **Start**." : `Waiting for players: 2 to 6 needed, ${n} seated.`}`,
    )
    .setColor(0x1d5b3b);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId("join", rec.rev))
      .setLabel("Join")
      .setStyle(ButtonStyle.Success)
      .setDisabled(n >= 6),
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
      .setDisabled(n >= 6),
  );
  return {
    content: `${note ? `${note}\n` : ""}A Cardeno table is open here: press **Join** or use \`/cardeno join\`.`,
    embeds: [embed],
    components: [row],
    files: [],
    allowedMentions: { parse: [] },
  };
}

/** Grab buttons for the centre's pieces (2 rows of 5 at most); `fit` marks the pieces that fit (green). */
function grabRows(view: CardenoView, fit: (piece: number) => boolean): ActionRowBuilder<ButtonBuilder>[] {
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  view.centre.forEach((f, i) => {
    if (i % 5 === 0) rows.push(new ActionRowBuilder<ButtonBuilder>());
    rows.at(-1)!.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeId("cdgrab", 0, f.piece))
        .setLabel(`${i + 1} · ${pieceName(pieceOf(f.piece))}`)
        .setStyle(fit(f.piece) ? ButtonStyle.Success : ButtonStyle.Secondary),
    );
  });
  return rows;
}

/** The public Cardeno table: picture with alt text, status, grab buttons and My board. */
export async function cardenoPayload(rec: CardenoTable, note?: string): Promise<TablePayload> {
  note = restartNote(rec, "cardeno", note);
  return asTable(await cardenoMessage(rec, note), note, rec.status, [rec.updatedAt, rec.rev]);
}

async function cardenoMessage(rec: CardenoTable, note?: string): Promise<BaseMessageOptions> {
  if (rec.status === "lobby" || !rec.state) return lobbyPayload(rec, note);
  const s = rec.state;
  const view = cardenoView(s, null);
  const now = Date.now();
  const file = new AttachmentBuilder(await renderPicture({ kind: "cardeno-table", view, names: names(rec), now }), {
    name: "cardeno.png",
    description: describeCardeno(view, names(rec)),
  });
  const head = note ? `${note}\n` : "";
  if (rec.status === "over") {
    const best = Math.max(...s.scores);
    const winners = s.scores.flatMap((x, i) => (x === best ? [rec.seats[i]!] : []));
    return {
      content: `${head}🏁 **Game over.** ${winners.map((w) => (w.computer ? `🤖 ${w.name}` : `<@${w.userId}>`)).join(" & ")} win${winners.length === 1 ? "s" : ""} with ${best}. Final: ${rec.seats.map((x, i) => `${x.name} ${s.scores[i]}`).join(" · ")}.`,
      files: [file],
      components: [againRow(rec.rev)],
      embeds: [],
      allowedMentions: { users: winners.filter((w) => !w.computer).map((w) => w.userId) },
    };
  }
  const board = new ButtonBuilder()
    .setCustomId(encodeId("cdboard", 0))
    .setLabel(s.phase === "reveal" ? "My board · choose my poker hand" : "My board")
    .setStyle(ButtonStyle.Primary);
  const rows = s.phase === "race" ? grabRows(view, () => false) : [];
  const status =
    s.phase === "countdown" && s.until
      ? `Round ${s.round}: Go <t:${Math.ceil(s.until / 1000)}:R>. Open **My board** to race from your own view.`
      : cardenoStatus(view, names(rec));
  return {
    content: `${head}${status}`,
    files: [file],
    components: [...rows, new ActionRowBuilder<ButtonBuilder>().addComponents(board)],
    embeds: [],
    allowedMentions: { parse: [] },
  };
}

/**
 * A player's private board panel: their board large with the centre above, grab buttons (green:
 * fits an open cut-out of yours), and during the reveal a menu to choose the poker hand.
 */
export async function panelPayload(rec: CardenoTable, userId: string, note?: string): Promise<BaseMessageOptions> {
  const s = rec.state;
  const seat = rec.seats.findIndex((x) => x.userId === userId);
  if (!s || seat < 0) throw refuse("table/not_seated");
  const view = cardenoView(s, seat);
  const now = Date.now();
  const file = new AttachmentBuilder(await renderPicture({ kind: "cardeno-board", view, seat, names: names(rec), now }), {
    name: "cardeno-board.png",
    description: `Your board, face ${view.faces[seat]}: ${boardWords(view, seat)}`,
  });
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  let text: string;
  if (s.phase === "race") {
    rows.push(...grabRows(view, (p) => fittingCells(view, seat, pieceOf(p)).length > 0));
    const locked = (s.locked[seat] ?? 0) > now ? ` · 🔒 locked out for ${(((s.locked[seat] ?? 0) - now) / 1000).toFixed(1)} s` : "";
    text = `Grab a piece that fits your board (green buttons fit; a wrong grab locks you out for 3 s)${locked}.`;
  } else if (s.phase === "reveal") {
    const mine = (s.boards[seat] ?? []).flatMap((p, cell) => (p === null ? [] : [{ p, cell }]));
    const hand = s.hands[seat] ?? [];
    if (mine.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("cdhand", 0))
            .setPlaceholder("Choose 1 to 5 pieces for your poker hand")
            .setMinValues(1)
            .setMaxValues(Math.min(5, mine.length))
            .addOptions(
              mine.slice(0, 25).map(({ p, cell }) => ({
                label: `${pieceName(pieceOf(p))} (${cellName(cell)})`,
                value: String(p),
                default: hand.includes(p),
              })),
            ),
        ),
      );
      rows.push(
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder()
            .setCustomId(encodeId("cdkeep", 0))
            .setLabel(s.ready[seat] ? "Hand settled" : "Keep this hand")
            .setStyle(ButtonStyle.Success)
            .setDisabled(!!s.ready[seat]),
        ),
      );
    }
    const until = s.until ? ` The reveal closes <t:${Math.ceil(s.until / 1000)}:R> (or when everyone has settled).` : "";
    text = hand.length
      ? `POKER-CARDENO: your hand is ${hand.map((p) => pieceName(pieceOf(p))).join(" ")}: **${handName(evaluate(hand.map(pieceOf)))}**. Keep it or choose another.${until}`
      : "POKER-CARDENO: you have no pieces on your board this round.";
  } else if (s.phase === "countdown")
    text = `Round ${s.round}: your board is face ${s.faces[seat]}. Go${s.until ? ` <t:${Math.ceil(s.until / 1000)}:R>` : " in a moment"}!`;
  else if (s.phase === "break") text = `Round ${s.round} is over: you have ${s.scores[seat]} points. The next round starts soon.`;
  else text = `The game is over: you finished with ${s.scores[seat]} points.`;
  rows.push(
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId(encodeId("cdboard", 0)).setLabel("Refresh").setStyle(ButtonStyle.Secondary),
    ),
  );
  return { content: `${note ? `${note}\n` : ""}${text}`, files: [file], components: rows.slice(0, 5), embeds: [] };
}

function boardWords(view: CardenoView, seat: number): string {
  const board = view.boards[seat] ?? [];
  return `${board.filter((p) => p !== null).length} of 25 filled, ${completeLines(board).length} lines, ${view.scores[seat]} points`;
}

/** What the newest events of a table say, in words (null: nothing worth a new message). */
export function eventsNote(rec: CardenoTable, events: readonly CardenoEvent[]): string | null {
  const n = names(rec);
  const who = (seat: number) => n[seat] ?? `Seat ${seat + 1}`;
  const s = rec.state as CardenoState;
  const out: string[] = [];
  for (const e of events) {
    switch (e.kind) {
      case "go":
        if (e.round > 1) out.push(`🏁 Round ${e.round}: **Go!** (${e.round % 2 ? "odd" : "even"} faces)`);
        break;
      case "cardeno":
        out.push(`🎉 **CARDENO!** ${who(e.seat)} completed ${LINE_NAMES[e.line] ?? "a line"}: +25.`);
        break;
      case "double":
        out.push(
          `🎉🎉 **DOUBLE-CARDENO!** ${who(e.seat)} has a second line (${LINE_NAMES[e.line] ?? "a line"}): +25; everyone else scores 2 per fitted piece.`,
        );
        break;
      case "reveal":
        out.push(
          `${e.reason === "stuck" ? "Nothing left in the pile or the centre fits an open cut-out: the race is over. " : e.reason === "idle" ? "Nobody grabbed a piece for 5 minutes: the race is over. " : ""}🃏 **POKER-CARDENO**: the bot picked each board's best hand of up to 5 pieces; change yours on **My board** within ${REVEAL_MS / 1000} s.`,
        );
        break;
      case "poker": {
        if (e.points > 0)
          out.push(
            `🃏 POKER-CARDENO: ${e.winners.map(who).join(" & ")} win${e.winners.length === 1 ? "s" : ""} with ${e.name}: +${e.points}.`,
          );
        else out.push("🃏 POKER-CARDENO: no board holds a pair or better; nobody scores.");
        const hands = s.sheet.at(-1)?.hands ?? s.hands.map(() => null);
        const shown = hands.flatMap((h, i) => (h ? [`${who(i)}: ${h.name}`] : []));
        if (shown.length) out.push(`-# Hands: ${shown.join(" · ")}`);
        break;
      }
      case "full":
        out.push(
          `🧩 **Full board!** ${who(e.seat)} filled all 25 cut-outs: +50 and 2 per empty cut-out on the other boards; everyone else 1 per fitted piece.`,
        );
        break;
      case "round_over":
        out.push(
          `Round ${e.round} is over. Totals: ${rec.seats.map((x, i) => `${x.name} ${s.scores[i]}`).join(" · ")}.${e.round < s.rounds ? " The next round starts in 10 s." : ""}`,
        );
        break;
    }
  }
  return out.length ? out.join("\n") : null;
}

/**
 * Shows what changed at a Cardeno table (a grab, or the table's own steps): a new table message
 * when something notable happened (CARDENO, DOUBLE, the reveal, a round's result, a new round),
 * else a coalesced edit of the live table; and every open panel refreshed. Announcements and
 * edits take from the channel's budget (`ctx.budget`: 5 writes in any 5 s, Discord's bucket for
 * a channel's messages) and render once it grants them, so what is shown is the newest state.
 */
export async function cardenoChanged(ctx: BotContext, channelId: string, before: CardenoTable, after: CardenoTable): Promise<void> {
  const events = after.state?.events.slice(before.state?.events.length ?? 0) ?? [];
  const note = after.status === "over" && before.status !== "over" ? (eventsNote(after, events) ?? "") : eventsNote(after, events);
  refreshPanels(ctx, channelId);
  if (note !== null) {
    ctx.coalescer.drop(`cardeno-table:${channelId}`);
    await ctx.budget.take(channelId, 2); // the new message, and the edit that tidies the one before it
    const now = (await tablesOf(ctx).get(channelId)) as CardenoTable | undefined;
    // The newest state of this table (a later round's table keeps this announcement's picture).
    const shown = now && now.createdAt === after.createdAt && now.rev >= after.rev ? now : after;
    await ctx.post(channelId, await cardenoPayload(shown, note));
    return;
  }
  ctx.coalescer.request(`cardeno-table:${channelId}`, async () => {
    const live = async () => {
      const rec = (await tablesOf(ctx).get(channelId)) as CardenoTable | undefined;
      return rec?.status === "playing" ? rec : null;
    };
    if (!(await live())) return;
    await ctx.budget.take(channelId);
    const rec = await live();
    if (!rec) return;
    const payload = await cardenoPayload(rec);
    const { record: _r, ...body } = payload;
    if (!(await ctx.editLive(channelId, body))) await ctx.post(channelId, payload);
  });
}

/** The table's own steps (the caller, computers), for the clocks: announcements are posted by `cardenoChanged`. */
export async function cardenoTimed(ctx: BotContext, before: CardenoTable, after: CardenoTable): Promise<BaseMessageOptions[]> {
  await cardenoChanged(ctx, after.channelId, before, after);
  return [];
}

/** A short record of a change (for logs and tournaments). */
export function cardenoMoveNote(_before: CardenoTable, after: CardenoTable): string {
  return after.state ? cardenoStatus(cardenoView(after.state, null), names(after)) : "";
}

// --- grabs and hands ------------------------------------------------------------------------

/** The refusal of a grab in words that name players. */
function grabRefusal(rec: CardenoTable | undefined, e: UserError): string {
  if (e.code === "cardeno/taken" && rec?.state) {
    const m = /seat (\d+)/.exec(e.message);
    const name = m ? rec.seats[Number(m[1]) - 1]?.name : undefined;
    return `❌ Too late: ${name ?? "someone"} took that piece first.`;
  }
  return `❌ ${e.message}`;
}

/**
 * Makes `move` for the player (a grab, a poker hand, keeping it) at the interaction's time, in
 * the order moves were made, and answers with their board panel (the panel itself is updated
 * when clicked there). The public table and the other panels follow.
 */
async function moveAndShow(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
  build: (rec: CardenoTable, seat: number) => CardenoMove,
): Promise<void> {
  const panel = interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.Ephemeral);
  const ch = interaction.channelId;
  const service = tablesOf(ctx);
  let done: { before: CardenoTable; after: CardenoTable } | null = null;
  let said: string | undefined;
  await respond(interaction, panel ? "update" : "reply", true, async () => {
    const rec = (await service.get(ch)) as CardenoTable | undefined;
    if (!rec) throw refuse("table/none", { command: "cardeno" });
    if (rec.status === "lobby" || !rec.state) throw refuse("table/not_started");
    const seat = service.seatOf(rec, interaction.user.id);
    const move = build(rec, seat);
    try {
      done = (await service.race(ch, interaction.user.id, move, interaction.createdTimestamp, orderOfSnowflake(interaction.id))) as {
        before: CardenoTable;
        after: CardenoTable;
      };
    } catch (e) {
      if (!(e instanceof UserError) || !e.code.startsWith("cardeno/")) throw e;
      const now = (await service.get(ch)) as CardenoTable;
      said = grabRefusal(now, e);
      return panelPayload(now, interaction.user.id, said);
    }
    const { after } = done as { before: CardenoTable; after: CardenoTable };
    said = moveWords(done as { before: CardenoTable; after: CardenoTable }, seat, move);
    return panelPayload(after, interaction.user.id, said);
  });
  keepPanel(ctx, interaction, said);
  const d = done as { before: CardenoTable; after: CardenoTable } | null;
  if (d) await cardenoChanged(ctx, ch, d.before, d.after);
}

function moveWords(d: { before: CardenoTable; after: CardenoTable }, seat: number, move: CardenoMove): string {
  const s = d.after.state as CardenoState;
  if (move.kind === "grab") {
    const p = pieceOf(move.piece);
    const cell = (s.boards[seat] ?? []).indexOf(move.piece);
    if (cell < 0) {
      // It may have gone in while the round ended; a miss leaves it in the centre and locks.
      return (s.locked[seat] ?? 0) > (d.before.state?.locked[seat] ?? 0)
        ? `❌ ${pieceName(p)} fits no open cut-out of yours: locked out for 3 s.`
        : `✅ Grabbed ${pieceName(p)}.`;
    }
    const lines = completeLines(s.boards[seat] ?? []).filter((l) => LINES[l]!.includes(cell));
    return `✅ ${pieceName(p)} → ${cellName(cell)}${lines.length ? ` · completes ${lines.map((l) => LINE_NAMES[l]).join(" and ")}!` : ""}`;
  }
  if (move.kind === "hand") return "✅ Hand chosen.";
  return "✅ Hand kept.";
}

/** Reads a typed piece: its id (from the list), or its name among the face-up pieces (`Q♥ β`, `qh beta`). */
function readPiece(text: string, s: CardenoState): number {
  const t = text.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const norm = (x: string) =>
    x.toLowerCase().replace(/[♠]/g, "s").replace(/[♥]/g, "h").replace(/[♦]/g, "d").replace(/[♣]/g, "c").replace(/\s+/g, "");
  const hit = s.centre.find((f) => norm(pieceName(pieceOf(f.piece))) === norm(t));
  if (!hit) throw new UserError("cardeno/pick_piece", "Pick a face-up piece from the list (type to filter it).");
  return hit.piece;
}

// --- the slash command --------------------------------------------------------------------

export const cardenoCommand: Command<BotContext> = {
  data: new SlashCommandBuilder()
    .setName("cardeno")
    .setDescription("Cardeno: the jig-saw keno race (2 to 6 players, everyone at once)")
    .setDMPermission(false)
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
    )
    .addSubcommand((s) => s.setName("join").setDescription("Take a seat at this channel's Cardeno table"))
    .addSubcommand((s) => s.setName("leave").setDescription("Leave the table (mid-game a computer takes your seat)"))
    .addSubcommand((s) => s.setName("start").setDescription("Start the game (host only)"))
    .addSubcommand((s) =>
      s
        .setName("kick")
        .setDescription("Remove a player (host only; mid-game a computer takes the seat)")
        .addUserOption((o) => o.setName("player").setDescription("Who to remove from the table").setRequired(true)),
    )
    .addSubcommand((s) => s.setName("end").setDescription("Close this channel's table (host or Manage Messages)"))
    .addSubcommand((s) => s.setName("board").setDescription("Your board, privately, with grab buttons (kept up to date)"))
    .addSubcommand((s) =>
      s
        .setName("grab")
        .setDescription("Grab a face-up piece for your board")
        .addStringOption((o) =>
          o.setName("piece").setDescription("A face-up piece (the ones that fit you come first)").setRequired(true).setAutocomplete(true),
        )
        .addStringOption((o) =>
          o.setName("at").setDescription("Your cut-out, A1 to E5 (default: most lines)").setAutocomplete(true).setMaxLength(3),
        ),
    )
    .addSubcommand((s) => s.setName("table").setDescription("Post the table again as the newest message"))
    .addSubcommand((s) => s.setName("rules").setDescription("How to play Cardeno"))
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
                .setDescription("How quick it is (default normal)")
                .addChoices(...COMPUTER_LEVELS.map((l) => ({ name: l, value: l }))),
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
    if (await sharedSubcommand(interaction, ctx, "cardeno", sub, RULES)) return;
    if (await lobbySubcommand(interaction, ctx, lobbyOf(service), sub, me)) return;
    switch (sub) {
      case "new": {
        const config: CardenoConfig = {
          rounds: interaction.options.getInteger("rounds") ?? 5,
          variant: (interaction.options.getString("variant") ?? "standard") as CardenoConfig["variant"],
          pace: interaction.options.getNumber("pace") ?? 3,
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
            throw new UserError("cardeno/bad_cell", "Name a cut-out by column and row, A1 to E5 (or pick one from the list).");
          return { kind: "grab", piece, cell };
        });
        return;
      default:
        throw refuse("command/unknown");
    }
  },

  async autocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<Choice[]> {
    const focused = interaction.options.getFocused(true);
    const rec = (await tablesOf(ctx).get(interaction.channelId)) as CardenoTable | undefined;
    if (!rec?.state || rec.status !== "playing") return hint("No Cardeno race is running in this channel");
    const seat = rec.seats.findIndex((x) => x.userId === interaction.user.id);
    if (seat < 0) return hint("You have no seat at this table");
    const s = rec.state;
    if (s.phase !== "race") return hint(s.phase === "countdown" ? "Wait for Go!" : "The race of this round is over");
    const typed = String(focused.value).toLowerCase().trim();
    if (focused.name === "piece") {
      const list = s.centre.map((f, i) => {
        const cells = fittingCells(s, seat, pieceOf(f.piece));
        return {
          name: `${i + 1} · ${pieceName(pieceOf(f.piece))}${cells.length ? ` → fits ${cells.map(cellName).join(", ")}` : " · fits nothing of yours"}`,
          value: String(f.piece),
          fits: cells.length > 0,
        };
      });
      const sorted = [...list.filter((c) => c.fits), ...list.filter((c) => !c.fits)];
      const shown = sorted.filter((c) => typed === "" || c.name.toLowerCase().includes(typed)).map(({ name, value }) => ({ name, value }));
      return shown.length ? shown.slice(0, 25) : hint(s.centre.length ? "No face-up piece matches that" : "No piece is face up yet");
    }
    const pieceText = interaction.options.getString("piece") ?? "";
    let piece: number;
    try {
      piece = readPiece(pieceText, s);
    } catch {
      return hint("Choose the piece first");
    }
    if (!Number.isInteger(piece) || piece < 0 || piece >= 150) return hint("Choose the piece first");
    const cells = fittingCells(s, seat, pieceOf(piece));
    if (!cells.length) return hint("That piece fits none of your open cut-outs");
    return cells
      .map((c) => ({ name: `${cellName(c)}`, value: cellName(c) }))
      .filter((c) => typed === "" || c.name.toLowerCase().startsWith(typed))
      .slice(0, CELLS);
  },
};

/** The Cardeno lobby for the shared lobby verbs. */
const lobbyOf = (service: CardenoTables): LobbyGame => ({
  command: "cardeno",
  service,
  levels: COMPUTER_LEVELS,
  payload: cardenoPayload,
  started: () => startNote(),
});

function startNote(): string {
  return "The game starts: each player has a board face (odd faces this round). The caller turns a piece face up every few seconds; open **My board** and grab the pieces that fit!";
}

/** Opens (or refreshes) the player's board panel, privately; it stays live. */
async function showBoard(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
  update: boolean,
): Promise<void> {
  const service = tablesOf(ctx);
  await respond(interaction, update ? "update" : "reply", true, async () => {
    const rec = (await service.get(interaction.channelId)) as CardenoTable | undefined;
    if (!rec) throw refuse("table/none", { command: "cardeno" });
    if (rec.status === "lobby" || !rec.state) throw refuse("table/not_started");
    service.seatOf(rec, interaction.user.id);
    return panelPayload(rec, interaction.user.id);
  });
  keepPanel(ctx, interaction);
}

/** Component verbs of Cardeno messages. */
export const CARDENO_VERBS: ReadonlySet<string> = new Set(["cdgrab", "cdboard", "cdhand", "cdkeep"]);

/** Buttons and menus of Cardeno messages (lobby, public table, private panel). */
export async function cardenoComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const service = tablesOf(ctx);
  const ch = interaction.channelId;
  const rec = (await service.get(ch)) as CardenoTable | undefined;
  if (!rec) throw refuse("table/gone");
  if (await lobbyComponent(interaction, id, ctx, lobbyOf(service))) return;
  if (rec.status === "over") throw refuse("table/over");
  const panel = interaction.message.flags.has(MessageFlags.Ephemeral);
  switch (id.verb) {
    case "cdboard":
      await showBoard(interaction, ctx, panel);
      return;
    case "cdgrab": {
      const piece = Number(id.args[0]);
      if (!Number.isInteger(piece)) throw refuse("component/unknown");
      await moveAndShow(interaction, ctx, () => ({ kind: "grab", piece }));
      return;
    }
    case "cdhand": {
      const pieces = interaction.isStringSelectMenu() ? interaction.values.map(Number) : [];
      await moveAndShow(interaction, ctx, () => ({ kind: "hand", pieces }));
      return;
    }
    case "cdkeep":
      await moveAndShow(interaction, ctx, () => ({ kind: "keep" }));
      return;
    default:
      throw refuse("component/unknown");
  }
}
