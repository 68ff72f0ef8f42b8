/**
 * End-to-end harness: the loopback Discord stand-in plus the real bot (real discord.js
 * client, real store) connected to it through its API URL. No discord.js object is mocked.
 */
import { snowflakeTime } from "../../src/standin/snowflake.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openBotStores, registerCommands, startBot, type Bot, type BotStores } from "../../src/app.ts";
import type { Logger } from "../../src/bot/router.ts";
import type { GameSet } from "../../src/bot/context.ts";
import { DiscordStandin } from "../../src/standin/server.ts";
import type { ApiMessage, InteractionRecord } from "../../src/standin/types.ts";
import { interactiveComponents } from "../../src/standin/limits.ts";
import { said } from "../helpers/message.ts";

export const ADA = "100000000000000001";
export const BEN = "100000000000000002";
export const CLEO = "100000000000000003";
export const DEV = "100000000000000004";
export const MOD = "100000000000000009";
export const GENERAL = "200000000000000001";
export const CARD_ROOM = "200000000000000002";
export const THREAD = "200000000000000003";

/** Collects crashes (non-UserError failures) so tests can assert there were none. */
export class RecordingLogger implements Logger {
  readonly errors: { msg: string; err: unknown }[] = [];
  readonly infos: string[] = [];
  info(msg: string): void {
    this.infos.push(msg);
  }
  error(msg: string, err?: unknown): void {
    this.errors.push({ msg, err });
  }
}

/**
 * `userId` takes their ONEXENO turn on stand-in `sb` as a person would: the first card the
 * autocomplete offers with a place, at the first place offered; a pass when no card fits.
 */
export async function takeTurn(sb: DiscordStandin, userId: string, channelId: string): Promise<void> {
  const cards = await sb.autocomplete(userId, channelId, "onexeno play", { card: "" }, "card");
  const playable = cards.filter((c) => /\d+ places?/.test(c.name));
  if (playable.length) {
    const at = await sb.autocomplete(userId, channelId, "onexeno play", { card: String(playable[0]!.value), at: "" }, "at");
    await sb.command(userId, channelId, "onexeno play", { card: String(playable[0]!.value), at: String(at[0]!.value) });
  } else {
    await sb.command(userId, channelId, "onexeno pass");
  }
}

/** Waits until `pred` holds (polled state, never a fixed sleep); the limit only ends a failed test. */
export async function until<T>(
  what: string,
  pred: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 120_000,
): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await pred();
    if (v) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export class Harness {
  /** `storeUrl`: where the bot keeps its tables (default: a fresh SQLite file). */
  /**
   * `clockRate`: how fast the bot's table clock runs against the real one (real-time games
   * played fast: 20 makes a 3 s pace take 150 ms); interactions keep real time.
   */
  /** `games`: the games the bot runs (default: the real ones); a test build adds a fixture game (`gameSet`). */
  constructor(
    private readonly opts: {
      computerDelayMs?: number;
      storeUrl?: string;
      clockRate?: number;
      orderWindowMs?: number;
      /** How long a computer waits for people who may buy (default 0: it never waits; see `HOLD_MS`). */
      holdMs?: number;
      games?: GameSet;
      /** Computer moves wait for the channel's message budget, as in production (default false: games run at test pace). */
      paceComputers?: boolean;
      /** The bot serves its live table (src/surfaces/live-table/) on a free port, its page signing in through the stand-in. */
      activity?: boolean;
      /** Tables are dealt from the bot's own secrets, as in production (default false: every deal's seed is `e2e-seed`). */
      secretSeeds?: boolean;
      /** The stand-in keeps its channels in a file, as `npm start`'s does (src/standin/keep.ts), for `restartAll`. */
      keepStandin?: boolean;
    } = {},
  ) {
    this.storeUrl = opts.storeUrl ?? `sqlite://${join(this.dir, "tables.sqlite")}`;
  }
  standin!: DiscordStandin;
  bot!: Bot;
  stores!: BotStores;
  readonly log = new RecordingLogger();
  /** How far the bot's table clock runs ahead of the real one, ms (see `advanceClock`). */
  private skew = 0;
  private dir = mkdtempSync(join(tmpdir(), "onexeno-e2e-"));
  readonly storeUrl: string;

  async start(): Promise<this> {
    await this.startStandin();
    await this.startBot();
    return this;
  }

  /** A new stand-in (keeping its channels in the harness's folder with `keepStandin`), its commands registered. */
  private async startStandin(): Promise<void> {
    this.standin = new DiscordStandin(this.opts.keepStandin ? { keepIn: join(this.dir, "standin.json") } : {});
    await this.standin.start();
    // The live table needs the app's Activities enabled (Discord refuses callback type 12 without).
    if (this.opts.activity) this.standin.enableActivities();
    await registerCommands({
      token: this.standin.token,
      apiUrl: this.standin.apiUrl,
      applicationId: this.standin.applicationId,
      guildId: this.standin.guildId,
      ...(this.opts.games ? { games: this.opts.games } : {}),
    });
  }

  /**
   * Stops the bot and the stand-in and starts both again on the same files, as running
   * `npm start` again does: the tables come back from the store, the channels' messages from
   * the stand-in's file (`keepStandin`). The stand-in listens on a new port.
   */
  async restartAll(): Promise<void> {
    await this.bot.stop();
    await this.stores.close();
    await this.standin.stop();
    await this.startStandin();
    await this.startBot();
  }

  /**
   * Starts (or restarts) the bot process side: a fresh store handle and client.
   * `computerDelayMs` overrides the harness's delay before a computer moves, for this start.
   */
  async startBot(computerDelayMs?: number): Promise<void> {
    this.stores = await openBotStores(this.storeUrl, this.opts.games?.catalogue);
    this.bot = await startBot({
      token: this.standin.token,
      apiUrl: this.standin.apiUrl,
      stores: this.stores,
      log: this.log,
      tableOptions: {
        ...(this.opts.secretSeeds ? {} : { newSeed: () => "e2e-seed" }),
        now: () => this.tableNow(),
        clockRate: this.opts.clockRate ?? 1,
        holdMs: this.opts.holdMs ?? 0,
        ...(this.opts.orderWindowMs !== undefined ? { orderWindowMs: this.opts.orderWindowMs } : {}),
      },
      computerDelayMs: computerDelayMs ?? this.opts.computerDelayMs ?? 20,
      paceComputers: this.opts.paceComputers ?? false,
      // Interaction tokens age on the stand-in's clock (Discord's), which `leave` moves on.
      discordNow: () => this.standin.now(),
      // Judged by the time the bot had, as the stand-in judges the 3 s window (src/standin/stalls.ts).
      interactionAge: (id) => {
        const made = snowflakeTime(id);
        return Math.max(0, Date.now() - made - this.standin.stolenSince(made));
      },
      ...(this.opts.games ? { games: this.opts.games } : {}),
      ...(this.opts.activity
        ? {
            activity: {
              port: 0,
              host: "127.0.0.1",
              applicationId: this.standin.applicationId,
              clientSecret: this.standin.clientSecret,
              standinUrl: this.standin.url,
            },
          }
        : {}),
    });
    if (this.bot.liveTable) this.standin.activityUrl = this.bot.liveTable.url;
    await this.bot.ready;
  }

  private readonly clockBase = Date.now();

  /** The bot's table clock: real time (or faster, `clockRate`), plus `advanceClock` skew, ms. */
  tableNow(): number {
    const rate = this.opts.clockRate ?? 1;
    return this.clockBase + (Date.now() - this.clockBase) * rate + this.skew;
  }

  /**
   * Moves the bot's table clock `ms` ahead (turn clocks, lobby expiry) and lets every clock
   * that is now due run, as if that much time had passed. Interactions keep real time.
   */
  async advanceClock(ms: number): Promise<void> {
    this.skew += ms;
    await this.bot.clocks.rearm();
    await this.bot.tournaments.rearm();
    await this.bot.queue.rearm();
  }

  /**
   * Everyone leaves the tables alone for `ms`: Discord's clock (interaction tokens' 15 minutes)
   * and the bot's table clock both move on, and the clocks due run.
   */
  async leave(ms: number): Promise<void> {
    // What the bot was still doing for the last click (a DM's older table tidied) lands first, as on a screen left alone.
    await this.bot.answers.tidied();
    this.standin.advanceTime(ms);
    await this.advanceClock(ms);
  }

  /** While the bot is stopped: its table clock will read `ms` later when it starts (it was down that long). */
  passTimeWhileDown(ms: number): void {
    this.skew += ms;
  }

  /** Stops the bot as a crash or deploy would, keeping the stand-in (Discord) running. */
  async stopBot(): Promise<void> {
    await this.bot.stop();
    await this.stores.close();
  }

  async close(): Promise<void> {
    await this.bot?.stop().catch(() => {});
    await this.stores?.close().catch(() => {});
    await this.standin?.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * The stand-in's 4xx answers to the bot's requests (429s included) from index `from` of its
   * refusals on: a whole game expects none (Discord bans an address after 10,000 invalid
   * requests in 10 minutes). `exceptGlobal` leaves out the global limit's 429s, for games whose
   * computers move every 20 ms (60 times their pace on Discord), which the global limit
   * meets by design.
   */
  clientErrorsSince(
    from: number,
    opts: { exceptGlobal?: boolean } = {},
  ): { method: string; route: string; status: number; code: number; message: string }[] {
    return this.standin.refusals
      .slice(from)
      .filter((r) => r.status >= 400 && r.status < 500 && !(opts.exceptGlobal && r.status === 429 && r.global));
  }

  /** Newest public message in a channel. */
  latestPublic(channelId: string): ApiMessage {
    const msgs = this.standin.visibleMessages(channelId, null);
    const m = msgs.at(-1);
    if (!m) throw new Error("no public message");
    return m;
  }

  /** Waits until the newest public message of a channel (or, when that is a turn clock's reminder, the newest other one) satisfies `pred`. */
  async waitForPublic(channelId: string, pred: (m: ApiMessage) => boolean, timeoutMs = 120_000): Promise<ApiMessage> {
    const t0 = Date.now();
    // A turn clock's reminder may land under the message waited for when a slow turn nears its
    // end (a busy machine): the newest message other than reminders counts too.
    const reminder = (x: ApiMessage) => said(x).startsWith("⏰") && said(x).includes("your turn is running out");
    for (;;) {
      const all = this.standin.visibleMessages(channelId, null);
      const m = all.at(-1);
      if (m && pred(m)) return m;
      const beneath = m && reminder(m) ? all.findLast((x) => !reminder(x)) : undefined;
      if (beneath && pred(beneath)) return beneath;
      if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting; newest: ${said(m)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Waits until `pred` holds (polled state, never a fixed sleep); the limit only ends a failed test. */
  async until<T>(
    what: string,
    pred: () => Promise<T | null | undefined | false> | T | null | undefined | false,
    timeoutMs = 120_000,
  ): Promise<T> {
    return until(what, pred, timeoutMs);
  }

  /**
   * Opens a game in `channelId` with Ada hosting and Ben joining, starts it, and returns the
   * user id of the player to move first.
   */
  async startTwoPlayer(
    channelId: string,
    game: "basic" | "canasta" = "basic",
    hostId = "100000000000000001",
    guestId = "100000000000000002",
  ): Promise<string> {
    await this.standin.command(hostId, channelId, "onexeno new", { game });
    await this.standin.command(guestId, channelId, "onexeno join");
    await this.standin.command(hostId, channelId, "onexeno start");
    const rec = game === "basic" ? await this.bot.service("onexeno").get(channelId) : await this.bot.service("canasta").get(channelId);
    const mover = rec?.state ? rec.seats[rec.state.turn]?.userId : undefined;
    if (!mover) throw new Error(`the ${game} game in ${channelId} did not start`);
    return mover;
  }

  /**
   * `userId` takes their ONEXENO turn as a person would: the first card the autocomplete
   * offers with a place, at the first place offered; a pass when no card fits.
   */
  async playTurn(userId: string, channelId: string): Promise<void> {
    await takeTurn(this.standin, userId, channelId);
  }

  /**
   * `/… leave` mid-game as `userId` (`command`: `onexeno leave`, `onze leave`…): the private
   * question (checked private, with `words` in it when given), then Leave the game; returns the
   * question's text and the confirm click.
   */
  async leaveGame(userId: string, channelId: string, command = "onexeno leave"): Promise<{ asked: string; click: InteractionRecord }> {
    const asked = (await this.standin.command(userId, channelId, command)).original;
    if (!asked || !asked.visibleTo) throw new Error(`no confirmation asked: ${said(asked)}`);
    return { asked: said(asked), click: await this.standin.click(userId, asked, Harness.idOf(asked, "confirm")) };
  }

  /**
   * `/onexeno end` as `userId`, then Confirm on the private question; returns the Confirm click.
   * What Discord delivered too late for the bot to act on (a busy machine: "⌛ … nothing was
   * changed") is tried again, a few times, as a person would.
   */
  async endTable(userId: string, channelId: string): Promise<InteractionRecord> {
    for (let tries = 1; ; tries++) {
      const asked = await this.standin.command(userId, channelId, "onexeno end");
      const question = asked.original;
      if (tries < 5 && said(question).startsWith("⌛")) continue;
      if (!question || !question.visibleTo) throw new Error(`no confirmation asked: ${said(question)}`);
      const click = await this.standin.click(userId, question, Harness.idOf(question, "confirm"));
      if (tries < 5 && said(click.original).startsWith("⌛")) continue;
      return click;
    }
  }

  /**
   * Waits until the newest public table message of a channel is the table at revision `rev` (its
   * buttons carry the revision) or a finished session: the picture has caught up with the
   * state, whether it came as a new message or as an edit in place. Messages without components
   * (a turn clock's reminder, posted under the table when a slow turn nears its end) are not
   * table messages and are passed over.
   */
  async waitForTable(channelId: string, rev: number): Promise<ApiMessage> {
    const newest = () => {
      const m = this.standin.visibleMessages(channelId, null).at(-1);
      const refusals = this.standin.refusals.slice(-3).map((r) => `${r.status} ${r.method} ${r.route}: ${r.message}`);
      return `newest: ${m ? `${said(m).slice(0, 300)} [${Harness.customIds(m).join(", ")}]` : "none"}; last refusals: ${refusals.join(" | ") || "none"}; log: ${[...this.log.infos.slice(-4), ...this.log.errors.slice(-2).map((e) => `${e.msg}: ${String(e.err)}`)].join(" | ")}`;
    };
    return this.until(`the table at revision ${rev} `, () => {
      const m = this.standin
        .visibleMessages(channelId, null)
        .findLast((x) => Harness.customIds(x).length > 0 || said(x).includes("Session over"));
      if (!m) return null;
      const ids = Harness.customIds(m);
      return said(m).includes("Session over") || ids.some((id) => id.split("|")[2] === String(rev)) ? m : null;
    }).catch((e: unknown) => {
      throw new Error(`${e instanceof Error ? e.message : String(e)}; ${newest()}`);
    });
  }

  /** customIds of the buttons/selects of a message, flattened. */
  /**
   * Opens an ONEXENO basic table in `channelId` for `players` (the first opens it, the others
   * join by command) and starts it with the lobby's **Start**; resolves once it is dealt.
   */
  async dealOnexeno(channelId: string, players: readonly string[]): Promise<void> {
    const [host, ...others] = players;
    await this.standin.command(host ?? "", channelId, "onexeno new", { game: "basic" });
    for (const u of others) await this.standin.command(u, channelId, "onexeno join");
    const lobby = this.standin.visibleMessages(channelId, null).findLast((m) => Harness.ids(m, "start").length > 0);
    if (!lobby) throw new Error("no lobby with Start");
    await this.standin.click(host ?? "", lobby, Harness.idOf(lobby, "start"));
    await this.until("dealt", async () => ((await this.bot.service("onexeno").get(channelId))?.status === "playing" ? true : null));
  }

  static customIds(m: ApiMessage): string[] {
    return interactiveComponents(m.components).map((c) => (typeof c.custom_id === "string" ? c.custom_id : ""));
  }

  /** Every customId on `m` whose verb is `verb`. */
  static ids(m: ApiMessage, verb: string): string[] {
    return Harness.customIds(m).filter((c) => c.split("|")[1] === verb);
  }

  /** The customId on `m` whose verb is `verb` (ox1|verb|...). */
  static idOf(m: ApiMessage, verb: string): string {
    const id = Harness.customIds(m).find((c) => c.split("|")[1] === verb);
    if (!id) throw new Error(`no ${verb} component on message: ${Harness.customIds(m).join(", ")}`);
    return id;
  }

  /** Options of the select with verb `verb` on `m`. */
  static selectOptions(m: ApiMessage, verb: string): { label: string; value: string }[] {
    const menu = interactiveComponents(m.components).find((c) => String(c.custom_id ?? "").split("|")[1] === verb);
    return (menu?.options as { label: string; value: string }[] | undefined) ?? [];
  }
}
