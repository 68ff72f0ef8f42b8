/**
 * Composition root: wires the store, the table service, the commands and a discord.js
 * client, and resumes stored tables once connected. Used by `src/index.ts`, the tests and
 * the benchmark, so they all run the same bot.
 */
import { refreshPanels } from "./bot/panels.ts";
import { ChannelType, Client, Events, REST, Routes, ShardClientUtil, type BaseMessageOptions, type SendableChannels } from "discord.js";
import { GAME_SET } from "../commands/index.ts";
import { runThought, startPictures } from "../render/pool.ts";
import { clientOptions, GLOBAL_REQUESTS_PER_SECOND } from "./bot/client-options.ts";
import { atPriority, type Priority } from "./store/global-budget.ts";
import { Autoplay } from "./bot/autoplay.ts";
import { editMessage, postMessage } from "./bot/message-requests.ts";
import { interactionAge, LATE_AFTER_MS } from "./bot/reply.ts";
import type { OnceResult } from "./store/claims.ts";
import { clockMessages, Clocks } from "./bot/clocks.ts";
import type { BotContext, GameSet, TableGameView } from "./bot/context.ts";
import { LiveTables } from "./surfaces/channel/live.ts";
import { channelSurface } from "./surfaces/channel/surface.ts";
import { attachSurfaces, pickSurface } from "./surfaces/surface.ts";
import { traitsOf } from "./surfaces/traits.ts";
import { recordOf, revOf, withoutRecord } from "./bot/table-payload.ts";
import { isV2 } from "./bot/components-v2.ts";
import { RatingService } from "./bot/ratings.ts";
import { markStart } from "./bot/restart.ts";
import { TournamentService, type TournamentHost } from "./bot/tournaments.ts";
import { QueueService } from "./bot/queue.ts";
import { SeasonBook } from "./bot/seasons.ts";
import { seasonRolesAfter } from "../commands/season.ts";
import { flagPrompt } from "../commands/tournament/flags.ts";
import { closedPayload } from "../commands/closed.ts";
import { commandWords, localizeCommand } from "./i18n/commands.ts";
import { mustAllowTableHere, SettingsBook } from "./bot/settings.ts";
import { Pending } from "./bot/pending.ts";
import {
  bracketMessage,
  finalMessages,
  postAnnouncement,
  roundMessage,
  showHub,
  standingsMessage,
  tableResult,
} from "../commands/tournament/index.ts";
import { scheduledEvents } from "./bot/scheduled-events.ts";
import { correctedTables, rerate } from "./bot/rerate.ts";
import { COMMAND_IDS } from "./bot/command-ids.ts";
import { AnswerChains, mustReachHere, PrivateTables } from "./surfaces/answers/chains.ts";
import { Publisher } from "./surfaces/channel/publisher.ts";
import { CHANNEL_WINDOW_MS, CHANNEL_WRITES, ChannelBudget } from "./surfaces/channel/budget.ts";
import { Coalescer } from "./bot/coalesce.ts";
import { launchLiveTable } from "./surfaces/live-table/button.ts";
import { createRouter, type InteractionEvent, type Logger, type RouterOptions } from "./bot/router.ts";
import { Leaderboards } from "./bot/leaderboards.ts";
import { ChannelIndex } from "./bot/channels.ts";
import { TableService, type AnyTable, type AnyTables, type TableServiceOptions, type TablesOf } from "./bot/tables.ts";
import { TableTransitions } from "./bot/table-transitions.ts";
import type { GameId } from "./games/catalogue.ts";
import type { GameCatalogue } from "./games/catalogue.ts";
import { DueIndex } from "./store/due.ts";
import { readingThrough } from "./store/store.ts";
import { openStoresOf, type BotStores } from "./bot/stores.ts";
import { gameRecord } from "./bot/game-record.ts";
import { GameRecords } from "./bot/game-records.ts";
import type { ActivityHub } from "./surfaces/live-table/hub.ts";
import { type ActivityOptions, type ActivityServer, serveLiveTable } from "./surfaces/live-table/server.ts";
export type { BotStores } from "./bot/stores.ts";

/** Opens every store of the bot on one STORE_URL (separate keyv namespaces), one per table game of `games` (default: the real ones). */
export async function openBotStores(url: string, games: GameCatalogue = GAME_SET.catalogue): Promise<BotStores> {
  return openStoresOf(url, games);
}

/** A running bot. */
export interface Bot {
  readonly client: Client;
  /** The table service of game `id`, with its own types. */
  service<G extends GameId>(id: G): TablesOf<G>;
  /** Every table game's service, by game id. */
  readonly games: ReadonlyMap<string, AnyTables>;
  /** Best games per guild and deal of one-player games. */
  readonly leaderboards: Leaderboards;
  readonly ratings: RatingService;
  readonly tournaments: TournamentService;
  /** Each server's queue (`/queue`). */
  readonly queue: QueueService;
  /** Each server's seasons (`/season`). */
  readonly seasons: SeasonBook;
  /** The live table message of each channel. */
  readonly live: LiveTables;
  /** The turn clocks of every table. */
  readonly clocks: Clocks;
  /** Records of finished games, per server and player. */
  readonly records: GameRecords;
  /** Each server's settings and each player's own. */
  readonly settings: SettingsBook;
  /** Resolves when connected and stored tables have been announced. */
  readonly ready: Promise<void>;
  /** The live table's server and hub (src/surfaces/live-table/), when `activity` was given. */
  readonly liveTable: (ActivityServer & { readonly hub: ActivityHub }) | null;
  /**
   * The answer chains of DMs and group DMs (src/surfaces/answers/chains.ts): `tidied()` waits for
   * the clicks still being handled, then for their older table messages' edits (a click's answer
   * tidies the table message before it).
   */
  readonly answers: Pick<AnswerChains, "tidied">;
  stop(): Promise<void>;
}

export interface BotOptions {
  readonly token: string;
  readonly apiUrl: string;
  readonly stores: BotStores;
  readonly log?: Logger;
  readonly tableOptions?: TableServiceOptions;
  /** Delay before a computer player moves, in ms (default 1200). */
  readonly computerDelayMs?: number;
  /**
   * The channel writes the bot makes on its own wait for room in the channel's message budget
   * (5 creates and edits in 5 s on Discord): a computer's move of a turn-based game (its table
   * message and the edit that tidies the one before it) and every tidy-up edit, so a table of
   * computers, or a person moving fast beside them, is never rate limited (default true; tests
   * that play whole games at 60 times the pace turn it off).
   */
  readonly paceComputers?: boolean;
  /** Least time between two edits of a real-time table or a private panel, ms (default 1200). */
  readonly editGapMs?: number;
  /** The games it runs (default: the real ones, `GAME_SET`); tests list a fixture game after them (`gameSet`). */
  readonly games?: GameSet;
  /** Told of every handled interaction (metrics, structured logs). */
  readonly observe?: (event: InteractionEvent) => void;
  /**
   * The shards this process runs (`SHARD_IDS` of `SHARD_COUNT`); absent: what the sharding
   * manager gave this process (discord.js reads its `SHARDS`/`SHARD_COUNT`), else shard 0 of 1.
   */
  readonly shards?: ShardSet;
  /** Discord's clock, ms: how old interaction tokens are (default Date.now; tests move it with the stand-in's `advanceTime`). */
  readonly discordNow?: () => number;
  /**
   * How old an interaction is when it arrives, ms (default: its snowflake's age on this machine's
   * clock); the stand-in's tests leave out what their machine's stalls took (src/standin/stalls.ts).
   */
  readonly interactionAge?: (id: string) => number;
  /** The live table (the app's Activity, src/surfaces/live-table/server.ts): served only when given (`ACTIVITY_PORT`). */
  readonly activity?: Omit<ActivityOptions, "apiUrl">;
  /**
   * Requests a second the REST client allows itself outside the interaction endpoints (default
   * `GLOBAL_REQUESTS_PER_SECOND`, under Discord's global limit of 50). Every computer move is two
   * requests (its table message and the tidy-up), so this caps the computer moves of all tables
   * together: about 21 a second at the default (bench/soak.ts).
   */
  readonly requestsPerSecond?: number;
  /**
   * The bot's window for a channel's 5 message writes, ms (default `CHANNEL_WINDOW_MS`: Discord's
   * 5 s and a 10% margin). The soak, whose tables run 50 times faster than real time, shortens it
   * as much, so its writes are paced as they are on Discord (bench/soak.ts).
   */
  readonly channelWindowMs?: number;
}

/** Shards of one process: `ids` (each below `count`) of `count` in all. */
export interface ShardSet {
  readonly ids: readonly number[];
  readonly count: number;
}

/**
 * Whether a client's shards hold a guild: Discord sends a guild's events to shard
 * `(guild_id >> 22) % shard_count`, DMs (null) to shard 0
 * (https://discord.com/developers/docs/events/gateway#sharding).
 */
export function holdsGuild(client: Client, guildId: string | null): boolean {
  const count = client.options.shardCount ?? 1;
  const ids = client.options.shards;
  // Not a snowflake (a hand-made record, a test's "g"): treated as shard 0's, like a DM, rather
  // than throwing inside the client's ready handler.
  const shard = guildId === null || !/^\d+$/.test(guildId) ? 0 : ShardClientUtil.shardIdForGuildId(guildId, count);
  return Array.isArray(ids) ? ids.includes(shard) : shard === 0;
}

export const consoleLogger: Logger = {
  info: (m) => console.log(m),
  error: (m, e) => console.error(m, e),
};

/**
 * Command registration bodies (slash command JSON) of a game set (default: the real games). Each
 * command says where it is offered (`ANYWHERE` or `SERVERS`, src/surfaces/answers/chains.ts); one that does
 * not is a bug (an Error), since Discord's defaults for a missing field have changed over time.
 */
export function commandBodies(games: GameSet = GAME_SET): unknown[] {
  return games.commands.map((c) => {
    const body = localizeCommand(c.data.toJSON());
    if (!body.contexts?.length || !body.integration_types?.length)
      throw new Error(`/${body.name} does not say where it is offered (contexts and integration_types)`);
    return body;
  });
}

/**
 * The app's Entry Point command (type 4, PRIMARY_ENTRY_POINT), answered by the bot (handler 1,
 * APP_HANDLER) with callback type 12: the App Launcher opens this channel's live table. Named
 * `name` (the app's current Entry Point's name: Discord refuses a bulk update that drops it).
 * https://discord.com/developers/docs/interactions/application-commands#entry-point-commands
 */
export function entryPointBody(name = "launch"): Record<string, unknown> {
  return localizeCommand({
    name,
    type: 4,
    handler: 1,
    description: commandWords("en", "launch")?.description ?? "Open the live table",
    integration_types: [0, 1],
    contexts: [0, 1, 2],
  });
}

/** The fields of a registered command that a registration sends back (not its id, version or application). */
const REGISTERED_FIELDS = [
  "name",
  "name_localizations",
  "description",
  "description_localizations",
  "type",
  "handler",
  "integration_types",
  "contexts",
  "default_member_permissions",
  "nsfw",
] as const;

/**
 * Registers the slash commands: in one guild when `guildId` is given (instant, for
 * development), else globally. Globally, an app with Activities enabled has an Entry Point
 * command, and Discord refuses a bulk overwrite without it (400, 50240): with `entryPoint` the
 * bot's own (`entryPointBody`: this process serves the live table) takes its place, else the one
 * there is sent back as it is. Returns how many commands the scope holds now.
 * https://discord.com/developers/docs/interactions/application-commands#bulk-overwrite-global-application-commands
 */
export async function registerCommands(opts: {
  token: string;
  apiUrl: string;
  applicationId: string;
  guildId: string | null;
  /** Whose commands (default: the real games'). */
  games?: GameSet;
  /** The bot answers the app's Entry Point command (it serves the live table): registered globally with the others. */
  entryPoint?: boolean;
}): Promise<number> {
  const rest = new REST({ api: opts.apiUrl }).setToken(opts.token);
  const body = commandBodies(opts.games);
  if (opts.guildId) {
    const result = (await rest.put(Routes.applicationGuildCommands(opts.applicationId, opts.guildId), { body })) as unknown[];
    return result.length;
  }
  const route = Routes.applicationCommands(opts.applicationId);
  const now = (await rest.get(route)) as Record<string, unknown>[];
  const entry = now.find((c) => c.type === 4);
  if (opts.entryPoint) body.push(entryPointBody(typeof entry?.name === "string" ? entry.name : undefined));
  else if (entry) body.push(Object.fromEntries(REGISTERED_FIELDS.filter((k) => entry[k] !== undefined).map((k) => [k, entry[k]])));
  const result = (await rest.put(route, { body })) as unknown[];
  return result.length;
}

/** What the bot keeps beside its tables: records, ratings, settings, deal leaderboards, what finished games set off. */
interface Books {
  readonly records: GameRecords;
  readonly ratings: RatingService;
  readonly settings: SettingsBook;
  readonly leaderboards: Leaderboards;
  /** One table per channel across every game. */
  readonly channels: ChannelIndex;
  /** What a finished game sets off (its record, ratings, tournament result): shutdown waits for it. */
  readonly pending: Pending;
  /** Each guild's Discord language as its latest interaction said it (`guild_locale`). */
  readonly guildLocales: Map<string, string>;
  readonly now: () => number;
}

/** Opens the bot's books over its stores. */
function openBooks(opts: BotOptions): Books {
  return {
    records: new GameRecords(opts.stores.records),
    ratings: new RatingService(opts.stores.ratings, opts.tableOptions?.now),
    settings: new SettingsBook(opts.stores.settings),
    leaderboards: new Leaderboards(opts.stores.leaderboards),
    channels: new ChannelIndex(),
    pending: new Pending(),
    guildLocales: new Map(),
    now: opts.tableOptions?.now ?? Date.now,
  };
}

/** What a finished game's listeners reach once the bot is built (they only run after start). */
interface Later {
  ctx?: BotContext;
  tournaments?: TournamentService;
}

/**
 * Each table game's service (a `TableService` over its store and rules, records of an earlier
 * shape read through its `upgrade`), listening for its finished games: ratings, the tournament
 * result and the game's own `finished` (outside the table's lock), and its game record.
 * Throws when a game of the set has no store or no bot side (a programming error).
 */
function tableServices(
  gameSet: GameSet,
  opts: BotOptions,
  books: Books,
  client: Client,
  later: Later,
  log: Logger,
): Map<string, AnyTables> {
  const { catalogue } = gameSet;
  const services = new Map<string, AnyTables>();
  const tableOptions: TableServiceOptions = {
    think: runThought,
    ...opts.tableOptions,
    channels: books.channels,
    mayAddComputer: (guildId) => books.settings.mustAllowComputers(guildId),
    seatPrefs: (userId) => books.settings.player(userId),
    takeoverFor: (guildId) => books.settings.takeoverOf(guildId),
    localeFor: (guildId) =>
      books.settings.languageOf(
        guildId,
        guildId ? (books.guildLocales.get(guildId) ?? client.guilds.cache.get(guildId)?.preferredLocale) : null,
      ),
  };
  const settle = (work: Promise<unknown>, what: string) => void books.pending.add(work.catch((e) => log.error(what, e)));
  for (const g of catalogue.games) {
    const stored = opts.stores.games.get(g.id);
    if (!stored) throw new Error(`no store for ${g.id}`);
    const view = gameSet.views.find((v) => v.id === g.id);
    if (!view) throw new Error(`no bot side for table game ${g.id}`);
    const store = view.upgrade ? readingThrough(stored, (raw) => view.upgrade?.(raw)) : stored;
    const service: AnyTables = new TableService(store, g.definition, tableOptions, g.seats);
    // A game that ends by its rules updates the ratings of the people who played it.
    service.onFinish((rec) => {
      const result = catalogue.ratedResult(rec.game, rec.config, rec.state);
      if (result)
        settle(books.ratings.record(rec, result.game, result.outcome, result.teams), `could not rate the game in channel ${rec.channelId}`);
      // Outside the table's lock: recording may seat the next round, which opens other tables.
      const after = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
        Promise.all([
          later.tournaments?.recordGame(rec).catch((e) => log.error(`could not record the tournament game in channel ${rec.channelId}`, e)),
          later.ctx &&
            view.finished?.(later.ctx, rec).catch((e) => log.error(`could not finish the ${g.id} game in channel ${rec.channelId}`, e)),
        ]),
      );
      void books.pending.add(after);
    });
    // Every game that ends, by its rules or closed with end, leaves its record (src/bot/game-record.ts).
    service.onFinish((rec, how) => {
      const outcome = how === "rules" && rec.state ? g.definition.outcome(rec.state) : null;
      settle(books.records.add(gameRecord(rec, how, books.now(), outcome)), `could not keep the record of the game in ${rec.channelId}`);
    }, true);
    services.set(g.id, service);
  }
  return services;
}

/**
 * The bot's writes to channels: each channel's budget of creates and edits (5 per 5 s on
 * Discord), the live table messages (edited in place, tidied), sending a message (a table
 * message's record kept as the channel's live one), and the chains of answers that are the only
 * way into a DM reached by a user install (src/surfaces/answers/chains.ts).
 */
function channelWrites(client: Client, opts: BotOptions, log: Logger) {
  const budget = new ChannelBudget(CHANNEL_WRITES, opts.channelWindowMs ?? CHANNEL_WINDOW_MS);
  const live = new LiveTables(
    opts.stores.live,
    async (channelId, messageId, payload) => {
      const channel = await client.channels.fetch(channelId);
      if (!channel?.isTextBased()) return;
      if (opts.paceComputers !== false) await budget.use(channelId);
      else budget.note(channelId);
      await editMessage(channel, messageId, payload);
    },
    log,
    async (channelId, messageId) => {
      const channel = await client.channels.fetch(channelId);
      if (channel?.isTextBased()) await channel.messages.delete(messageId);
    },
    opts.discordNow,
  );
  const send = async (channelId: string, payload: BaseMessageOptions) => {
    const channel = await client.channels.fetch(channelId);
    if (!channel?.isSendable()) throw new Error(`channel ${channelId} cannot take messages`);
    budget.note(channelId);
    const sending = postMessage(channel as SendableChannels, withoutRecord(payload));
    const record = recordOf(payload);
    if (record !== undefined)
      void live.shown(
        channelId,
        sending.catch(() => undefined),
        record,
        revOf(payload),
        isV2(payload),
      );
    await sending;
  };
  // A DM or group DM reached by a user install takes messages only as follow-ups of a click there.
  const chains = new AnswerChains(log, opts.discordNow);
  return { budget, live, send, chains };
}

/** A table game's bot side with its service. */
type RunningGame = TableGameView & { readonly service: AnyTables };

/** Whether only computers (or seats away, moved for) act next at `rec`: nobody's turn needs a new message to be seen. */
function computersNext(ctx: BotContext, rec: AnyTable): boolean {
  const rules = ctx.catalogue.game(rec.game);
  if (!rules || !rec.state || rec.status !== "playing") return false;
  const actors = rules.definition.actors(rec.state);
  return actors.length > 0 && actors.every((i) => TableTransitions.auto(rec.seats[i]));
}

/**
 * What moves tables when nobody clicks: computer players (`Autoplay`, paced by the channel's
 * budget unless `paceComputers` is false) and turn clocks (`Clocks`, on the due index), each
 * acting only in guilds this process's shards hold and whose claim it holds (`lease`).
 */
function tableMovers(
  games: readonly RunningGame[],
  ctx: BotContext,
  post: (channelId: string, payload: BaseMessageOptions) => Promise<void>,
  client: Client,
  opts: BotOptions,
  log: Logger,
  /** Whether this process may act on a guild now (its claim in the shared store: `leaseGuild`). */
  lease: (guild: string | null) => Promise<boolean>,
) {
  // With the bot's budget short: a table handing the turn to a person goes first (someone waits
  // for it), a table of computers only last (nobody does); per channel, for its step's writes.
  const urgency = new Map<string, Priority>();
  const autoplay = new Autoplay(
    () =>
      games.map((g) => async (channelId: string) => {
        // Of two processes receiving the guild, only its holder moves for its computers.
        const rec = await g.service.get(channelId);
        // A table whose surface moves only inside a click (a DM's: src/surfaces/answers/chains.ts) is left to that click.
        if (!rec || !traitsOf(rec).movesAlone || !(await lease(rec.guildId))) return null;
        const moved = await g.service.autoMove(channelId);
        if (!moved) return null;
        const interlude = g.interlude?.(moved.before, moved.after);
        // A move that hands the turn to another computer edits the table message in place (one
        // write, none through a fresh answer's token): nobody's turn needs a new message yet, so a
        // run of computer moves is one message, and the next person's turn a new one below.
        const inPlace = !interlude && computersNext(ctx, moved.after);
        urgency.set(channelId, moved.after.seats.every((s) => s.computer) ? "last" : inPlace ? "normal" : "first");
        if (opts.paceComputers !== false) await ctx.surface(rec).room(channelId, inPlace ? 1 : 2); // the table message (and the tidy-up)
        if (interlude) await post(channelId, interlude);
        const payload = await g.payload(moved.after, g.moveNote(moved.before, moved.after));
        if (
          !inPlace ||
          !(await atPriority(urgency.get(channelId) ?? "normal", channelId, () => ctx.surface(rec).editTable(channelId, payload)))
        )
          return payload;
        urgency.delete(channelId);
        return "shown";
      }),
    (channelId, payload) => {
      const p = urgency.get(channelId) ?? "normal";
      urgency.delete(channelId); // kept only from a step to its post
      return atPriority(p, channelId, () => post(channelId, payload));
    },
    opts.computerDelayMs ?? 1200,
    () => log,
  );
  const clocks = new Clocks(
    games.map((g) => ({
      tables: g.service,
      announce: async (event) => {
        if (event.kind === "timed") return (await g.timed?.(ctx, event.before, event.rec)) ?? [];
        const messages = await clockMessages(
          event,
          (rec, note) => g.payload(rec, note),
          (b, a) => g.moveNote(b, a),
          g.command,
          g.interlude,
        );
        // A timeout that hands the turn to a computer edits the table in place, as a computer's move does.
        const [only] = messages;
        if (event.kind === "timeout" && only && messages.length === 1 && computersNext(ctx, event.rec))
          if (await ctx.surface(event.rec).editTable(event.rec.channelId, only)) return [];
        return messages;
      },
    })),
    new DueIndex(opts.stores.clocks),
    post,
    (channelId) => autoplay.kick(channelId),
    log,
    opts.tableOptions?.now,
    // A table whose surface moves only inside a click (a DM's) keeps its clock for the next click there to claim.
    (rec) => traitsOf(rec).movesAlone && holdsGuild(client, rec.guildId),
    opts.tableOptions?.clockRate ?? 1,
    lease,
  );
  return { autoplay, clocks };
}

/**
 * The bot's discord.js client (src/bot/client-options.ts): its REST paced under the global limit,
 * `requestsPerSecond`, and every bot-token request taken from the budget all the bot's processes
 * on this store spend together (Discord counts the limit per bot: src/store/global-budget.ts).
 */
async function botClient(opts: BotOptions): Promise<Client> {
  const perSecond = opts.requestsPerSecond ?? GLOBAL_REQUESTS_PER_SECOND;
  return new Client(clientOptions(opts.apiUrl, opts.shards, perSecond, await opts.stores.globalBudget(perSecond)));
}

/** The queue (tables opened through the tournaments' `host`) and the seasons (over `tournaments`) of a bot. */
function communityBooks(opts: BotOptions, host: TournamentHost, tournaments: TournamentService) {
  const queue = new QueueService(opts.stores.queue, host, opts.tableOptions?.now);
  const seasons = new SeasonBook(opts.stores.seasons, (guildId) => tournaments.list(guildId), opts.tableOptions?.now);
  return { queue, seasons };
}

/**
 * Starts the bot: its books, each game's table service, its channel writes, tournaments, the queue
 * and seasons (tournaments and the queue open tables in threads through one host), the
 * bot context, computer players and clocks, and the router of every interaction; logs in and
 * resolves once logged in (`ready` resolves when the gateway is ready and tables are resumed).
 */
export async function startBot(opts: BotOptions): Promise<Bot> {
  const log = opts.log ?? consoleLogger;
  // The picture thread loads its drawing code while the bot logs in, not on the first move.
  startPictures();
  const gameSet = opts.games ?? GAME_SET;
  const { catalogue } = gameSet;
  const client = await botClient(opts);
  const books = openBooks(opts);
  const later: Later = {};
  const services = tableServices(gameSet, opts, books, client, later, log);
  const service = typedServices(services);
  const { budget, live, send, chains } = channelWrites(client, opts, log);
  const { ratings, records, settings, leaderboards } = books;
  const post = chains.poster(async (channelId, payload) => {
    await publisher.post(channelId, payload);
  });
  // Real-time tables and private panels are edited at most this often (Discord's message edit limits).
  const coalescer = new Coalescer(opts.editGapMs ?? 1200, (key, e) => log.info(`could not refresh ${key}: ${errorText(e)}`));
  const host = tournamentHost({
    ...{ client, services, catalogue, ratings, live, post },
    ...eventExtras({ client, log, catalogue, tableGames: gameSet.views, books, coalescer, ctx: () => later.ctx! }),
    payloadOf: (rec) => games.find((g) => g.id === rec.game),
    kick: (channelId) => autoplay.kick(channelId),
    lease: (guild) => lease(guild),
  });
  const tournaments: TournamentService = new TournamentService(opts.stores.tournaments, host, opts.tableOptions?.now);
  const { queue, seasons } = communityBooks(opts, host, tournaments);
  const ctx: BotContext = {
    ...{ games: services, catalogue, leaderboards, ratings, tournaments, queue, seasons, records, settings, log, coalescer, service },
    tableGames: gameSet.views,
    afterReply: (channelId) => autoplay.kick(channelId),
    surface: (x) => pickSurface({ answers: privateTables, channel })(x),
    discordNow: opts.discordNow ?? Date.now,
    post,
  };
  const channel = channelSurface({ live, budget, request: (key, job) => coalescer.request(key, job) });
  Object.assign(later, { ctx, tournaments });
  const games: readonly RunningGame[] = gameSet.views.map((g) => ({ ...g, service: g.tables(ctx) }));
  watchPanels(ctx, games);
  const privateTables = new PrivateTables(() => games, chains, log);
  attachSurfaces(client, ctx.surface);
  const publisher = new Publisher(send, currentTable(games), log);
  // A guild this process takes over: its clocks and events' timers are armed here (the former holder may have armed them alone).
  const adopt = (guild: string) => {
    void clocks.adopt(guild).catch((e: unknown) => log.error(`could not arm the clocks of ${guild}`, e));
    void tournaments.rearm().catch((e: unknown) => log.error("could not arm the events' timers", e));
    void queue.rearm().catch((e: unknown) => log.error("could not arm the queue's expiries", e));
  };
  // Once stopping, this process takes no guild, no interaction and no timed step any more: another process on the store does.
  let stopping = false;
  // A table without a guild (a DM's) has no guild to claim: the process its click reaches acts on it.
  const lease = async (guild: string | null) => !stopping && (guild === null || (await leaseGuild(opts.stores, guild, adopt)));
  const { autoplay, clocks } = tableMovers(games, ctx, post, client, opts, log, lease);
  const route = createRouter(gameSet.commands, gameSet.components, ctx, log, {
    post,
    after: (channelId) => autoplay.kick(channelId),
    guard: async (interaction) => {
      mustReachHere(interaction);
      await mustAllowTableHere(interaction, gameSet.views, settings);
    },
    entryPoint: launchLiveTable,
    ...interactionClaims(opts.stores, games, adopt, () => stopping),
    ...routerHooks(opts),
  });
  client.on(Events.InteractionCreate, (interaction) => {
    if (interaction.guildId && interaction.guildLocale) books.guildLocales.set(interaction.guildId, interaction.guildLocale);
    void route(interaction);
  });
  client.on(Events.Error, (e) => log.error("client error", e));
  const ready = new Promise<void>((resolve) => {
    client.once(Events.ClientReady, async (c) => {
      await onReady(c, { log, clocks, tournaments, queue, now: opts.tableOptions?.now });
      resolve();
    });
  });
  const liveTable = opts.activity ? await serveLiveTable(ctx, client.rest, { ...opts.activity, apiUrl: opts.apiUrl }, lease) : null;
  await client.login(opts.token);
  return {
    ...{ client, service, games: services, leaderboards, ratings, tournaments, queue, seasons, live, clocks },
    ...{ records, settings, ready, liveTable },
    answers: { tidied: () => route.idle().then(() => chains.tidied()) },
    async stop() {
      stopping = true; // new interactions, clock wakes and computer turns are left to another process from here
      await autoplay.stop(); // the computer moves under way are saved first
      await liveTable?.stop(); // no click on the live table starts a move from here
      await route.idle(); // finish the moves in flight, and what they post
      await books.pending.settle(); // the records, ratings and results of games that just ended
      await tournaments.stop(); // and the results and seatings they set off
      await queue.stop();
      // Another process on the store takes this one's guilds at once (within an interaction's
      // 3 s: it is waiting for them), not after their claims lapse.
      await opts.stores.claims.release("guild:").catch((e: unknown) => log.error("could not release this process's guilds", e));
      await clocks.stop();
      await coalescer.stop();
      publisher.stop();
      await live.stop();
      await client.destroy();
    },
  };
}

/** The current public table of a channel, whichever game holds it (running ones only): what is posted again after a failure. */
function currentTable(games: readonly RunningGame[]): (channelId: string) => Promise<BaseMessageOptions | null> {
  return async (channelId) => {
    for (const g of games) {
      const r = await g.service.get(channelId);
      if (r && r.status !== "over") return g.payload(r);
    }
    return null;
  };
}

/**
 * Game `id`'s service with its own types, from `services` (one per game of the list, each made
 * from that game's own rules, so the narrowing from the erased map is sound). A missing one is a
 * bug: an Error.
 */
function typedServices(services: ReadonlyMap<string, AnyTables>): <G extends GameId>(id: G) => TablesOf<G> {
  return <G extends GameId>(id: G): TablesOf<G> => {
    const found = services.get(id);
    if (!found) throw new Error(`no table service for ${id}`);
    return found as TablesOf<G>;
  };
}

/**
 * How long a guild's claim lasts, ms: renewed by an interaction past half of it (src/store/claims.ts),
 * so a process holds a guild 30 to 60 s after its last interaction there; another process on the
 * same store (a start-first deploy, a shard given twice) takes the guild over after that much
 * quiet, or at once when the holder stops or its heart lapses.
 */
export const GUILD_CLAIM_MS = 60_000;

/**
 * The router's claims in the store every process shares (src/store/claims.ts): each interaction
 * is acted on by the process holding its guild (`holdGuild`; none once `stopping`), marked done
 * when handled, and one taken over from a process killed after saving its change answers with
 * the table as it is (`GameTable.acted`).
 */
function interactionClaims(
  stores: BotStores,
  games: readonly RunningGame[],
  adopt: (guild: string) => void,
  stopping: () => boolean,
): Pick<RouterOptions, "claim" | "settle" | "changedBy"> {
  return {
    claim: async (interaction) =>
      stopping() ? "refused" : holdGuild(stores, interaction.guildId ?? `channel:${interaction.channelId}`, interaction.id, adopt),
    settle: (interaction) => stores.claims.settle(`interaction:${interaction.id}`, INTERACTION_CLAIM_MS),
    changedBy: async (interaction) => {
      for (const g of games) {
        const r = interaction.channelId ? await g.service.get(interaction.channelId) : undefined;
        if (r?.acted?.includes(interaction.id)) return g.payload(r);
      }
      return null;
    },
  };
}

/**
 * Claims guild `guild` (a DM's channel: `channel:<id>`) for this process before it acts on an
 * interaction there: one process acts on a guild at a time, so its read caches stay sound (they
 * assume one writer a key, as shards give). A guild newly taken over drops the caches: the
 * process that held it may have written since they were filled. The interaction is claimed too,
 * so one its former holder acted on is never acted on again. False while another holds either.
 */
async function holdGuild(stores: BotStores, guild: string, interactionId: string, taken: (guild: string) => void): Promise<OnceResult> {
  const key = `interaction:${interactionId}`;
  // While another process holds the guild, this one watches the interaction until it is answered
  // there, or until that process stops (a deploy) or dies (its heartbeat lapses within ALIVE_MS,
  // 1.5 s): then it takes the guild over and acts on the interaction itself, unless the other one
  // settled it, as long as it can still be answered (LATE_AFTER_MS after it was made).
  for (;;) {
    if (await leaseGuild(stores, guild, taken)) return stores.claims.once(key, INTERACTION_CLAIM_MS);
    if ((await stores.claims.settled(key)) || interactionAge(interactionId) >= LATE_AFTER_MS) return "refused";
    await new Promise((r) => setTimeout(r, CLAIM_RETRY_MS));
  }
}

/**
 * Claims guild `guild` for this process before it acts there by itself (a clock's wake, a
 * computer's move) or on an interaction (`holdGuild`): false while another live process holds
 * it. A guild newly taken drops the read caches (its former holder may have written since) and
 * is handed to `taken` (the clocks arm its tables, which the former holder may have armed alone).
 */
async function leaseGuild(stores: BotStores, guild: string, taken: (guild: string) => void): Promise<boolean> {
  const got = await stores.claims.claim(`guild:${guild}`, GUILD_CLAIM_MS);
  if (got === "taken") {
    stores.forget();
    taken(guild);
  }
  return got !== "refused";
}

/** How long an interaction's own claim is kept, ms: past its token's 15 minutes. */
const INTERACTION_CLAIM_MS = 20 * 60_000;

/** How often a refused guild claim is asked again while its holder may stop or have just died, ms. */
const CLAIM_RETRY_MS = 100;

/**
 * What the bot does once its client is ready: it notes the start (nothing is posted: tables with
 * something due, a clock or a computer's turn, are woken by the clocks; the others carry the
 * restart note on their next message), reads its commands' ids for mentions in public text
 * (names in code when it cannot), starts the clocks and resumes the tournaments of its guilds.
 */
async function onReady(
  c: Client<true>,
  deps: {
    readonly log: Logger;
    readonly clocks: Clocks;
    readonly tournaments: TournamentService;
    readonly queue: QueueService;
    readonly now?: (() => number) | undefined;
  },
): Promise<void> {
  deps.log.info(`Logged in as ${c.user.tag}.`);
  markStart(deps.now?.() ?? Date.now());
  await COMMAND_IDS.load(c).catch((e) => deps.log.info(`command mentions fall back to names: ${errorText(e)}`));
  await deps.clocks.start();
  await deps.tournaments.resume((guildId) => holdsGuild(c, guildId)).catch((e) => deps.log.error("could not resume tournaments", e));
  await deps.queue.rearm().catch((e) => deps.log.error("could not arm the queue's expiries", e));
}

/**
 * The tournaments' calls beyond threads and posts: the server's scheduled events
 * (src/bot/scheduled-events.ts), an announcement posted by a timer, and ratings made again after
 * a correction (src/bot/rerate.ts).
 */
function eventExtras(deps: {
  readonly client: Client;
  readonly log: Logger;
  readonly catalogue: GameCatalogue;
  readonly tableGames: BotContext["tableGames"];
  /** The records, ratings and settings (a season's language). */
  readonly books: Pick<Books, "records" | "ratings" | "settings">;
  /** Paces the hubs' edits. */
  readonly coalescer: Coalescer;
  /** The bot's context, made after the host: its tournaments and seasons. */
  readonly ctx: () => BotContext;
}): Pick<TournamentHost, "scheduleEvent" | "scheduledEventStatus" | "announce" | "rerate" | "hub" | "over"> {
  const { client, log, catalogue } = deps;
  const { records, ratings, settings } = deps.books;
  return {
    ...scheduledEvents(client, log),
    over: (t) => void seasonRolesAfter(client, { seasons: deps.ctx().seasons, log, settings }, t),
    hub: (t) => void showHub(client, { tournaments: deps.ctx().tournaments, log, coalescer: deps.coalescer }, t.id),
    announce: (t, note) =>
      postAnnouncement(client, { catalogue, tableGames: deps.tableGames, tournaments: deps.ctx().tournaments, log }, t, note),
    rerate: async (t) => {
      try {
        const corrected = correctedTables(await deps.ctx().tournaments.list(t.guildId));
        await rerate({ records, ratings, catalogue }, t.guildId, t.game, corrected);
      } catch (e) {
        log.error(`could not rate tournament ${t.id} again`, e);
      }
    },
  };
}

/** The router's hooks a caller of `startBot` may give: `observe`, and an interaction's age (tests). */
function routerHooks(opts: Pick<BotOptions, "observe" | "interactionAge">): Pick<RouterOptions, "observe" | "ageOf"> {
  return { ...(opts.observe ? { observe: opts.observe } : {}), ...(opts.interactionAge ? { ageOf: opts.interactionAge } : {}) };
}

/**
 * What tournaments need from the bot (`TournamentHost`): threads and posts through the client,
 * the table services, table and tournament messages, the computers' kick and the ratings that
 * seed an event.
 */
function tournamentHost(
  deps: {
    readonly client: Client;
    readonly post: (channelId: string, payload: BaseMessageOptions) => Promise<void>;
    readonly services: ReadonlyMap<string, AnyTables>;
    readonly catalogue: GameCatalogue;
    /** The bot side of a table's game (its table message). */
    readonly payloadOf: (rec: AnyTable) => TableGameView | undefined;
    readonly ratings: RatingService;
    readonly live: LiveTables;
    readonly kick: (channelId: string) => void;
  } & Pick<TournamentHost, "scheduleEvent" | "scheduledEventStatus" | "announce" | "rerate" | "lease" | "hub" | "over">,
): TournamentHost {
  const { client, post, services, catalogue, payloadOf, ratings, live, kick } = deps;
  return {
    ...(deps.lease ? { lease: deps.lease } : {}),
    scheduleEvent: deps.scheduleEvent,
    scheduledEventStatus: deps.scheduledEventStatus,
    announce: deps.announce,
    rerate: deps.rerate,
    ...(deps.hub ? { hub: deps.hub } : {}),
    ...(deps.over ? { over: deps.over } : {}),
    flagPrompt,
    async openThread(channelId, name) {
      const channel = await client.channels.fetch(channelId);
      if (!channel || channel.type !== ChannelType.GuildText) throw new Error(`channel ${channelId} cannot hold threads`);
      return (await channel.threads.create({ name: name.slice(0, 100), autoArchiveDuration: 1440, reason: "tournament table" })).id;
    },
    post: (channelId, payload) => post(channelId, payload),
    tables: (gameId) => {
      const s = services.get(gameId);
      if (!s) throw new Error(`no table game ${gameId}`);
      return s;
    },
    catalogue,
    tablePayload: (rec, note) => {
      const game = payloadOf(rec);
      if (!game) throw new Error(`no bot side for table game ${rec.game}`);
      return game.payload(rec, note);
    },
    closedTable: async (rec, by) => {
      const game = payloadOf(rec);
      if (!game) throw new Error(`no bot side for table game ${rec.game}`);
      return { ...(await closedPayload(game, rec, `<@${by}>`)), allowedMentions: { parse: [] } };
    },
    kick,
    ratings: (guildId, game) => ratings.shown(guildId, game),
    roundMessage,
    bracketMessage,
    finalMessages: (t) => finalMessages(catalogue, t),
    standingsMessage: (t) => standingsMessage(catalogue, t),
    tableResult: async (t, threadId) => {
      // Said under the game's last picture: wait (a little) until the finished table is shown.
      // A game an organiser closed (`end-table`, places given) had its closed picture posted
      // before its result was recorded (`closedTable`): nothing to wait for.
      for (const service of services.values()) {
        const rec = await service.get(threadId);
        if (rec?.status === "over" && !rec.closedBy) await live.shownAtLeast(threadId, [rec.updatedAt, rec.rev]);
      }
      return tableResult(t, threadId);
    },
  };
}

/** Live private panels (src/bot/panels.ts): every saved change of a table refreshes its players' open panels, for the games that keep them. */
function watchPanels(ctx: BotContext, games: readonly (TableGameView & { readonly service: AnyTables })[]): void {
  for (const g of games) {
    const kind = g.panels;
    if (kind) g.service.onWake((channelId) => refreshPanels(ctx, kind, channelId));
  }
}

/** An error's message, or the value itself in words. */
const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
