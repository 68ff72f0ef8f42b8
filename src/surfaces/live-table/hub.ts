/**
 * The live table's referee side (issue 50): the sockets of the people who opened a channel's
 * live table (the app's Activity, src/surfaces/live-table/server.ts), what each of them is shown and may
 * click, and the moves those clicks make.
 *
 * The bot stays the referee. A socket is bound to one authenticated user and receives only what
 * that user's seat may see (a spectator: the public table): the game's own table picture, that
 * seat's hand picture, and their **hit maps** (rectangles of the pictures → what a click there
 * means for that seat), built by the game's `LiveKind` from its player view. A click sends back
 * only the number of one of the moves it was offered, for the table revision it was offered at:
 * a number never offered to this socket, or an old revision, changes nothing and is answered with
 * an error on that socket alone. Moves go through the game's own move flow (same refusals,
 * records and chat table as a button).
 *
 * Pushes: every saved change of a table (its service's `onWake`) redraws the frames of its
 * channel's sockets, one push at a time a socket (a change during a push is pushed after it).
 */
import { RateLimiterMemory } from "rate-limiter-flexible";
import { z } from "zod";
import type { BotContext, LiveButton, LiveDraft, LiveHit, LiveKind, TableGameView } from "../../bot/context.ts";
import type { ComputerLevel } from "../../engine/definition.ts";
import { UserError } from "../../bot/errors.ts";
import type { AnyTable } from "../../bot/tables.ts";
import { refuse, sayAt, sayError } from "../../bot/words.ts";
import { dealLine } from "../../bot/table-payload.ts";
import { type Locale, t } from "../../i18n/index.ts";

/** A frame as a socket receives it (JSON): the moves are numbers, the pictures data URLs. */
export interface LiveFrame {
  readonly t: "frame";
  readonly game: string;
  readonly rev: number;
  readonly status: string;
  readonly line: string;
  /** What the table's message says of its deal (`dealLine`): the seal while it runs, the seed once over; absent: nothing to say. */
  readonly deal?: string;
  readonly table: WirePicture | null;
  readonly hand: WirePicture | null;
  /** A button's move (`id`), or its moves offered by label (`moves`). */
  readonly buttons: readonly (
    | { readonly label: string; readonly id: number }
    | { readonly label: string; readonly moves: readonly { readonly label: string; readonly id: number }[] }
  )[];
}

const withDeal = (line: string | undefined) => (line ? { deal: line } : {});

/** The move a frame's button makes at once (its number), or undefined: none, or it offers several (`moves`). */
export function buttonMove(b: LiveFrame["buttons"][number] | undefined): number | undefined {
  return b && "id" in b ? b.id : undefined;
}

/** A picture on the wire: its data URL and its hits, moves replaced by their numbers. */
export interface WirePicture {
  readonly src: string;
  /** The PNG's size, px (hits are in these units). */
  readonly width: number;
  readonly height: number;
  readonly hits: readonly (Omit<LiveHit, "moves"> & { readonly moves?: readonly { readonly label: string; readonly id: number }[] })[];
}

/** Where a socket's messages go: JSON text. */
export interface LiveSink {
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** What a socket may send once bound: a move it was offered (its number) at the revision it was offered at. */
const Act = z.object({ t: z.literal("act"), rev: z.number().int().nonnegative(), id: z.number().int().nonnegative() }).strict();

/** How many frames' offers a socket keeps for a real-time game (a click on a frame replaced in flight still counts). */
export const KEPT_FRAMES = 8;

/** Moves a user may send a second; more are refused (`live/too_fast`) on that socket. */
export const MOVES_PER_SECOND = 8;

/**
 * What the lobby's buttons do (the chat lobby's Join, Leave, Add computer player, Add expert and
 * Start), offered on the live table while the table waits for its deal; made through the table
 * service as those buttons' are, with the same refusals.
 */
type LobbyAction = { readonly lobby: "join" | "leave" | "start" } | { readonly lobby: "addbot"; readonly level: ComputerLevel };

const isLobbyAction = (m: unknown): m is LobbyAction => typeof m === "object" && m !== null && "lobby" in m;

interface Watcher {
  readonly userId: string;
  /** The name the user takes a seat with from the page (their Discord display name). */
  readonly name: string;
  readonly locale: Locale;
  readonly sink: LiveSink;
  /** The moves offered by the last frames sent (`KEPT_FRAMES`), by revision, then by number. */
  offers: Map<number, Map<number, unknown>>;
  /** The revision of the last frame sent. */
  rev: number;
  pushing: boolean;
  dirty: boolean;
}

/** A game with a live table, with its service. */
type LiveGame = TableGameView & { readonly live: LiveKind };

export class ActivityHub {
  private readonly watchers = new Map<string, Set<Watcher>>();
  /** Each channel's newest public table picture, by table and revision. */
  private readonly pictures = new Map<string, { readonly key: string; readonly picture: Promise<Omit<WirePicture, "hits"> | null> }>();
  private readonly limiter = new RateLimiterMemory({ points: MOVES_PER_SECOND, duration: 1 });
  /** Frames pushed and moves made (metrics, tests). */
  readonly counts = { frames: 0, moves: 0, refused: 0 };

  constructor(
    private readonly ctx: BotContext,
    /**
     * Whether this process may act on a table's guild now (its claim in the shared store; a table
     * without a guild has none to claim): a move from a page is made only by the process the
     * guild's interactions go to, never by a second one of a deploy.
     */
    private readonly holdsGuild: (guildId: string | null) => Promise<boolean> = async () => true,
    private readonly log: { error(m: string, e?: unknown): void } = ctx.log,
  ) {
    for (const g of this.liveGames()) g.tables(ctx).onWake((channelId) => this.changed(channelId));
  }

  /** Sockets open now, all channels. */
  get size(): number {
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }

  /**
   * Binds `sink` to `userId` (seated as `name` when they join from the page) at `channelId`'s live
   * table and sends its first frame. Returns what `message` and `closed` are told.
   */
  attach(
    channelId: string,
    userId: string,
    locale: Locale,
    sink: LiveSink,
    name: string = userId,
  ): { message(text: string): void; closed(): void } {
    const w: Watcher = { userId, name, locale, sink, offers: new Map(), rev: -1, pushing: false, dirty: false };
    let set = this.watchers.get(channelId);
    if (!set) this.watchers.set(channelId, (set = new Set()));
    set.add(w);
    void this.push(channelId, w);
    return {
      message: (text) => void this.act(channelId, w, text),
      closed: () => {
        set.delete(w);
        if (set.size === 0 && this.watchers.get(channelId) === set) {
          this.watchers.delete(channelId);
          this.pictures.delete(channelId);
        }
      },
    };
  }

  /** A table of `channelId` was saved: every socket there gets its new frame. */
  changed(channelId: string): void {
    for (const w of this.watchers.get(channelId) ?? []) void this.push(channelId, w);
  }

  /** Closes every socket (the bot stops). */
  closeAll(): void {
    for (const set of this.watchers.values()) for (const w of set) w.sink.close(1001, "the bot is restarting");
    this.watchers.clear();
  }

  private liveGames(): LiveGame[] {
    return this.ctx.tableGames.filter((g): g is LiveGame => !!g.live);
  }

  /** The channel's table a live table shows: a running one first, else the latest finished one. */
  private async tableOf(channelId: string): Promise<{ game: LiveGame; rec: AnyTable } | null> {
    let found: { game: LiveGame; rec: AnyTable } | null = null;
    for (const game of this.liveGames()) {
      const rec = await game.tables(this.ctx).get(channelId);
      if (!rec) continue;
      if (rec.status !== "over") return { game, rec };
      if (!found || rec.updatedAt > found.rec.updatedAt) found = { game, rec };
    }
    return found;
  }

  private async push(channelId: string, w: Watcher): Promise<void> {
    if (w.pushing) {
      w.dirty = true;
      return;
    }
    w.pushing = true;
    try {
      do {
        w.dirty = false;
        await this.sendFrame(channelId, w);
      } while (w.dirty);
    } catch (e) {
      this.log.error(`live table ${channelId}: could not draw a frame`, e);
    } finally {
      w.pushing = false;
    }
  }

  private async sendFrame(channelId: string, w: Watcher): Promise<void> {
    const here = await this.tableOf(channelId);
    if (!here) {
      w.offers.clear();
      w.sink.send(JSON.stringify({ t: "empty", line: t(w.locale, "live.no_table") }));
      return;
    }
    const { game, rec } = here;
    const seat = rec.seats.findIndex((s) => !s.computer && s.userId === w.userId);
    const [table, draft] = await Promise.all([
      this.picture(channelId, game, rec),
      rec.status === "lobby" ? this.lobbyDraft(game, rec, w) : game.live.draft(rec, seat < 0 ? null : seat, w.locale),
    ]);
    const offers = new Map<number, unknown>();
    const offer = (m: { readonly label: string; readonly move: unknown }) => {
      const id = offers.size;
      offers.set(id, m.move);
      return { label: m.label, id };
    };
    const number = (moves: readonly { readonly label: string; readonly move: unknown }[]) => moves.map(offer);
    const wire = (p: (Omit<WirePicture, "hits"> & { readonly hits: readonly LiveHit[] }) | null): WirePicture | null =>
      p && { ...p, hits: p.hits.map(({ moves, ...hit }) => (moves ? { ...hit, moves: number(moves) } : hit)) };
    const frame: LiveFrame = {
      t: "frame",
      game: rec.game,
      rev: rec.rev,
      status: rec.status,
      line: draft.line,
      ...withDeal(dealLine(rec, w.locale)),
      table: wire(table && { ...table, hits: draft.tableHits }),
      hand: wire(draft.hand && { ...dataUrl(draft.hand.png), hits: draft.hand.hits }),
      buttons: draft.buttons.map((b) => ("moves" in b ? { label: b.label, moves: number(b.moves) } : offer(b))),
    };
    w.offers.set(rec.rev, offers);
    for (const old of w.offers.keys()) if (w.offers.size > KEPT_FRAMES) w.offers.delete(old);
    w.rev = rec.rev;
    w.sink.send(JSON.stringify(frame));
    this.counts.frames++;
  }

  /**
   * The public table picture of `rec` as a data URL with its size: drawn once a revision for all
   * of the channel's sockets (the newest revision's is kept, one a channel).
   */
  private picture(channelId: string, game: LiveGame, rec: AnyTable): Promise<Omit<WirePicture, "hits"> | null> {
    const key = `${rec.game}:${rec.createdAt}:${rec.rev}`;
    const kept = this.pictures.get(channelId);
    if (kept?.key === key) return kept.picture;
    const picture = game.live.picture(rec).then((png) => png && dataUrl(png));
    this.pictures.set(channelId, { key, picture });
    picture.catch(() => this.pictures.delete(channelId));
    return picture;
  }

  /**
   * What `w` sees of a lobby and may do there, as the chat lobby offers it: who is seated; Join
   * (not seated, a seat free), Leave (seated, while another person stays: the last one closes the
   * table from the chat), and for the host Add computer player and Add expert (where the game and
   * the server seat computers, a seat free) and Start.
   */
  private lobbyDraft(game: LiveGame, rec: AnyTable, w: Watcher): LiveDraft<LobbyAction> {
    const say = (key: string, params: Record<string, string | number> = {}) => t(w.locale, key, params);
    const tables = game.tables(this.ctx);
    const people = rec.seats.filter((s) => !s.computer);
    const seated = people.some((s) => s.userId === w.userId);
    const free = rec.seats.length < tables.maxSeats(rec.config);
    const host = rec.hostId === w.userId;
    const levels = rec.noComputers ? [] : tables.levels.filter((l) => l === "normal" || l === "expert");
    const buttons: LiveButton<LobbyAction>[] = [
      ...(!seated && free ? [{ label: say("table.btn_join"), move: { lobby: "join" } as const }] : []),
      ...(host && free
        ? levels.map((level) => ({
            label: say(level === "expert" ? "table.btn_addbot_expert" : "table.btn_addbot"),
            move: { lobby: "addbot", level } as const,
          }))
        : []),
      ...(host ? [{ label: say("table.btn_start"), move: { lobby: "start" } as const }] : []),
      ...(seated && people.length > 1 ? [{ label: say("table.btn_leave"), move: { lobby: "leave" } as const }] : []),
    ];
    const next = say(host ? "live.lobby_host" : seated ? "live.lobby_seated" : "live.lobby_join");
    return { line: `${say("live.lobby", { seats: rec.seats.map((s) => s.name).join(", ") })} ${next}`, tableHits: [], hand: null, buttons };
  }

  /**
   * Makes a lobby's `action` for `w` at revision `rev` through the table service (its refusals:
   * `table/stale`, `table/not_host`, `table/full`, `input/bad_level` …), then shows the lobby in
   * the chat as the surface shows a move made outside it (a channel: a new lobby message within
   * its budget; a DM: the next table shown there says it). Start lets the computers move.
   */
  private async lobbyAct(
    channelId: string,
    here: { game: LiveGame; rec: AnyTable },
    w: Watcher,
    action: LobbyAction,
    rev: number,
  ): Promise<void> {
    const tables = here.game.tables(this.ctx);
    const me = { userId: w.userId, name: w.name };
    let after: AnyTable | null;
    let note: (rec: AnyTable) => string;
    switch (action.lobby) {
      case "join":
        after = await tables.join(channelId, me, rev);
        note = (rec) => sayAt(rec, "table.joined", { name: w.name });
        break;
      case "leave":
        after = await tables.leave(channelId, w.userId, rev);
        note = (rec) => sayAt(rec, "table.left", { name: w.name });
        break;
      case "addbot":
        after = await tables.addComputer(channelId, w.userId, action.level, rev);
        note = (rec) => sayAt(rec, "table.computer_sits", { level: sayAt(rec, `table.level_${action.level}`) });
        break;
      case "start":
        after = await tables.start(channelId, w.userId, rev);
        note = (rec) => sayAt(rec, "live.started", { name: w.name });
        break;
    }
    if (!after) return; // the last person left at once from the chat too: the table is closed there
    await this.ctx.surface(here.rec).movedOutside(channelId, {
      before: here.rec,
      after,
      lines: [note(after)],
      current: () => tables.get(channelId),
      show: async (_from, now) => void (await this.ctx.post(channelId, await here.game.payload(now, note(now)))),
    });
    if (action.lobby === "start") this.ctx.afterReply(channelId);
  }

  /** A socket's message: a move it was offered, made through the game; anything else is refused on that socket only. */
  private async act(channelId: string, w: Watcher, text: string): Promise<void> {
    try {
      const parsed = Act.safeParse(safeJson(text));
      if (!parsed.success) throw refuse("live/bad_message");
      await this.limiter.consume(w.userId).catch(() => {
        throw refuse("live/too_fast", { count: String(MOVES_PER_SECOND) });
      });
      const { rev, id } = parsed.data;
      const here = await this.tableOf(channelId);
      const offered = w.offers.get(rev);
      // Turn-based: only the latest frame's moves, on the table still as it was drawn.
      if (!here || !offered || (!here.game.live.realtime && (rev !== w.rev || here.rec.rev !== rev))) throw refuse("live/stale");
      if (!offered.has(id)) throw refuse("live/not_offered");
      // A second process of a deploy, reached while the first still acts on the guild: not here.
      if (!(await this.holdsGuild(here.rec.guildId))) throw refuse("live/elsewhere");
      const move = offered.get(id);
      if (isLobbyAction(move)) await this.lobbyAct(channelId, here, w, move, rev);
      else await here.game.live.apply(this.ctx, channelId, w.userId, move, rev);
      this.counts.moves++;
    } catch (e) {
      if (!(e instanceof UserError)) this.log.error(`live table ${channelId}: a move failed`, e);
      const said = e instanceof UserError ? sayError(e, w.locale) : t(w.locale, "live.failed");
      this.counts.refused++;
      w.sink.send(JSON.stringify({ t: "error", code: e instanceof UserError ? e.code : "live/failed", text: said }));
    }
  }
}

/** A PNG as the page shows it: a data URL, and its size from its IHDR (width and height, big-endian, at bytes 16 and 20). */
function dataUrl(png: Buffer): Omit<WirePicture, "hits"> {
  return { src: `data:image/png;base64,${png.toString("base64")}`, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** `text` as JSON, or undefined. */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
