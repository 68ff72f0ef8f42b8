/**
 * Tables in channels the bot reaches only by answering interactions: DMs and group DMs where the
 * app is present through a person's user install (issue 49). There the bot token may not post or
 * edit (403/50001 Missing Access); each interaction may be answered once (a new message, or an
 * update of the clicked message: callback type 7), its answer edited, and at most
 * `FOLLOW_UP_CAP` follow-ups sent (the 6th is refused: 40094), all within its token's 15 minutes
 * (then 50027). https://discord.com/developers/docs/interactions/receiving-and-responding
 *
 * So a table there is a chain of answers to clicks: every message of it is the answer to, or a
 * follow-up of, the interaction that changed it. `AnswerChains` is that delivery: it knows the
 * interactions being handled in each such channel, sends the channel's public messages as
 * follow-ups of the newest one (never a 6th), drops what nobody's interaction can carry (the next
 * click shows the table as it stands), and remembers the newest table shown by each interaction.
 * `PrivateTables` is what happens around every click there: the clocks that ran out are claimed
 * before it, the computers move and the table as it stands is shown after it. `ANYWHERE` and
 * `SERVERS` say where each command is offered; `mustReachHere` refuses a server the bot is not in.
 *
 * Which channels: an interaction without a guild (`guild_id` absent: a DM or group DM;
 * src/surfaces/traits.ts `surfaceOf`). A table stored with `guildId: null` lives in one, and its
 * surface declares that its tables do not move by themselves (`SurfaceTraits.movesAlone`), so
 * clocks and computers never act on it alone (src/app.ts leaves such tables;
 * `TableTransitions.holdOf` never holds there): they act inside the next click.
 */
import { editThroughToken } from "../../bot/message-requests.ts";
import { ApplicationIntegrationType, InteractionContextType, type BaseMessageOptions, type ChatInputCommandInteraction } from "discord.js";
import type { Logger } from "../../bot/logger.ts";
import type { AnyTable, AnyTables } from "../../bot/tables.ts";
import { TOKEN_SPENT_MS, type Answerable, type ChannelPoster, type OutsideMove, type TableDrawer, type TableSurface } from "../surface.ts";
import { refuse, sayAt } from "../../bot/words.ts";
import { recordOf, recordPayload, revOf, withoutRecord, type TableOrder } from "../../bot/table-payload.ts";
import { isV2 } from "../../bot/components-v2.ts";

/** Follow-ups Discord takes per interaction of an app present by a user install only (the 6th: 40094). */
export const FOLLOW_UP_CAP = 5;

/** One interaction being handled in a private channel: its follow-ups so far and the newest table it showed. */
interface Chain {
  readonly interaction: Answerable;
  followUps: number;
  shown: TableOrder | null;
}

/**
 * A table message shown in a private channel, and what may still edit it: the token of the
 * interaction it answers (`target`: `@original` for its answer, else the follow-up's id), for 15
 * minutes from `at` (ms, on the bot's clock of Discord's time).
 */
interface ShownTable {
  readonly interaction: Answerable;
  readonly messageId: string;
  readonly target: string;
  readonly record: string;
  readonly v2: boolean;
  readonly at: number;
}

/** Is `a` older than `b`? */
const older = (a: TableOrder, b: TableOrder) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

export class AnswerChains {
  /** Interactions being handled, by channel (oldest first). */
  private readonly chains = new Map<string, Chain[]>();
  /** Private channels seen (ids): a channel message meant for one becomes a follow-up. */
  private readonly known = new Set<string>();
  /** The newest table message shown in each private channel (see `tableShown`). */
  private readonly lastTable = new Map<string, ShownTable>();
  /** The newest table state shown in each private channel's chat (see `shown`). */
  private readonly newestShown = new Map<string, TableOrder>();
  /** Each private channel's tidy-up edits, one after another. */
  private readonly tidying = new Map<string, Promise<void>>();

  /** `now`: Discord's time as the bot reads it (ms; tests move it), for the age of a token. */
  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Notes that `interaction` showed a table message (`payload`, carrying its record) as message
   * `messageId` (`target`: how its token names it, `@original` or the follow-up's id). The table
   * message shown before it in the channel, another message, is edited down to its record (no
   * picture, no buttons) through its own interaction's token while that still works (15 minutes:
   * past that it stays as it was), as a server's older table messages are (src/surfaces/channel/live.ts): a
   * closed table's last message never looks live. Never throws.
   */
  tableShown(interaction: Answerable, messageId: string, target: string, payload: BaseMessageOptions): void {
    const record = recordOf(payload);
    if (record === undefined) return;
    const channelId = interaction.channelId;
    const before = this.lastTable.get(channelId);
    const at = this.now();
    this.lastTable.set(channelId, { interaction, messageId, target, record, v2: isV2(payload), at });
    if (!before || before.messageId === messageId || at - before.at >= TOKEN_SPENT_MS) return;
    const edit = async () => {
      // Judged again when it is sent: an edit waiting behind others may find its token spent (Discord: 401/50027).
      if (this.now() - before.at >= TOKEN_SPENT_MS) return;
      await editThroughToken(before.interaction, before.target, recordPayload(before.record, before.v2));
    };
    const run = (this.tidying.get(channelId) ?? Promise.resolve()).then(edit).catch((e: unknown) => {
      this.log.info(`channel ${channelId}: could not tidy an older table message (${e instanceof Error ? e.message : String(e)})`);
    });
    this.tidying.set(channelId, run);
    void run.then(() => {
      if (this.tidying.get(channelId) === run) this.tidying.delete(channelId);
    });
  }

  /** Waits for the tidy-ups under way (tests, shutdown). */
  async tidied(): Promise<void> {
    await Promise.all(this.tidying.values());
  }

  /** Runs `fn` as the handling of `interaction` in its private channel (its follow-ups are counted meanwhile). */
  async during<T>(interaction: Answerable, fn: () => Promise<T>): Promise<T> {
    const channelId = interaction.channelId;
    this.known.add(channelId);
    const chain: Chain = { interaction, followUps: 0, shown: null };
    this.chains.set(channelId, [...(this.chains.get(channelId) ?? []), chain]);
    try {
      return await fn();
    } finally {
      const left = (this.chains.get(channelId) ?? []).filter((c) => c !== chain);
      if (left.length) this.chains.set(channelId, left);
      else this.chains.delete(channelId);
    }
  }

  private chainOf(interaction: Answerable): Chain | undefined {
    return this.chains.get(interaction.channelId)?.find((c) => c.interaction === interaction);
  }

  /** Notes that `interaction`'s answer or follow-up showed the table at `rev` (a `TablePayload`'s order). */
  shown(interaction: Answerable, rev: TableOrder | undefined): void {
    const chain = this.chainOf(interaction);
    if (chain && rev && (!chain.shown || older(chain.shown, rev))) chain.shown = rev;
    const inChat = this.newestShown.get(interaction.channelId);
    if (rev && (!inChat || older(inChat, rev))) this.newestShown.set(interaction.channelId, rev);
  }

  /**
   * Whether the chat of private channel `channelId` shows an older state of its table than `order`
   * (moves made elsewhere, on the live table, since its newest table message); false when this
   * process has shown none there (after a restart it cannot tell).
   */
  behindIn(channelId: string, order: TableOrder): boolean {
    const inChat = this.newestShown.get(channelId);
    return inChat !== undefined && older(inChat, order);
  }

  /** The newest table `interaction` has shown so far (null: none). */
  shownBy(interaction: Answerable): TableOrder | null {
    return this.chainOf(interaction)?.shown ?? null;
  }

  /**
   * Sends `payload` as a public follow-up of `interaction` (answered already). `reserve` follow-ups
   * are kept for what must still come (the table after it): an aside is sent only while
   * `FOLLOW_UP_CAP - reserve` remain. False when it was not sent (no room, or Discord refused).
   */
  async followUp(interaction: Answerable, payload: BaseMessageOptions, reserve = 0): Promise<boolean> {
    const chain = this.chainOf(interaction);
    const used = chain?.followUps ?? 0;
    if (used + reserve >= FOLLOW_UP_CAP || !(interaction.replied || interaction.deferred)) {
      this.log.info(
        `channel ${interaction.channelId}: no follow-up left for interaction ${interaction.id}; the next click shows the table`,
      );
      return false;
    }
    if (chain) chain.followUps++;
    try {
      const sent = await interaction.followUp(withoutRecord(payload));
      this.shown(interaction, revOf(payload));
      this.tableShown(interaction, sent.id, sent.id, payload);
      return true;
    } catch (e) {
      this.log.info(`channel ${interaction.channelId}: a follow-up was refused (${e instanceof Error ? e.message : String(e)})`);
      return false;
    }
  }

  /**
   * A public message meant for private channel `channelId` (what `post` does elsewhere): a
   * follow-up of the newest interaction being handled there that has answered, keeping one
   * follow-up for the table unless `payload` is a table itself. Dropped (logged) when none can
   * carry it: the next click shows the table as it stands.
   */
  async post(channelId: string, payload: BaseMessageOptions): Promise<void> {
    const isTable = revOf(payload) !== undefined;
    const chains = this.chains.get(channelId) ?? [];
    for (const chain of [...chains].reverse())
      if ((chain.interaction.replied || chain.interaction.deferred) && (await this.followUp(chain.interaction, payload, isTable ? 0 : 1)))
        return;
    this.log.info(`channel ${channelId}: a message nobody's interaction could carry was left out; the next click shows the table`);
  }

  /**
   * The bot's one way to post a public message in a channel (`BotContext.post`): in a private
   * channel these chains know, as `post` above does; in any other (a server's), through `other`.
   */
  poster(other: ChannelPoster): ChannelPoster {
    return (channelId, payload) => (this.known.has(channelId) ? this.post(channelId, payload) : other(channelId, payload));
  }
}

/** Lines shown above a table after several moves, most recent last: at most `MAX_LINES` (the oldest are left out), empty ones dropped. */
export function joinLines(lines: readonly (string | undefined)[]): string {
  const kept = lines.filter((l): l is string => !!l && l.trim() !== "");
  return (kept.length > MAX_LINES ? ["…", ...kept.slice(-MAX_LINES)] : kept).join("\n");
}

/** Most lines `joinLines` keeps: a table message stays readable (and far under Discord's 4,000 characters of text). */
const MAX_LINES = 12;

/** Computer moves one click may carry (a table of computers only, all its people away, goes on at the next click). */
export const MAX_COMPUTER_MOVES_A_CLICK = 400;
/** Clock events one click applies at most (a warning and a timeout a turn; more only after a long absence). */
const MAX_CLOCK_EVENTS_A_CLICK = 24;

/** What a private table's chain needs of each game (the running games of src/app.ts). */
export interface ChainGame {
  readonly service: Pick<AnyTables, "get" | "autoMove" | "tick">;
  payload(rec: AnyTable, note?: string): Promise<BaseMessageOptions>;
  moveNote(before: AnyTable | undefined, after: AnyTable): string;
  interlude?(before: AnyTable | undefined, after: AnyTable): BaseMessageOptions | undefined;
}

/**
 * Tables in DMs and group DMs as chains of clicks (issue 49): what the host does around every
 * command and component there, since no clock and no computer may act there by itself.
 *
 * - Before the handler: the table's clocks that ran out are applied (a timeout's move for the
 *   absent seat, a lobby closed), as a server's clock would have done at the time: **claimed**
 *   by whoever clicks next. Their lines are kept for what shows the table (`caughtUp`).
 * - After it: the computers due move (`computersNow`), and when the table changed during the
 *   interaction and its answer did not show it as it now stands, one follow-up shows it, with a
 *   line for each thing that happened. So every click ends with the current table newest.
 */
export class PrivateTables implements TableSurface {
  readonly kind = "answers" as const;
  /** What happened before each interaction's handler (lines), by interaction id, and whether a table shown since said it. */
  private readonly caught = new Map<string, { lines: readonly string[]; said: boolean }>();
  /**
   * Lines of what happened at a channel's table without a click there to show it (a move on the
   * live table and the computers' after it), by channel: said by the next table shown there.
   */
  private readonly unshown = new Map<string, string[]>();

  constructor(
    private readonly games: () => readonly ChainGame[],
    private readonly chains: AnswerChains,
    private readonly log: Logger,
  ) {}

  /**
   * The channel's table and its game, if any: the one running or in its lobby (one a channel
   * across games), else the one that changed last (a finished game of another game may be kept
   * beside it, for its Play again).
   */
  private async tableHere(channelId: string): Promise<{ readonly game: ChainGame; readonly rec: AnyTable } | null> {
    let last: { readonly game: ChainGame; readonly rec: AnyTable } | null = null;
    for (const game of this.games()) {
      const rec = await game.service.get(channelId);
      if (rec && rec.status !== "over") return { game, rec };
      if (rec && (!last || rec.updatedAt > last.rec.updatedAt)) last = { game, rec };
    }
    return last;
  }

  /** See `TableSurface.answered`: the chain notes the table this answer shows (its revision) and tidies the one shown before it. */
  answered(interaction: Answerable, sending: Promise<string | undefined>, payload: BaseMessageOptions): void {
    void sending.then(
      (sent) => {
        this.chains.shown(interaction, revOf(payload));
        if (sent) this.chains.tableShown(interaction, sent, "@original", payload);
      },
      () => {},
    );
  }

  /** See `TableSurface.publish`: here a counted follow-up of the click, or nothing (the next click shows the table). */
  async publish(interaction: Answerable, payload: BaseMessageOptions, _post: ChannelPoster): Promise<void> {
    await this.chains.followUp(interaction, payload);
  }

  /** See `TableSurface.tableInAnswer`: here the computers due move inside the click, and their moves are said in its answer. */
  async tableInAnswer(
    interaction: Answerable,
    game: TableDrawer,
    rec: AnyTable,
    lines: readonly (string | undefined)[],
  ): Promise<BaseMessageOptions> {
    const more = await this.computersNow(interaction.channelId);
    return game.payload(more?.after ?? rec, joinLines([...this.untold(interaction), ...lines, ...(more?.lines ?? [])]));
  }

  /** See `TableSurface.movedOutside`: the computers move now, and the next table shown here says it all. */
  async movedOutside(channelId: string, move: OutsideMove): Promise<void> {
    const more = await this.computersNow(channelId);
    this.keepUntold(channelId, [...move.lines, ...(more?.lines ?? [])]);
  }

  /** Every computer move due now at the channel's table, made inside the click: the table after them with a line each; null when none was due. */
  private async computersNow(channelId: string): Promise<{ readonly after: AnyTable; readonly lines: readonly string[] } | null> {
    const here = await this.tableHere(channelId);
    if (!here || here.rec.status !== "playing") return null;
    const { game } = here;
    const lines: string[] = [];
    let after: AnyTable | null = null;
    for (let i = 0; i < MAX_COMPUTER_MOVES_A_CLICK; i++) {
      const moved = await game.service.autoMove(channelId);
      if (!moved) break;
      const result = game.interlude?.(moved.before, moved.after)?.content;
      if (result) lines.push(result);
      lines.push(game.moveNote(moved.before, moved.after));
      after = moved.after;
    }
    return after ? { after, lines } : null;
  }

  /**
   * The lines of what happened at the table before `interaction`'s handler ran and no table said
   * yet: moves made on the live table there (`keepUntold`) and what the clocks did (a claimed
   * timeout). Asked for by what shows the table, which then says them: so they are said once.
   */
  untold(interaction: Answerable): readonly string[] {
    const entry = this.caught.get(interaction.id);
    if (!entry) return [];
    entry.said = true;
    return entry.lines;
  }

  /**
   * Keeps `lines` (what a move made without a click did: a move on the live table, src/bot/flow.ts
   * `playOutside`) for the next table shown in private channel `channelId`, which says them
   * before its own: the written record there misses no move.
   */
  private keepUntold(channelId: string, lines: readonly (string | undefined)[]): void {
    const kept = lines.filter((l): l is string => !!l && l.trim() !== "");
    if (kept.length) this.unshown.set(channelId, [...(this.unshown.get(channelId) ?? []), ...kept]);
  }

  /** Applies the clock events due at the channel's table: the lines saying what they did. */
  private async catchUp(channelId: string): Promise<string[]> {
    const here = await this.tableHere(channelId);
    if (!here) return [];
    const lines: string[] = [];
    for (let i = 0; i < MAX_CLOCK_EVENTS_A_CLICK; i++) {
      const event = await here.game.service.tick(channelId);
      if (!event) break;
      // A warning is for a channel that can be written to at the time; here its moment has passed.
      if (event.kind === "warn" || event.kind === "timed") continue;
      if (event.kind === "lobby_closed") lines.push(sayAt(event.rec, "table.lobby_closed_record"));
      else {
        const name = event.before.seats[event.seat]?.name ?? "?";
        const result = here.game.interlude?.(event.before, event.rec)?.content;
        if (result) lines.push(result);
        lines.push(sayAt(event.rec, "table.time_ran_out", { name, move: here.game.moveNote(event.before, event.rec) }));
        if (event.away) lines.push(sayAt(event.rec, "table.now_away", { name }));
      }
    }
    return lines;
  }

  /** See `TableSurface.room`: a follow-up is counted by the chain (`FOLLOW_UP_CAP`), not by a channel's budget. */
  async room(): Promise<void> {}

  /** Nothing here can be edited by the bot's token (see `AnswerChains.tableShown`): a new table is shown instead. */
  async editTable(): Promise<boolean> {
    return false;
  }

  /**
   * Handles `interaction` (a command or component in a private channel) with `handle`, the
   * router's own handling: its clocks caught up before, its computers moved and the table shown
   * after (see the class). Never throws.
   */
  async around(interaction: Answerable, handle: () => Promise<void>): Promise<void> {
    const channelId = interaction.channelId;
    await this.chains.during(interaction, async () => {
      const start = await this.tableHere(channelId);
      const before = this.unshown.get(channelId) ?? [];
      this.unshown.delete(channelId);
      const entry: { lines: readonly string[]; said: boolean } = { lines: before, said: false };
      this.caught.set(interaction.id, entry);
      try {
        entry.lines = [...before, ...(await this.catchUp(channelId))];
      } catch (e) {
        this.log.error(`channel ${channelId}: could not apply the clocks that ran out`, e);
      }
      try {
        await handle();
        await this.showCurrent(interaction, start?.rec);
      } catch (e) {
        this.log.error(`channel ${channelId}: could not finish interaction ${interaction.id}`, e);
      } finally {
        this.caught.delete(interaction.id);
        // Nothing this click showed said them: the next table shown there does.
        if (!entry.said && entry.lines.length) this.unshown.set(channelId, [...entry.lines, ...(this.unshown.get(channelId) ?? [])]);
      }
    });
  }

  /** After the handler: the computers due move, and the table is followed up when the answer did not show it as it stands. */
  private async showCurrent(interaction: Answerable, start: AnyTable | undefined): Promise<void> {
    const channelId = interaction.channelId;
    const more = await this.computersNow(channelId);
    const here = await this.tableHere(channelId);
    if (!here) return;
    const { rec, game } = here;
    const order: TableOrder = [rec.updatedAt, rec.rev];
    // Changed by this click, or by moves on the live table the chat has not shown yet.
    const changed = !start || start.rev !== rec.rev || start.updatedAt !== rec.updatedAt || this.chains.behindIn(channelId, order);
    const shown = this.chains.shownBy(interaction);
    if (!changed || (shown && !older(shown, order))) return;
    await this.chains.followUp(interaction, await game.payload(rec, joinLines([...this.untold(interaction), ...(more?.lines ?? [])])));
  }
}

/**
 * Where a command is offered, set on every command explicitly (left out, Discord's defaults have
 * changed over time): `ANYWHERE` in servers that installed the bot and, through a person's user
 * install, in DMs and group DMs; `SERVERS` only in servers that installed the bot (what needs a
 * server: its settings, tournaments, leaderboards).
 * https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
export const ANYWHERE = {
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel],
  integrationTypes: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
} as const;
/** See `ANYWHERE`. */
export const SERVERS = { contexts: [InteractionContextType.Guild], integrationTypes: [ApplicationIntegrationType.GuildInstall] } as const;

/**
 * Refuses (`private/bot_not_here`) a command used in a server through a person's user install
 * while the bot is not in that server (`authorizing_integration_owners` without a guild install):
 * there it could neither post a table nor answer it as a chain of clicks for long.
 */
export function mustReachHere(interaction: ChatInputCommandInteraction): void {
  const owners = interaction.authorizingIntegrationOwners;
  if (interaction.guildId !== null && owners && owners[ApplicationIntegrationType.GuildInstall] === undefined)
    throw refuse("private/bot_not_here");
}
