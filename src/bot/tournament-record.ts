/**
 * A tournament's stored record (plain, versioned JSON, one per event): its format, entrants,
 * rounds with each table's thread, seats and result, and a challenge's window and results.
 */
import type { BaseMessageOptions } from "discord.js";
import type { ComputerLevel } from "../engine/definition.ts";
import type { GameCatalogue } from "../games/catalogue.ts";
import type { AnyTable, AnyTables } from "./tables.ts";
import type { TableResult, TieBreak } from "../tournament/standings.ts";
import type { ClockSetting } from "./clock.ts";
import type { Locale } from "../i18n/index.ts";

/**
 * How rounds are seated (see src/tournament/seating.ts); an elimination bracket, single or
 * double (src/tournament/bracket.ts: a table is seated as soon as its players are known); or
 * `challenge`: everyone plays the same deal of a one-player game within a time
 * window; best score, then earliest finish, wins.
 */
export type TournamentFormat = "swiss" | "progressive" | "round-robin" | "single-elimination" | "double-elimination" | "challenge";
export const TOURNAMENT_FORMATS: readonly TournamentFormat[] = [
  "swiss",
  "progressive",
  "round-robin",
  "single-elimination",
  "double-elimination",
  "challenge",
];

/** Whether an event's format is an elimination bracket. */
export const isElimination = (t: { readonly format: TournamentFormat }) =>
  t.format === "single-elimination" || t.format === "double-elimination";

/** An entrant's counted game in a challenge: their first finished game of the deal in the window. */
export interface ChallengeResult {
  readonly userId: string;
  readonly score: number;
  readonly square: number;
  readonly moves: number;
  /** When it finished (ms). */
  readonly at: number;
}

/** A challenge's window (ms since the epoch) and results. */
export interface Challenge {
  readonly minutes: number;
  readonly opens?: number;
  readonly due?: number;
  readonly results: readonly ChallengeResult[];
  /** The game each entrant opened with **Play the deal**: its thread (one per entrant). */
  readonly games?: readonly { readonly userId: string; readonly threadId: string }[];
}

/** An entrant: a person (their user id) or a computer player the organiser added. */
export interface Entrant {
  readonly id: string;
  readonly name: string;
  readonly computer?: ComputerLevel;
  readonly checkedIn?: boolean;
  /** Withdrawn or removed: seated no more (a game under way goes on with a computer in the seat). */
  readonly dropped?: boolean;
}

/** One table of a round: its thread (null until opened), its seats (entrant ids, and `fill-…` computers) and result. */
export interface TournamentTable {
  readonly threadId: string | null;
  /** An elimination event's bracket node (`W2-1`, `L3-2`, `GF`; src/tournament/bracket.ts). */
  readonly node?: string;
  readonly players: readonly string[];
  readonly result?: TableResult;
  /**
   * An organiser voided its game (a flag's answer): it scores as a bye for each of its players
   * (`eventResults`); its `result` holds every seat tied, with no game points.
   */
  readonly void?: true;
}

/**
 * A round: its tables and byes. In an elimination event, a column of the bracket (`label`:
 * `W1`, `L2`, `GF`), its tables added one by one as their players become known.
 */
export interface TournamentRound {
  readonly number: number;
  readonly label?: string;
  readonly tables: readonly TournamentTable[];
  readonly byes: readonly string[];
}

/**
 * An organiser's change after the fact, kept for the export and said in the event's channel:
 * a table's places corrected (`/tournament correct`; seat order, before and after; `before`
 * empty when the game was still being played), two entrants' seats swapped before their round's
 * first move (`/tournament swap`), or a flagged game voided or dealt again (`void`, `replay`:
 * docs/rules/tournaments.md, "Flagging a game"). `reason` is the organiser's, as typed.
 */
export type Correction =
  | {
      readonly kind: "result";
      readonly round: number;
      readonly table: number;
      readonly players: readonly string[];
      readonly before: readonly number[];
      readonly after: readonly number[];
      readonly by: string;
      readonly at: number;
      readonly reason?: string;
    }
  | { readonly kind: "swap"; readonly round: number; readonly a: string; readonly b: string; readonly by: string; readonly at: number }
  | {
      readonly kind: "void" | "replay";
      readonly round: number;
      readonly table: number;
      readonly players: readonly string[];
      readonly by: string;
      readonly at: number;
      readonly reason?: string;
    };

/** An organiser's answer to a flag: the game voided, dealt again, its places corrected, or played on as it was. */
export type FlagAnswer = "void" | "replay" | "correct" | "resume";

/**
 * A player's flag on one of the event's tables (docs/rules/tournaments.md, "Flagging a game"):
 * open until an organiser answers it or its player withdraws it. Its desk is the private thread
 * of the organisers and the table's players.
 */
export interface TableFlag {
  /** 1, 2, … within the event. */
  readonly n: number;
  /** The table's thread. */
  readonly threadId: string;
  readonly round: number;
  /** The table's number in its round (1-based). */
  readonly table: number;
  /** The player who flagged it, and when (ms). */
  readonly by: string;
  readonly at: number;
  /** Why, in the player's words (`/tournament flag reason:`), if they gave one. */
  readonly reason?: string;
  /** The private thread, once opened. */
  readonly deskId?: string;
  /** Whether the table's clock was paused for it (a game being played, not in real time). */
  readonly paused?: boolean;
  readonly status: "open" | "withdrawn" | "answered";
  readonly answer?: { readonly kind: FlagAnswer; readonly by: string; readonly at: number };
}

/** The sizes a top cut may take. */
export const CUT_SIZES = [4, 8, 16] as const;

/** A two-stage event's top cut (`Tournament.cut`). */
export interface TopCut {
  readonly size: (typeof CUT_SIZES)[number];
  readonly format: "single-elimination" | "double-elimination";
  readonly after?: number;
  readonly from?: "swiss" | "round-robin";
}

/** One event (plain, versioned JSON). */
export interface Tournament {
  readonly schema: 1;
  readonly id: string;
  readonly guildId: string | null;
  /** The channel of the announcement, round announcements and the table threads. */
  readonly channelId: string;
  readonly name: string;
  /** The language of its public messages and pictures, fixed at creation (as a table's); absent: English. */
  readonly locale?: Locale;
  /** A `RATED_GAMES` key. */
  readonly game: string;
  readonly format: TournamentFormat;
  readonly rounds: number;
  /**
   * A round robin created without `rounds:`: its rounds are those its field needs for everyone to
   * meet everyone (src/tournament/rounds.ts `roundRobinRounds`), set in `rounds` when round 1 is
   * seated. Absent: `rounds` as the organiser set it.
   */
  readonly roundsByField?: true;
  readonly tableSize: number;
  readonly clock: ClockSetting | null;
  /** A table that cannot be filled: top it up with computers, or give the extra players byes. */
  readonly fill: "computer" | "bye";
  /** How well those computers play (`fill: computer`), when not `normal`. */
  readonly fillLevel?: ComputerLevel;
  readonly checkInMinutes: number;
  /** When check-in closes (ms), while it is open. */
  readonly checkInDue?: number;
  /**
   * A scheduled start (ms since the epoch, `/tournament create start:`): check-in opens before it,
   * the entrants are reminded 10 minutes before, and round 1 is seated at it, by itself.
   */
  readonly startsAt?: number;
  /** The Guild Scheduled Event that shows a scheduled event in the server's events (its id), kept in step with it. */
  readonly scheduledEventId?: string;
  /** The entrants of a scheduled event were reminded of its start. */
  readonly reminded?: boolean;
  /** Whether the next round is seated as soon as a round ends (else `/tournament next`). */
  readonly autoNext: boolean;
  /** Whether computer entrants are ranked and may take the podium (absent: the podium and prizes go to people). */
  readonly rankComputers?: boolean;
  /** The tie-breaks after placement points, in order, chosen at creation (absent: `DEFAULT_TIE_BREAKS`). */
  readonly tieBreaks?: readonly TieBreak[];
  /**
   * The event's fixed order of entrants, set when round 1 is seated: by rating where the game
   * has ratings (unrated players after, in the seed's order), else by the event's seed. Round
   * robin turns it (the circle method). An elimination event's are its seeds: the entrants
   * present at the start only, first seed first.
   */
  readonly order?: readonly string[];
  /**
   * Seeds two entrants traded before the start (`/tournament seeds player: with:`), oldest first:
   * applied in turn to the order by rating when round 1 fixes `order` (`seedOrder`).
   */
  readonly seedSwaps?: readonly (readonly [string, string])[];
  readonly organiserId: string;
  readonly status: "signup" | "checkin" | "running" | "over" | "cancelled";
  readonly entrants: readonly Entrant[];
  readonly played: readonly TournamentRound[];
  /**
   * A two-stage event's top cut: after the first stage's rounds (Swiss or round robin), its best
   * `size` go on to a bracket of `format`, seeded from the first stage's standings. Once made,
   * `after` is the number of first-stage rounds and `from` the first stage's format (the event's
   * `format` is then the bracket's; its `order` the cut's seeds).
   */
  readonly cut?: TopCut;
  /** The event's hub: the one message in its channel kept current as it runs (commands/tournament/hub.ts). */
  readonly hub?: { readonly channelId: string; readonly messageId: string };
  /** The recurring event's template this event is an occurrence of (`EventTemplate.id`). */
  readonly template?: string;
  /** The challenge format's window and results. */
  readonly challenge?: Challenge;
  /** Flags raised on its tables, oldest first. */
  readonly flags?: readonly TableFlag[];
  /** Organisers' corrections, oldest first. */
  readonly corrections?: readonly Correction[];
  /** People an organiser removed (`/tournament remove`): they cannot sign up again by themselves. */
  readonly removed?: readonly string[];
  readonly seed: string;
  readonly rev: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** How often a recurring event comes back, days: the choices of `/tournament create every:`. */
export const REPEAT_DAYS = [1, 7, 14] as const;

/**
 * A recurring event's template (`/tournament create … start: every:`): what each occurrence is
 * created from, and when the next one starts. Each occurrence is a scheduled event of its own;
 * the next is created when the newest one starts (or is cancelled), unless the template was
 * stopped. Kept in the tournaments' store under `template:<id>`.
 */
export interface EventTemplate {
  readonly schema: 1;
  readonly kind: "template";
  readonly id: string;
  readonly guildId: string | null;
  readonly channelId: string;
  readonly organiserId: string;
  readonly name: string;
  /** Every option of the event but its name, its start and its template (as the organiser gave them, edits applied). */
  readonly request: Omit<EventRequestFields, "name" | "start">;
  readonly everyDays: (typeof REPEAT_DAYS)[number];
  /** The newest occurrence's start, ms. */
  readonly next: number;
  /** The occurrences' event ids, oldest first. */
  readonly occurrences: readonly string[];
  readonly stopped?: boolean;
  readonly createdAt: number;
}

/** The fields of an event request a template keeps (`EventRequest` in src/bot/tournament-rules.ts, mirrored here to keep the record module free of the rules). */
export interface EventRequestFields {
  readonly guildId: string | null;
  readonly channelId: string;
  readonly organiserId: string;
  readonly name: string;
  readonly game: string;
  readonly format: TournamentFormat;
  readonly rounds: number;
  /** A round robin's rounds left to its field (`Tournament.roundsByField`); `rounds` is then not read. */
  readonly roundsByField?: true;
  readonly tableSize: number | null;
  readonly clock: ClockSetting | null;
  readonly fill: "computer" | "bye";
  /** How well the computers that fill short tables play (`/tournament create fill-level:`); absent: normal. */
  readonly fillLevel?: ComputerLevel;
  readonly checkInMinutes: number;
  readonly autoNext: boolean;
  readonly rankComputers?: boolean;
  readonly windowMinutes?: number;
  readonly locale?: Locale;
  readonly tieBreaks?: readonly TieBreak[];
  readonly start?: string;
  readonly cut?: Pick<TopCut, "size" | "format">;
}

/** Most entrants an event takes. */
export const MAX_ENTRANTS = 128;

/** What the service needs from the bot: threads, posts and the table games. */
export interface TournamentHost {
  /**
   * Whether this process may act on guild `guild` now by itself (its claim in the shared store):
   * an event's timed steps run only in the guild's holder. Absent: always.
   */
  lease?(guild: string): Promise<boolean>;
  /** Opens a public thread under `channelId` named `name`; its id. */
  openThread(channelId: string, name: string): Promise<string>;
  /**
   * Creates the Guild Scheduled Event of a scheduled event (external, in the event's channel,
   * from `startsAt`); its id, or null when Discord refused it (the bot lacks Create Events).
   */
  scheduleEvent(t: Tournament): Promise<string | null>;
  /**
   * Rates the server's games of the event's rated game again, every corrected table of the
   * server's events with its places as corrected last (src/bot/rerate.ts); never throws (logged).
   */
  rerate(t: Tournament): Promise<void>;
  /** Moves an event's Guild Scheduled Event to `status` (`SCHEDULED_EVENT_STATUS`); never throws. */
  scheduledEventStatus(t: Tournament, status: number): Promise<void>;
  /** After the event ended (its podium posted): what follows from it elsewhere (a season's rank role); never throws. */
  over?(t: Tournament): void;
  /** Shows the event's hub as it stands now (posted the first time, edited after); never throws. Absent: no hub. */
  hub?(t: Tournament): void;
  /** Posted in a table's thread just above its first picture: the players' **Flag for the organisers** button. Absent: none. */
  flagPrompt?(t: Tournament): BaseMessageOptions;
  /** Posts the event's announcement with `note` as its live one (the one before loses its buttons); never throws. */
  announce(t: Tournament, note: string): Promise<void>;
  /** Posts a public message (retries by itself, never throws). */
  post(channelId: string, payload: BaseMessageOptions): Promise<void>;
  /** The games the bot runs: the rated games events play, their seat counts and results. */
  readonly catalogue: GameCatalogue;
  /** The table service of a table game. */
  tables(gameId: string): AnyTables;
  /** The public table message of a table, with a note above it. */
  tablePayload(rec: AnyTable, note: string): Promise<BaseMessageOptions>;
  /**
   * The table message of a table organiser `by` (a user id) ended before its end (`end-table`,
   * places given): its last picture, who closed it and the scores as they stood, and no buttons
   * (a tournament's table has no Play again: src/bot/confirm.ts). Posted in its thread, it
   * becomes the live table message and the one before, with its moves' buttons, is tidied
   * (commands/closed.ts `closedPayload`).
   */
  closedTable(rec: AnyTable, by: string): Promise<BaseMessageOptions>;
  /** A computer may be to move at this table now. */
  kick(channelId: string): void;
  /** The shown ratings of a guild's players in a rated game (user id to rating points); empty when none. */
  ratings(guildId: string | null, game: string): Promise<ReadonlyMap<string, number>>;
  /** The round announcement, standings and podium messages of an event. */
  roundMessage(t: Tournament, round: TournamentRound): Promise<BaseMessageOptions>;
  finalMessages(t: Tournament): Promise<BaseMessageOptions[]>;
  /** The standings as they stand (their picture), posted between rounds. */
  standingsMessage(t: Tournament): Promise<BaseMessageOptions>;
  /** An elimination event's bracket picture, with the column (`W2`, `L3`) just completed named above it. */
  bracketMessage(t: Tournament, column: string): Promise<BaseMessageOptions>;
  /** Said in a table's thread once its result is recorded: the places, and the way back to the event. */
  tableResult(t: Tournament, threadId: string): Promise<BaseMessageOptions>;
}
