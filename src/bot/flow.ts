/**
 * The move flow every table game shares, written once: read the channel's table, build the
 * invoker's move from it, apply it through the game's table service, answer the player, and
 * show the new table to everyone. A step that keeps the turn with the same seat (the game's
 * `continuesTurn`) edits the live table message in place; anything else posts a new one. The
 * public table is shown even when the player's own answer cannot be delivered (the move is
 * saved), and a computer's turn that may follow is scheduled.
 *
 * Refusals come from the service and the engine as `UserError`s with a code and parameters
 * (`action/not_your_turn` names whose turn it is), so no game re-checks a rule here.
 */
import { localeOf } from "../i18n/index.ts";
import type { BaseMessageOptions, ChatInputCommandInteraction, MessageComponentInteraction } from "discord.js";
import type { BotContext } from "./context.ts";
import { ReplyFailed, respond } from "./reply.ts";
import type { AnyTable, Seat } from "./tables.ts";
import { refuse } from "./words.ts";

/** What the flow needs of a game's table service (`TableService` of any game), typed by its table `R` and move `M`. */
export interface MoveService<R extends AnyTable, M> {
  get(channelId: string): Promise<R | undefined>;
  seatOf(rec: { readonly seats: readonly Seat[] }, userId: string): number;
  play(channelId: string, userId: string, move: M, rev?: number): Promise<R>;
}

/** What the flow needs of a game's bot side (`TableGameView`), typed by its table `R`. */
export interface MoveView<R extends AnyTable> {
  /** The slash command its refusals point to. */
  readonly command: string;
  payload(rec: R, note?: string): Promise<BaseMessageOptions>;
  /**
   * What the move from `before` to `after` did, in words, in `after`'s language. With `reader`
   * (a user id), that player's own moves are said to them in the second person ("You discarded…"):
   * the private receipt's words.
   */
  moveNote(before: R, after: R, reader?: string): string;
  /** A message of its own posted before the new table (a round's result with the scores so far); none: undefined. */
  interlude?(before: R, after: R): BaseMessageOptions | undefined;
}

/** How a move's answer reads (see `playAndShow`). */
export interface MoveAnswer<R extends AnyTable = AnyTable> {
  /**
   * `receipt`: the player is answered privately (a receipt, or their refreshed panel) and the
   * table is shown publicly; `table`: the answer is the new public table itself.
   */
  readonly answer: "receipt" | "table";
  /** The private answer for `receipt` (default: "✅ " and what the move did). */
  receipt?(before: R, after: R, note: string): Promise<BaseMessageOptions> | BaseMessageOptions;
  /** Panel clicks: the private panel is updated in place rather than answered anew. */
  readonly update?: boolean;
  /**
   * The table revision the move is for; on another one it is refused as stale (`table/stale`, or
   * `table/already_done` for a double click). Default: the revision the move was read from, so a
   * change between reading and saving is never overwritten. `any`: checked against the table as
   * it is (a game where others may act out of turn at any moment, and every move names concrete cards).
   */
  readonly rev?: number | "any";
  /** Panel clicks drawn for an older revision: answered with this (the panel as it is now) instead of a refusal. */
  stale?(rec: R): Promise<BaseMessageOptions> | BaseMessageOptions;
}

/** The moves made by `playAndShow`: the table before and after (null when it refused). */
export interface Played<R extends AnyTable = AnyTable> {
  readonly before: R;
  readonly after: R;
}

/**
 * Plays the invoker's move at this channel's table of `game`: `build(rec, seat, state)` reads the
 * move off the table as it stands (throwing a `UserError` for input it cannot read). Answers as
 * `how` says, shows the table publicly, and schedules a computer's turn. Refusals (`table/none`,
 * `table/not_started`, `table/over`, `action/*`, the game's own codes) reach the player as an
 * ephemeral error and change nothing. Returns what was played (null when a stale panel was
 * answered with `how.stale` instead); when the player's own answer
 * could not be delivered after the move was saved, the table is still shown and `ReplyFailed`
 * is thrown on (the router posts the answer in the channel).
 */
export async function playAndShow<R extends AnyTable, M>(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
  service: MoveService<R, M>,
  game: MoveView<R>,
  build: (rec: R, seat: number, state: NonNullable<R["state"]>) => M,
  how: MoveAnswer<R> = { answer: "receipt" },
): Promise<Played<R> | null> {
  const ch = interaction.channelId;
  // The surface it is on (src/surfaces/): the answer chain shows the table inside this answer.
  const surface = ctx.surface(interaction);
  let shown: BaseMessageOptions | null = null;
  let done: Played<R> | null = null;
  let failed: ReplyFailed | null = null;
  try {
    await respond(interaction, how.update ? "update" : "reply", how.answer === "receipt", async () => {
      const before = await service.get(ch);
      // A control of a table that is no longer here says so; a command points to how to open one.
      if (!before) throw refuse(interaction.isMessageComponent() ? "table/gone" : "table/none", { command: game.command });
      if (before.status === "over") throw refuse("table/over");
      const state = before.state as NonNullable<R["state"]> | null;
      if (!state) throw refuse("table/not_started");
      if (how.stale && typeof how.rev === "number" && before.rev !== how.rev) return how.stale(before);
      const seat = service.seatOf(before, interaction.user.id);
      // Said before the move is read off the player's input: whose turn it is matters more than a typo.
      mustAct(ctx, before, seat);
      const after = await service.play(
        ch,
        interaction.user.id,
        build(before, seat, state),
        how.rev === "any" ? undefined : (how.rev ?? before.rev),
      );
      done = { before, after };
      const note = game.moveNote(before, after);
      const told = await surface.tableInAnswer(interaction, game, after, [game.interlude?.(before, after)?.content, note]);
      if (told) {
        if (how.answer === "table") return told;
        shown = told;
      } else if (how.answer === "table") {
        const interlude = game.interlude?.(before, after);
        if (interlude) await ctx.post(ch, interlude);
        return game.payload(after, note);
      }
      // The receipt is private: said to the player ("You discarded…") in their language (card
      // names too), whatever the table speaks.
      const reader = localeOf(interaction.locale);
      const mine = game.moveNote({ ...before, locale: reader }, { ...after, locale: reader }, interaction.user.id);
      return how.receipt ? how.receipt(before, after, mine) : { content: `✅ ${mine}`, components: [], files: [], embeds: [] };
    });
  } catch (e) {
    if (!(e instanceof ReplyFailed)) throw e;
    failed = e;
  }
  const played = done as Played<R> | null;
  if (shown) await surface.publish(interaction, shown, ctx.post);
  else if (played && how.answer === "receipt") await showStep(interaction, ctx, game, played.before, played.after);
  ctx.afterReply(ch);
  if (failed) throw failed;
  return played;
}

/**
 * Shows a move publicly: a step within the same turn (the game's `continuesTurn`) edits the
 * live table message in place where the surface can (`TableSurface.editTable`), so the player's
 * controls stay where they are looking; a new turn, a new hand or the end shows a new table
 * message, published after the interaction's private answer (`TableSurface.publish`).
 */
export async function showStep<R extends AnyTable>(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
  game: MoveView<R>,
  before: R,
  after: R,
): Promise<void> {
  const surface = ctx.surface(interaction);
  await showMove(ctx, interaction.channelId, game, before, after, (payload) => surface.publish(interaction, payload, ctx.post));
}

/**
 * `showStep` for a move made without an interaction (the live table, src/surfaces/live-table/):
 * the interlude and the new table go to the channel through `put` (default: `ctx.post`); a step
 * within the same turn edits the live table message instead where the surface can.
 */
export async function showMove<R extends AnyTable>(
  ctx: BotContext,
  channelId: string,
  game: MoveView<R>,
  before: R,
  after: R,
  put: (payload: BaseMessageOptions) => Promise<void> = (payload) => ctx.post(channelId, payload),
): Promise<void> {
  const interlude = game.interlude?.(before, after);
  if (interlude) await ctx.post(channelId, interlude);
  const payload = await game.payload(after, game.moveNote(before, after));
  const continues = ctx.catalogue.game(after.game)?.seats.continuesTurn;
  const sameTurn = after.status === "playing" && !!before.state && !!after.state && !!continues?.(before.state, after.state);
  if (sameTurn && (await ctx.surface(after).editTable(channelId, payload))) return;
  await put(payload);
}

/**
 * Plays `move` for `userId` at this channel's table of `game` without an interaction (a click
 * on the live table, src/surfaces/live-table/), through the same checks as `playAndShow` (`table/none`,
 * `table/over`, `table/not_started`, `action/not_your_turn`, the engine's refusals, thrown as
 * `UserError`s; `table/stale` when the table is no longer at `rev`; `rev` undefined: judged on the
 * table as it is, for a game whose table moves on without the seat), then shows the table in
 * the channel as a button's move would, and lets the computers move. In a DM or group DM the
 * computers move at once (nothing there moves by itself) and the chat table waits for the next
 * click (the bot can only answer clicks there).
 */
export async function playOutside<R extends AnyTable, M>(
  ctx: BotContext,
  channelId: string,
  userId: string,
  service: MoveService<R, M>,
  game: MoveView<R>,
  move: M,
  rev: number | undefined,
): Promise<Played<R>> {
  const before = await service.get(channelId);
  if (!before) throw refuse("table/none", { command: game.command });
  if (before.status === "over") throw refuse("table/over");
  if (!before.state) throw refuse("table/not_started");
  mustAct(ctx, before, service.seatOf(before, userId));
  const after = await service.play(channelId, userId, move, rev);
  // The surface shows it: a channel within its message budget, the answer chain at its next click.
  await ctx.surface(before).movedOutside(channelId, {
    before,
    after,
    lines: [game.interlude?.(before, after)?.content, game.moveNote(before, after)],
    current: () => service.get(channelId),
    show: (from, now) => showMove(ctx, channelId, game, from as R, now as R),
  });
  ctx.afterReply(channelId);
  return { before, after };
}

/** Throws `action/not_your_turn` (naming whose turn it is) unless `seat` may act at `rec` now. */
function mustAct(ctx: BotContext, rec: AnyTable, seat: number): void {
  const rules = ctx.catalogue.game(rec.game);
  const state = rec.state;
  if (!rules || !state || rules.definition.actors(state).includes(seat)) return;
  const turn = rules.seats.turnOf?.(state) ?? rules.definition.actors(state)[0];
  throw refuse("action/not_your_turn", {
    name: turn === undefined ? undefined : rec.seats[turn]?.name,
    context: turn === undefined ? "nobody" : undefined,
  });
}
