/**
 * Turn clocks: the setting chosen at `new … clock:<…>`, the clock of the turn under way, and
 * the words and controls every game's table shows for them. Pure: the host passes the time in
 * (milliseconds since the epoch); nothing here reads a clock.
 *
 * - **Live** clocks are seconds long (default 120 s); the player is mentioned 30 s before the
 *   end.
 * - **Correspondence** clocks are hours long (`12h`, `24h`); the player is mentioned when the
 *   turn begins and once more 1 h before the end.
 * - When a clock runs out the computer makes that turn's move; after two timeouts in a row the
 *   seat is marked away and the computer plays it until the player comes back.
 */
import { ButtonBuilder, ButtonStyle } from "discord.js";
import { encodeId } from "./customid.ts";
import type { Locale } from "../i18n/index.ts";
import { inputError, sayAt } from "./words.ts";
import { wordOn } from "../surfaces/traits.ts";

/** A table's clock setting; `null` on the record means no clock. */
export interface ClockSetting {
  /** Length of one turn, ms. */
  readonly turnMs: number;
  /** Hours-long clocks (correspondence play): a mention at each turn's start. */
  readonly correspondence: boolean;
}

/** The clock of the turn under way (stored with the table, so it survives a restart). */
export interface TurnClock {
  /** The seat whose turn it is. */
  readonly seat: number;
  /** The table revision at which this turn began (the message of that revision mentions the player). */
  readonly since: number;
  /** When the turn runs out, ms since the epoch; null when no clock runs (clock off, or a computer's seat). */
  readonly due: number | null;
  /** When the player is warned, ms since the epoch (null: no warning). */
  readonly warnAt: number | null;
  /** Whether the warning has been given (it is given at most once a turn). */
  readonly warned: boolean;
}

/** Default live clock, ms. */
export const DEFAULT_CLOCK: ClockSetting = { turnMs: 120_000, correspondence: false };
/** A lobby closes after this long without a change, ms. */
export const LOBBY_IDLE_MS = 30 * 60_000;
/** Timeouts in a row after which a seat is marked away. */
export const AWAY_AFTER = 2;

const LIVE_MIN_S = 20;
const LIVE_MAX_S = 3600;
const HOURS_MAX = 168;

/** How long before the end the player is warned, ms: 30 s (live) or 1 h (correspondence), at most half the turn. */
export function warnBeforeMs(clock: ClockSetting): number {
  return Math.min(clock.correspondence ? 3_600_000 : 30_000, Math.floor(clock.turnMs / 2));
}

/**
 * Reads a `clock:` option: `off`; seconds (`90`, `90s`) or minutes (`5m`) for a live clock,
 * 20 s to 60 min; hours (`12h`, `24h`) for correspondence play, 1 to 168 h.
 * Throws `UserError` `input/bad_clock` for anything else.
 */
export function parseClock(text: string): ClockSetting | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, "");
  if (t === "off" || t === "0") return null;
  const m = /^(\d{1,4})(s|sec|m|min|h|hours?)?$/.exec(t);
  // What was typed, shown back as inline code (a backtick would end it early).
  const typed = text.trim().replaceAll("\u0060", "'").slice(0, 40);
  const bad = () => inputError("input/bad_clock", { text: typed, min: LIVE_MIN_S, max: LIVE_MAX_S, hours: HOURS_MAX });
  if (!m) throw bad();
  const n = Number(m[1]);
  const unit = m[2] ?? "s";
  if (unit.startsWith("h")) {
    if (n < 1 || n > HOURS_MAX) throw bad();
    return { turnMs: n * 3_600_000, correspondence: true };
  }
  const seconds = unit.startsWith("m") ? n * 60 : n;
  if (seconds < LIVE_MIN_S || seconds > LIVE_MAX_S) throw bad();
  return { turnMs: seconds * 1000, correspondence: false };
}

/** A clock setting in words: `off`, `120 s`, `5 min`, `24 h`. */
export function clockName(clock: ClockSetting | null | undefined): string {
  if (!clock) return "off";
  if (clock.correspondence) return `${Math.round(clock.turnMs / 3_600_000)} h`;
  const s = Math.round(clock.turnMs / 1000);
  return s % 60 === 0 && s >= 300 ? `${s / 60} min` : `${s} s`;
}

/** The usual `clock:` settings offered while typing (the text `parseClock` reads; their words: `clock.choice_<value>` in the locale files). */
export const CLOCK_VALUES: readonly string[] = ["120", "60", "300", "12h", "24h", "off"];

/**
 * The turn clock after a change: the same clock while the same turn goes on (a game with
 * several moves a turn says so through `continues`), a fresh one when a new turn begins.
 * `auto` says the seat is played by the computer (a computer player, or a person marked
 * away): its clock does not run. Inputs: `prev` the clock before the change (or null),
 * `seat` the seat to move now, `rev` the new table revision, `now` ms since the epoch, `grace`
 * ms added to a fresh clock (a tournament player's first turn: `EVENT_GRACE_MS`).
 */
export function nextTurnClock(
  clock: ClockSetting | null | undefined,
  prev: TurnClock | null | undefined,
  seat: number,
  sameTurn: boolean,
  auto: boolean,
  rev: number,
  now: number,
  grace = 0,
): TurnClock {
  const fresh = (since: number): TurnClock => {
    if (!clock || auto) return { seat, since, due: null, warnAt: null, warned: false };
    const due = now + clock.turnMs + grace;
    return { seat, since, due, warnAt: due - warnBeforeMs(clock), warned: false };
  };
  if (!prev || prev.seat !== seat || !sameTurn) return fresh(rev);
  if (auto) return { ...prev, due: null, warnAt: null };
  if (prev.due === null) return fresh(prev.since); // the player came back during their turn
  return prev;
}

/**
 * Extra time on a tournament player's first turn of a game, ms: the round is seated for everyone
 * at once, and a player needs a moment to see the mention and open their table's thread.
 */
export const EVENT_GRACE_MS = 60_000;

/** The next moment a turn clock needs the host (warning or timeout), or null. */
export function clockWake(tc: TurnClock | null | undefined): number | null {
  if (!tc || tc.due === null) return null;
  return !tc.warned && tc.warnAt !== null ? tc.warnAt : tc.due;
}

/** Discord's relative timestamp markup for a moment (ms), e.g. `<t:1700000000:R>`. https://discord.com/developers/docs/reference#message-formatting */
export function relativeTime(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}

/** The time of day a clock runs out, in UTC (for pictures, which cannot show relative time): `14:05 UTC`. */
export function clockTimeUtc(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")} UTC`;
}

/** The seat fields the clock words read. */
interface ClockSeat {
  readonly userId: string;
  readonly name: string;
  readonly away?: boolean;
  readonly computer?: string;
}

/** The record fields the clock words read. */
interface ClockedRecord {
  readonly status: "lobby" | "playing" | "over";
  readonly seats: readonly ClockSeat[];
  readonly clock?: ClockSetting | null;
  readonly turnClock?: TurnClock | null;
  readonly rev: number;
  /** The table's language (its public words); absent: English. */
  readonly locale?: Locale | undefined;
  /** Null in a DM or group DM (its clocks are claimed by a click: src/surfaces/answers/chains.ts); absent: a server's. */
  readonly guildId?: string | null;
}

/**
 * The lines a running table adds under its message: whose clock runs and when it runs out
 * (`<t:…:R>`), and who is away. Empty when there is nothing to say.
 */
export function clockLines(rec: ClockedRecord): string {
  if (rec.status !== "playing") return "";
  const lines: string[] = [];
  const tc = rec.turnClock;
  // In a DM nothing happens by itself when it runs out: the next click claims it (src/surfaces/answers/chains.ts).
  if (tc && tc.due !== null)
    lines.push(
      sayAt(rec, wordOn(rec, "table.clock_runs"), {
        ...{ name: rec.seats[tc.seat]?.name ?? "?", length: clockName(rec.clock) },
        when: relativeTime(tc.due),
      }),
    );
  const away = rec.seats.filter((s) => s.away);
  if (away.length) lines.push(sayAt(rec, "table.away_line", { names: away.map((s) => s.name).join(", ") }));
  return lines.join("\n");
}

/** Whether this revision of the table began the turn (its message mentions the player; later ones do not). */
export function turnBegins(rec: ClockedRecord): boolean {
  return rec.turnClock?.since === rec.rev;
}

/** Names for pictures: away seats marked `(away)` in the table's language. */
export function seatNames(rec: { readonly seats: readonly ClockSeat[]; readonly locale?: Locale | undefined }): string[] {
  return rec.seats.map((s) => (s.away ? sayAt(rec, "table.away_mark", { name: s.name }) : s.name));
}

/** The picture's clock label for the seat to move, e.g. `until 14:05 UTC` (drawn after a clock face), or undefined. */
export function clockLabel(rec: ClockedRecord): string | undefined {
  const due = rec.status === "playing" ? rec.turnClock?.due : null;
  return due ? sayAt(rec, "table.clock_until", { time: clockTimeUtc(due) }) : undefined;
}

/**
 * The clock's buttons of a running table: **I'm back** when a seat is away (its customId carries
 * no revision: it stays valid). Claim the turn, a DM's, is its surface's (src/surfaces/buttons.ts).
 */
export function clockButtons(rec: ClockedRecord): ButtonBuilder[] {
  if (rec.status !== "playing") return [];
  const out: ButtonBuilder[] = [];
  if (rec.seats.some((s) => s.away))
    out.push(new ButtonBuilder().setCustomId(encodeId("back", 0)).setLabel(sayAt(rec, "table.btn_back")).setStyle(ButtonStyle.Success));
  return out;
}
