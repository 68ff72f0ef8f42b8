/**
 * A tournament's life as pure transitions of its record (src/bot/tournament-record.ts): a new
 * event, sign-up, computers, check-in, the start, seating a round (src/tournament/rounds.ts), a
 * table's result, a challenge's results, withdrawals, the end; and the standings with the
 * scoring of `docs/rules/tournaments.md` (src/tournament/). Each takes the record as stored and
 * returns the next one, null when nothing changes, or throws the refusal (`UserError` with a
 * stable `tournament/…` code). The service (src/bot/tournaments.ts) runs them under the event's
 * lock, saves what they return, and does what touches the world (threads, tables, posts, timers).
 */
import type { ComputerLevel } from "../engine/definition.ts";
import type { GameCatalogue, RatedGameEntry } from "../games/catalogue.ts";
import { roundRobinRounds, seatRound, type SeatingRules } from "../tournament/rounds.ts";
import {
  bracketPlan,
  bracketState,
  largestTable,
  readyNodes,
  type BracketPlan,
  type BracketState,
  type PlayedNode,
} from "../tournament/bracket.ts";
import { DEFAULT_TIE_BREAKS, standings, type RoundResult, type Standing, type TableResult } from "../tournament/standings.ts";
import { seedRng, shuffle } from "../engine/rng.ts";
export { DEFAULT_TIE_BREAKS, parseTieBreaks, placementPoints, TIE_BREAKS, type TieBreak } from "../tournament/standings.ts";
import { LONGEST_LEAD_MS, parseStart } from "./schedule.ts";
import { UserError } from "./errors.ts";
import { refuse as refused, sayAt } from "./words.ts";
import type { Seat } from "./table-record.ts";
import {
  isElimination,
  MAX_ENTRANTS,
  type ChallengeResult,
  type Correction,
  type EventRequestFields,
  type Tournament,
  type TournamentRound,
  type TournamentTable,
} from "./tournament-record.ts";

/** The refusal of a tournament action: its reason's code (in src/bot/words.ts) and words. */
export function tournamentRefusal(code: string, message: string, params: Readonly<Record<string, string | number>> = {}): UserError {
  return new UserError(code, message, "error", params);
}

/**
 * The rated game an event plays. Its key was checked when the event was created, so a key that
 * names no game is a corrupt record: an Error (a bug report), never a refusal.
 */
export function gameOf(catalogue: GameCatalogue, t: Tournament): RatedGameEntry {
  const game = catalogue.ratedGame(t.game);
  if (!game) throw new Error(`tournament ${t.id} names no rated game: ${t.game}`);
  return game;
}

/** What an organiser asks for when creating an event (`/tournament create`). */
export interface EventRequest extends EventRequestFields {
  /** The recurring event's template it is an occurrence of. */
  readonly template?: string;
}

/**
 * A recurring event's request after `/tournament repeat-edit` (`rounds`, `checkIn` minutes; null:
 * kept): rounds set there replace a round robin's rounds left to its field (`roundsByField`).
 */
export function editedRequest<R extends Omit<EventRequestFields, "name" | "start">>(
  request: R,
  rounds: number | null,
  checkIn: number | null,
): R {
  const { roundsByField, ...rest } = request;
  return {
    ...rest,
    ...(rounds === null ? (roundsByField ? { roundsByField } : {}) : { rounds }),
    ...(checkIn !== null ? { checkInMinutes: checkIn } : {}),
  } as R;
}

/** Minutes of check-in before a scheduled start when the organiser chose none. */
export const SCHEDULED_CHECKIN_MINUTES = 15;
/** How long before a scheduled start the entrants are reminded, ms. */
export const REMINDER_MS = 10 * 60_000;

/** The most rounds an event has (`/tournament create rounds:` allows 1 to this many). */
export const MAX_ROUNDS = 20;

/** An event's check-in window in minutes: the organiser's, or for a scheduled event without one, `SCHEDULED_CHECKIN_MINUTES`. */
export const checkInWindow = (t: Tournament) =>
  t.checkInMinutes > 0 || t.startsAt === undefined ? t.checkInMinutes : SCHEDULED_CHECKIN_MINUTES;

/**
 * An event's timed steps at `now` (ms): which are due (the reminder 10 minutes before a scheduled
 * start; check-in opening before it; the start, when check-in closes; a challenge's window
 * closing), and when the next one not yet due is (undefined: none).
 */
export function timedSteps(
  t: Tournament,
  now: number,
): { remind: boolean; openCheckIn: boolean; begin: boolean; close: boolean; next?: number } {
  const at = {
    remind: t.startsAt !== undefined && !t.reminded && open(t) ? t.startsAt - REMINDER_MS : undefined,
    openCheckIn: t.startsAt !== undefined && t.status === "signup" ? t.startsAt - checkInWindow(t) * 60_000 : undefined,
    begin: t.status === "checkin" ? t.checkInDue : undefined,
    close: t.status === "running" ? t.challenge?.due : undefined,
  };
  const due = (x: number | undefined) => x !== undefined && x <= now;
  const later = Object.values(at).filter((x): x is number => x !== undefined && x > now);
  return {
    // A reminder after the start (the bot was down) would say "started 3 minutes ago": none then.
    remind: due(at.remind) && t.startsAt !== undefined && now < t.startsAt,
    openCheckIn: due(at.openCheckIn),
    begin: due(at.begin),
    close: due(at.close),
    ...(later.length ? { next: Math.min(...later) } : {}),
  };
}

/** The reminder of a scheduled event was posted; null once it was. */
export function withReminder(t: Tournament): Tournament | null {
  return t.reminded ? null : { ...t, reminded: true };
}

/** The event's Guild Scheduled Event was created (its id). */
export function withScheduledEvent(t: Tournament, scheduledEventId: string): Tournament {
  return { ...t, scheduledEventId };
}

/**
 * A new event in sign-up, id `id`, created at `now`. Refuses a challenge on a game that is not
 * a one-player game of the catalogue (and those outside a challenge), an unknown game, a table size the game does not
 * allow, fewer than 1 or more than 20 rounds, a fill level the game does not seat (`input/bad_level`).
 */
export function newEvent(catalogue: GameCatalogue, opts: EventRequest, id: string, now: number): Tournament {
  const startsAt = opts.start === undefined ? undefined : parseStart(opts.start, now);
  if (startsAt === null)
    throw tournamentRefusal(
      "tournament/bad_start",
      "Give the start as a Discord timestamp (`<t:1767290400:F>`), `in 2h`, or an ISO time like `2026-12-01T18:00Z`.",
    );
  if (startsAt !== undefined && (startsAt < now + 60_000 || startsAt > now + LONGEST_LEAD_MS))
    throw tournamentRefusal("tournament/bad_start", "The start must be at least a minute from now and within a year.", {
      context: "range",
    });
  const alone = catalogue.challengeGames();
  if ((opts.format === "challenge") !== alone.some((g) => g.key === opts.game))
    throw refused("tournament/bad_format", { context: opts.format === "challenge" ? "challenge" : "alone", game: opts.game });
  const levels = catalogue.levels(opts.game);
  if (opts.fillLevel && !levels.includes(opts.fillLevel)) throw refused("input/bad_level", { levels: levels.join(", ") });
  const base = {
    schema: 1 as const,
    id,
    guildId: opts.guildId,
    channelId: opts.channelId,
    name: opts.name.slice(0, 60),
    fill: opts.fill,
    ...(opts.fillLevel && opts.fillLevel !== "normal" ? { fillLevel: opts.fillLevel } : {}),
    checkInMinutes: opts.checkInMinutes,
    organiserId: opts.organiserId,
    ...(opts.rankComputers ? { rankComputers: true } : {}),
    ...(opts.locale ? { locale: opts.locale } : {}),
    ...(opts.tieBreaks?.length ? { tieBreaks: [...opts.tieBreaks] } : {}),
    ...(startsAt !== undefined ? { startsAt } : {}),
    status: "signup" as const,
    entrants: [],
    played: [],
    seed: id,
    rev: 1,
    createdAt: now,
    updatedAt: now,
  };
  if (opts.format === "challenge")
    return {
      ...base,
      game: opts.game,
      format: "challenge",
      rounds: 1,
      tableSize: 1,
      clock: null,
      autoNext: true,
      challenge: { minutes: opts.windowMinutes ?? 60, results: [] },
    };
  const game = catalogue.ratedGame(opts.game);
  if (!game) throw tournamentRefusal("tournament/bad_game", "Choose one of the listed games.");
  const counts = catalogue.seatCounts(game.key);
  const tableSize = opts.tableSize ?? (counts.includes(4) ? 4 : (counts[0] ?? 2));
  if (!counts.includes(tableSize)) throw refused("tournament/bad_size", { game: game.key, sizes: counts.join(", ") });
  if (isElimination(opts)) {
    // A bracket's later tables take the top halves of two tables: they must fit the game's largest.
    const kind = opts.format === "double-elimination" ? "double" : "single";
    const fits = (k: number) => largestTable(bracketPlan(kind, MAX_ENTRANTS, k)) <= Math.max(...counts);
    if (!fits(tableSize)) throw refused("tournament/bad_size_bracket", { game: game.key, sizes: counts.filter(fits).join(", ") });
  }
  if (opts.cut) {
    if (opts.format !== "swiss" && opts.format !== "round-robin") throw refused("tournament/bad_cut");
    const kind = opts.cut.format === "double-elimination" ? "double" : "single";
    if (largestTable(bracketPlan(kind, opts.cut.size, tableSize)) > Math.max(...counts))
      throw refused("tournament/bad_size_bracket", {
        game: game.key,
        sizes: counts.filter((k) => largestTable(bracketPlan(kind, opts.cut!.size, k)) <= Math.max(...counts)).join(", "),
      });
  }
  if (!Number.isInteger(opts.rounds) || opts.rounds < 1 || opts.rounds > MAX_ROUNDS)
    throw tournamentRefusal("tournament/bad_rounds", "An event has 1 to 20 rounds.");
  const cut = {
    ...(opts.cut ? { cut: { size: opts.cut.size, format: opts.cut.format } } : {}),
    ...(opts.template ? { template: opts.template } : {}),
  };
  return {
    ...base,
    game: game.key,
    format: opts.format,
    rounds: opts.rounds,
    ...(opts.format === "round-robin" && opts.roundsByField ? { roundsByField: true as const } : {}),
    tableSize,
    clock: opts.clock,
    autoNext: opts.autoNext,
    ...cut,
  };
}

const open = (t: Tournament) => t.status === "signup" || t.status === "checkin";

/**
 * A person signs up (sign-up or check-in: then they are checked in at once). In a running Swiss
 * event: a late entry until half the rounds have been played (each round they missed, the one
 * under way included, counts as a bye), or an entrant who dropped comes back (seated from the
 * next round; the rounds missed count 0). Refuses `tournament/closed` otherwise, and
 * `tournament/removed` for someone an organiser removed, unless an organiser signs them up
 * (`byOrganiser`).
 */
export function joined(t: Tournament, who: { readonly id: string; readonly name: string }, byOrganiser = false): Tournament {
  if (t.removed?.includes(who.id)) {
    if (!byOrganiser)
      throw tournamentRefusal("tournament/removed", "An organiser removed you from this event: ask one of them if you may come back.");
    return joined({ ...t, removed: t.removed.filter((x) => x !== who.id) }, who);
  }
  if (!open(t)) return lateJoined(t, who);
  if (t.entrants.some((e) => e.id === who.id && !e.dropped)) throw tournamentRefusal("tournament/already_in", "You are already signed up.");
  if (t.entrants.filter((e) => !e.dropped).length >= MAX_ENTRANTS) throw refused("tournament/full", { max: String(MAX_ENTRANTS) });
  const rest = t.entrants.filter((e) => e.id !== who.id);
  return { ...t, entrants: [...rest, { id: who.id, name: who.name, ...(t.status === "checkin" ? { checkedIn: true } : {}) }] };
}

/** Late entry and coming back in a running Swiss event (see `joined`). */
function lateJoined(t: Tournament, who: { readonly id: string; readonly name: string }): Tournament {
  if (t.status !== "running" || t.format !== "swiss")
    throw tournamentRefusal("tournament/closed", "Sign-up has closed: the event has started.");
  const known = t.entrants.find((e) => e.id === who.id);
  if (known && !known.dropped) throw tournamentRefusal("tournament/already_in", "You are already signed up.");
  if (known) return { ...t, entrants: t.entrants.map((e) => (e === known ? { ...e, dropped: false } : e)) };
  const done = t.played.filter((r) => r.tables.every((x) => x.result)).length;
  if (done * 2 >= t.rounds) throw tournamentRefusal("tournament/late_closed", "Late entry has closed: half the rounds have been played.");
  if (t.entrants.filter((e) => !e.dropped).length >= MAX_ENTRANTS) throw refused("tournament/full", { max: String(MAX_ENTRANTS) });
  return {
    ...t,
    entrants: [...t.entrants, { id: who.id, name: who.name, checkedIn: true }],
    played: t.played.map((r) => ({ ...r, byes: [...r.byes, who.id] })),
  };
}

/** A person comes off the list before the start. */
export function left(t: Tournament, userId: string): Tournament {
  if (!open(t))
    throw tournamentRefusal("tournament/started", "The event has started: use `/tournament drop` to withdraw.", { context: "drop" });
  if (!t.entrants.some((e) => e.id === userId)) throw tournamentRefusal("tournament/not_in", "You are not signed up.");
  return { ...t, entrants: t.entrants.filter((e) => e.id !== userId) };
}

/**
 * `count` computer entrants at `level` (before the start; never in a challenge), named with their
 * level unless it is `normal`. `levels`: those the event's game seats (`GameCatalogue.levels`);
 * another is refused (`input/bad_level`).
 */
export function withComputers(t: Tournament, count: number, level: ComputerLevel, levels: readonly ComputerLevel[]): Tournament {
  if (!open(t)) throw tournamentRefusal("tournament/started", "The event has started.");
  if (t.challenge) throw tournamentRefusal("tournament/no_computers", "A challenge is played by people: computers cannot play its deal.");
  if (!levels.includes(level)) throw refused("input/bad_level", { levels: levels.join(", ") });
  const entrants = [...t.entrants];
  for (let i = 0; i < count && entrants.length < MAX_ENTRANTS; i++) {
    let n = 1;
    while (entrants.some((e) => e.id === `cpu-${t.id}-${n}`)) n++;
    const name =
      level === "normal"
        ? sayAt(t, "tournament.computer_name", { n })
        : sayAt(t, "table.computer_name", { n, level: sayAt(t, `table.level_${level}`) });
    entrants.push({ id: `cpu-${t.id}-${n}`, name, computer: level, checkedIn: true });
  }
  return { ...t, entrants };
}

/** A person checks in while check-in is open; null when they had already. */
export function checkedIn(t: Tournament, userId: string): Tournament | null {
  if (t.status !== "checkin") throw tournamentRefusal("tournament/no_checkin", "Check-in is not open.");
  const e = t.entrants.find((x) => x.id === userId && !x.dropped);
  if (!e) throw tournamentRefusal("tournament/not_in", "You are not signed up.");
  if (e.checkedIn) return null;
  return { ...t, entrants: t.entrants.map((x) => (x === e ? { ...x, checkedIn: true } : x)) };
}

/** Check-in opens at `now` for the event's window (a scheduled event's closes at its start, even a past one); null unless it is in sign-up. */
export function checkInOpened(t: Tournament, now: number): Tournament | null {
  if (t.status !== "signup") return null;
  // A scheduled event's check-in closes at its start, even one already past (the bot was down): it begins at once.
  const due = t.startsAt !== undefined ? t.startsAt : now + checkInWindow(t) * 60_000;
  return { ...t, status: "checkin", checkInDue: due };
}

/**
 * The event runs from `now`: sign-up closes (those who did not check in are dropped); a
 * challenge's window opens. Refuses too few entrants for the game; null once it has begun.
 */
export function begun(catalogue: GameCatalogue, t: Tournament, now: number): Tournament | null {
  if (!open(t)) return null;
  const entrants = t.status === "checkin" ? t.entrants.map((e) => (e.checkedIn || e.computer ? e : { ...e, dropped: true })) : t.entrants;
  const { checkInDue: _due, ...base } = t;
  if (t.challenge) {
    if (!entrants.some((e) => !e.dropped)) throw tournamentRefusal("tournament/too_few", "Nobody has signed up.");
    return { ...base, entrants, status: "running", challenge: { ...t.challenge, opens: now, due: now + t.challenge.minutes * 60_000 } };
  }
  const min = Math.min(...catalogue.seatCounts(t.game));
  if (entrants.filter((e) => !e.dropped).length < min) throw refused("tournament/too_few", { context: "start", min: String(min) });
  return { ...base, entrants, status: "running" };
}

/**
 * The event's fixed order (`Tournament.order`): the entrants by `ratings` (higher first; shown
 * rating points) where given, those without one after them; ties and the unrated in the event
 * seed's shuffle.
 */
export function fixedOrder(t: Tournament, ratings: ReadonlyMap<string, number> = new Map()): string[] {
  const [shuffled] = shuffle(
    seedRng(`${t.seed}:order`),
    t.entrants.map((e) => e.id),
  );
  const at = new Map(shuffled.map((id, i) => [id, i]));
  const r = (id: string) => ratings.get(id) ?? -Infinity;
  return shuffled.slice().sort((a, b) => (r(b) === r(a) ? at.get(a)! - at.get(b)! : r(b) > r(a) ? 1 : -1));
}

/**
 * The event's seeds before its start, as round 1 will fix them (`Tournament.order`): `fixedOrder`
 * by `ratings`, then each seed swap of the organisers (`seedSwaps`) in turn.
 */
export function seedOrder(t: Tournament, ratings: ReadonlyMap<string, number> = new Map()): string[] {
  const order = fixedOrder(t, ratings);
  for (const [a, b] of t.seedSwaps ?? []) {
    const i = order.indexOf(a);
    const j = order.indexOf(b);
    if (i >= 0 && j >= 0) [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * Entrants `a` and `b` trade seeds (an organiser, before the start: docs/rules/tournaments.md,
 * "Seeds"). Refuses `tournament/seeds_late` once round 1 is seated (or the event is over or a
 * challenge, which has no seeds), `tournament/not_in_player` for someone not signed up, and
 * `tournament/seeds_same` for one person twice.
 */
export function seedsSwapped(t: Tournament, a: string, b: string): Tournament {
  if (t.challenge) throw refused("tournament/seeds_late", { context: "challenge" });
  if (t.order || (t.status !== "signup" && t.status !== "checkin")) throw refused("tournament/seeds_late");
  if (![a, b].every((p) => t.entrants.some((e) => e.id === p && !e.dropped))) throw refused("tournament/not_in_player");
  if (a === b) throw refused("tournament/seeds_same");
  return { ...t, seedSwaps: [...(t.seedSwaps ?? []), [a, b]] };
}

/**
 * The next round seated (by standing, the format's seating, byes and computer top-ups; see
 * src/tournament/rounds.ts), its tables without threads yet; null when no round is due
 * (not running, all rounds played, the last one still open, a challenge). Round 1 also fixes
 * the event's order (`fixedOrder`, by `ratings` where the game has them).
 */
export function seated(catalogue: GameCatalogue, t: Tournament, ratings?: ReadonlyMap<string, number>): Tournament | null {
  if (isElimination(t)) return seatedBracket(catalogue, t, ratings);
  const last = t.played.at(-1);
  if (t.status !== "running" || t.format === "challenge" || t.played.length >= t.rounds || last?.tables.some((x) => !x.result)) return null;
  const number = t.played.length + 1;
  const present = new Set(t.entrants.filter((e) => !e.dropped).map((e) => e.id));
  // Fixed from who is present when round 1 is seated: a no-show at check-in is not in it, so the
  // round-robin schedule does not keep an empty slot for them (docs/rules/tournaments.md, "Formats").
  const fixed = t.order ?? seedOrder(t, ratings).filter((p) => present.has(p));
  const table = eventStandings(t);
  // Round 1 has no standing yet: the fixed order seats it.
  const order = (t.played.length === 0 ? fixed : table.map((s) => s.id)).filter((p) => present.has(p));
  const rules = {
    format: t.format as "swiss" | "progressive" | "round-robin",
    tableSize: t.tableSize,
    counts: catalogue.seatCounts(t.game),
    fill: t.fill,
    partners: !!catalogue.ratedGame(t.game)?.partners,
    seed: t.seed,
    fixedOrder: fixed,
  };
  const plan = seatRound(rules, order, t.played, number, new Map(table.map((s) => [s.id, s.placement])));
  if (!plan.ok) throw tournamentRefusal(plan.error.code, plan.error.message);
  const round: TournamentRound = {
    number,
    tables: plan.value.tables.map((players) => ({ threadId: null, players })),
    byes: plan.value.byes,
  };
  return { ...t, order: fixed, played: [...t.played, round], rounds: roundsOf(t, rules, fixed) };
}

/**
 * The event's rounds once its field is fixed: a round robin left to its field (`roundsByField`)
 * plays the rounds everyone needs to meet everyone (`roundRobinRounds`, 1 to MAX_ROUNDS); any
 * other keeps `rounds`.
 */
function roundsOf(t: Tournament, rules: SeatingRules, fixed: readonly string[]): number {
  if (!t.roundsByField || t.played.length > 0) return t.rounds;
  const needed = roundRobinRounds(rules, fixed, MAX_ROUNDS);
  return needed.ok ? needed.value : t.rounds;
}

/** Whether `t`'s top cut is due: its first stage's rounds all played, the cut not made yet. */
export function cutDue(t: Tournament): boolean {
  const last = t.played.at(-1);
  return (
    t.status === "running" &&
    t.cut !== undefined &&
    t.cut.after === undefined &&
    !isElimination(t) &&
    t.played.length >= t.rounds &&
    !last?.tables.some((x) => !x.result)
  );
}

/**
 * `t` with its top cut made (`cutDue`): the best of the first stage's standings who are still in
 * (computer entrants too), as many as the cut takes, or the largest of 16, 8, 4 and 2 that
 * many present can fill, seeded in that order (so the top seeds meet last), the event going on
 * as the cut's bracket. Null when it is not due or fewer than two are present (the event ends).
 */
export function cutMade(t: Tournament): Tournament | null {
  if (!cutDue(t) || !t.cut) return null;
  const present = new Set(t.entrants.filter((e) => !e.dropped).map((e) => e.id));
  const ranked = eventStandings(t)
    .map((s) => s.id)
    .filter((id) => present.has(id));
  const size = [16, 8, 4, 2].find((n) => n <= t.cut!.size && n <= ranked.length);
  if (!size) return null;
  const from = t.format === "round-robin" ? "round-robin" : "swiss";
  return { ...t, format: t.cut.format, order: ranked.slice(0, size), cut: { ...t.cut, after: t.played.length, from } };
}

/** An elimination event's bracket: its shape for its seeds (`order`, fixed when round 1 is seated) and its state now; null before. */
export function bracketOf(t: Tournament): { readonly plan: BracketPlan; readonly state: BracketState } | null {
  if (!isElimination(t) || !t.order) return null;
  const plan = bracketPlan(t.format === "double-elimination" ? "double" : "single", t.order.length, t.tableSize);
  const played = new Map<string, PlayedNode>();
  for (const r of t.played) for (const x of r.tables) if (x.node) played.set(x.node, x);
  const gone = new Set(t.entrants.filter((e) => e.dropped).map((e) => e.id));
  return { plan, state: bracketState(plan, t.order, played, gone) };
}

/**
 * An elimination event's tables that can be seated now: every bracket node whose players are
 * all known (src/tournament/bracket.ts), each added to its column's round (made when its first
 * table is), topped up with fill computers to the game's nearest seat count. Round 1 fixes the
 * seeds (`order`: the entrants present, by `ratings`, else the seed) and the number of columns
 * (`rounds`, the reset grand final not counted). Null when nothing new can be seated.
 */
function seatedBracket(catalogue: GameCatalogue, t: Tournament, ratings?: ReadonlyMap<string, number>): Tournament | null {
  if (t.status !== "running") return null;
  const present = new Set(t.entrants.filter((e) => !e.dropped).map((e) => e.id));
  const seeds = t.order ?? seedOrder(t, ratings).filter((p) => present.has(p));
  const fixed: Tournament = { ...t, order: seeds };
  const { plan, state } = bracketOf(fixed)!;
  const ready = readyNodes(state);
  if (!ready.length) return null;
  const counts = [...catalogue.seatCounts(t.game)].sort((a, b) => a - b);
  const played = [...t.played];
  for (const node of ready) {
    const column = plan.nodes.find((n) => n.id === node.id)!.column;
    const size = counts.find((c) => c >= node.players.length) ?? node.players.length;
    const players = [...node.players, ...Array.from({ length: size - node.players.length }, (_, i) => `fill-${node.id}-${i + 1}`)];
    let at = played.findIndex((r) => r.label === column);
    if (at < 0) at = played.push({ number: played.length + 1, label: column, tables: [], byes: [] }) - 1;
    const round = played[at]!;
    played[at] = { ...round, tables: [...round.tables, { threadId: null, players, node: node.id }] };
  }
  return { ...fixed, rounds: plan.columns.filter((c) => c !== "GF2").length, played };
}

/**
 * A bracket column's name in the event's language: `Round 1`, `Semi-finals`, `Final` (single
 * elimination); `Winners' round 2`, `Winners' final`, `Losers' round 3`, `Losers' final`, `Grand
 * final` and its second game (double).
 */
export function columnName(t: Tournament, column: string): string {
  const bracket = bracketOf(t);
  const columns = bracket?.plan.columns ?? [];
  const n = Number(column.slice(1));
  const say = (key: string) => sayAt(t, `tournament.${key}`, { n });
  if (column === "GF") return say("col_grand_final");
  if (column === "GF2") return say("col_grand_final_reset");
  const last = (side: string) => columns.filter((c) => c.startsWith(side)).length;
  if (column.startsWith("L")) return n === last("L") ? say("col_losers_final") : say("col_losers");
  if (t.format === "double-elimination" && columns.includes("GF")) return n === last("W") ? say("col_winners_final") : say("col_winners");
  return n === last("W") ? say("col_final") : n === last("W") - 1 ? say("col_semi") : say("col_round");
}

/** A bracket node's name for people: its column's name, and `match j` where the column has more than one table. */
export function matchName(t: Tournament, node: string): string {
  const [column = node, j = "1"] = node.split("-");
  const many = (bracketOf(t)?.plan.nodes.filter((n) => n.column === column).length ?? 1) > 1;
  return many ? sayAt(t, "tournament.match_of", { column: columnName(t, column), n: j }) : columnName(t, column);
}

/**
 * Places typed for a table of `seats` seats, in seat order (`2 1 3 4`, `2,1,3,4`; ties share a
 * place and skip the next: `1 1 3 4`); null unless there is one per seat and they rank as places do.
 */
export function parsePlaces(text: string, seats: number): number[] | null {
  const places = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);
  if (places.length !== seats || places.some((p) => !Number.isInteger(p) || p < 1 || p > seats)) return null;
  return places.every((p) => p === 1 + places.filter((q) => q < p).length) ? places : null;
}

/**
 * The finished table in `threadId` with its places corrected to `places` (seat order) by
 * organiser `by` at `at` (ms) for `reason` (as typed; optional), the correction kept (`corrections`); standings and tie-breaks
 * follow from the results. Null when the places are the same. Refuses a table without a result,
 * places that do not rank, and in an elimination event a table whose players already sit at
 * their next table (the grand final's reset included) or any table once the event is over.
 */
export function withCorrection(t: Tournament, threadId: string, text: string, by: string, at: number, reason?: string): Tournament | null {
  const round = t.played.find((r) => r.tables.some((x) => x.threadId === threadId && x.result));
  const index = round?.tables.findIndex((x) => x.threadId === threadId) ?? -1;
  const table = round?.tables[index];
  if (!round || !table?.result) throw tournamentRefusal("tournament/no_result", "This table has no recorded result to correct.");
  const places = parsePlaces(text, table.result.players.length);
  if (!places)
    throw tournamentRefusal(
      "tournament/bad_places",
      "Give each seat's place in seat order, e.g. `2 1 3 4` (a tie shares a place: `1 1 3 4`).",
    );
  if (!table.void && places.every((p, i) => p === table.result!.places[i])) return null;
  const bracket = bracketOf(t);
  if (bracket && t.status !== "running")
    throw tournamentRefusal("tournament/correct_late", "The event is over: its bracket's results stand.", { context: "over" });
  if (bracket && table.node) {
    // The tables its players go on to; the grand final's is its reset (fed by the same tables).
    const next = bracket.plan.nodes
      .filter((n) => n.feeds.some((f) => "from" in f && f.from === table.node) || (table.node === "GF" && n.id === "GF2"))
      .map((n) => n.id);
    if (t.played.some((r) => r.tables.some((x) => x.node && next.includes(x.node))))
      throw tournamentRefusal("tournament/correct_late", "Its players already sit at their next table: the bracket has moved on.");
  }
  const correction: Correction = {
    kind: "result",
    round: round.number,
    table: index + 1,
    players: [...table.result.players],
    before: [...table.result.places],
    after: places,
    by,
    at,
    ...(reason ? { reason } : {}),
  };
  return {
    ...t,
    corrections: [...(t.corrections ?? []), correction],
    played: t.played.map((r) => (r !== round ? r : { ...r, tables: r.tables.map((x, j) => (j === index ? placed(x, places) : x)) })),
  };
}

/** A finished table with its places set (a voided one counts again). */
function placed(x: TournamentTable, places: readonly number[]): TournamentTable {
  const { void: _void, ...kept } = x;
  return { ...kept, result: { ...x.result!, places: [...places] } };
}

/**
 * Entrants `a` and `b` swap seats at their tables of the round being played, by organiser `by`
 * at `at` (ms); the service checks that neither table has a move yet. Refuses a challenge (no
 * tables), players not both seated at tables in play, seated at the same table, or at tables of
 * two rounds, which in an elimination event are two columns (a winners' table and a losers' one:
 * the swap would give an unbeaten player's seat to a once-beaten one): docs/rules/tournaments.md,
 * "Organisers' corrections".
 */
export function seatsSwapped(t: Tournament, a: string, b: string, by: string, at: number): Tournament {
  if (t.challenge)
    throw tournamentRefusal(
      "tournament/not_seated",
      "A challenge has no tables: each entrant plays the deal alone, so there are no seats to swap.",
      {
        context: "challenge",
      },
    );
  const open = tablesInPlay(t);
  const ta = open.find((x) => x.table.players.includes(a));
  const tb = open.find((x) => x.table.players.includes(b));
  if (!ta || !tb || a === b) throw tournamentRefusal("tournament/not_seated", "Both players must be seated at tables being played.");
  if (ta.table === tb.table) throw tournamentRefusal("tournament/same_table", "They play at the same table: pick players of two tables.");
  if (ta.round.number !== tb.round.number)
    throw tournamentRefusal(
      "tournament/swap_side",
      "They play in different rounds or on different sides of the bracket: a swap stays within one round and one side.",
    );
  const swap = (p: string) => (p === a ? b : p === b ? a : p);
  return {
    ...t,
    corrections: [...(t.corrections ?? []), { kind: "swap", round: ta.round.number, a, b, by, at }],
    played: t.played.map((r) => ({
      ...r,
      tables: r.tables.map((x) => (x === ta.table || x === tb.table ? { ...x, players: x.players.map(swap) } : x)),
    })),
  };
}

/** Table `i` of round `number` got its thread. */
export function withThread(t: Tournament, number: number, i: number, threadId: string): Tournament {
  return {
    ...t,
    played: t.played.map((r) => (r.number !== number ? r : { ...r, tables: r.tables.map((y, j) => (j === i ? { ...y, threadId } : y)) })),
  };
}

/**
 * The table in `threadId` got its result; null when it has one already or is not a table of the
 * current round (of an elimination event: of any column, its tables run side by side).
 */
export function withResult(t: Tournament, threadId: string, result: TableResult): Tournament | null {
  const round = isElimination(t) ? t.played.find((r) => r.tables.some((x) => x.threadId === threadId)) : t.played.at(-1);
  const at = round?.tables.findIndex((x) => x.threadId === threadId) ?? -1;
  if (!round || at < 0 || round.tables[at]?.result) return null;
  return {
    ...t,
    played: t.played.map((r) => (r !== round ? r : { ...r, tables: r.tables.map((x, j) => (j === at ? { ...x, result } : x)) })),
  };
}

/** An entrant's finished game of a running challenge (their first one counts); null when they have one. */
export function withChallengeResult(t: Tournament, result: ChallengeResult): Tournament | null {
  const c = t.challenge;
  if (!c || t.status !== "running" || c.results.some((r) => r.userId === result.userId)) return null;
  return { ...t, challenge: { ...c, results: [...c.results, result] } };
}

/** The thread of the game an entrant opened with **Play the deal**. */
export function withChallengeGame(t: Tournament, userId: string, threadId: string): Tournament {
  const c = t.challenge;
  if (!c) return t;
  return { ...t, challenge: { ...c, games: [...(c.games ?? []), { userId, threadId }] } };
}

/**
 * An entrant withdraws, or an organiser removes them (`removed`: kept in `Tournament.removed`, so
 * they cannot sign up again by themselves): off the list before the start, else dropped (not
 * seated again).
 */
export function dropped(t: Tournament, userId: string, removed = false): Tournament {
  const e = t.entrants.find((y) => y.id === userId && !y.dropped);
  if (!e) throw tournamentRefusal("tournament/not_in", "That player is not in the event.", { context: "player" });
  const marked = removed && !e.computer ? { removed: [...(t.removed ?? []).filter((x) => x !== userId), userId] } : {};
  if (open(t)) return { ...t, ...marked, entrants: t.entrants.filter((y) => y !== e) };
  return { ...t, ...marked, entrants: t.entrants.map((y) => (y === e ? { ...y, dropped: true } : y)) };
}

/** The event ends (null unless running). */
export function finished(t: Tournament): Tournament | null {
  return t.status === "running" ? { ...t, status: "over" } : null;
}

/** The event is cancelled (null once over or cancelled). */
export function cancelled(t: Tournament): Tournament | null {
  return t.status === "over" || t.status === "cancelled" ? null : { ...t, status: "cancelled" };
}

/**
 * The results of the rounds played so far, as scoring reads them: every seat of each finished
 * table, fill computers included (they count as seats for placement points; `standings` ranks
 * and credits entrants only).
 */
export function eventResults(t: Tournament): RoundResult[] {
  // A voided game scores as a bye for each of its players (docs/rules/tournaments.md, "Flagging a game").
  return t.played.map((r) => ({
    tables: r.tables.flatMap((x) => (x.result && !x.void ? [x.result] : [])),
    byes: [...r.byes, ...r.tables.flatMap((x) => (x.void ? x.players : []))],
  }));
}

/**
 * The standings as people read them: computer entrants keep their place in the list but are
 * ranked only when the organiser chose so (`rankComputers`); otherwise their rank is 0 and the
 * people are ranked among themselves (ties keep equal ranks), so the podium goes to people.
 */
export function shownStandings(t: Tournament): Standing[] {
  const all = eventStandings(t);
  if (t.rankComputers) return all;
  const computer = new Set(t.entrants.filter((e) => e.computer).map((e) => e.id));
  let n = 0;
  let lastRank = -1;
  let shown = 0;
  return all.map((s) => {
    if (computer.has(s.id)) return { ...s, rank: 0 };
    n++;
    if (s.rank !== lastRank) shown = n;
    lastRank = s.rank;
    return { ...s, rank: shown };
  });
}

/**
 * The standings now, best first (entrants in join order break the last ties). A progressive
 * event ranks by total game score first (docs/rules/tournaments.md, "Progressive"). A challenge
 * ranks by score, then the earlier finish; its `placement` is the score, `gamePoints` the
 * square, `opponents` the moves; entrants without a finished game come last.
 */
export function eventStandings(t: Tournament): Standing[] {
  if (t.challenge) {
    const done = t.challenge.results.slice().sort((a, b) => b.score - a.score || a.at - b.at);
    const rows: Standing[] = done.map((r, i) => ({
      id: r.userId,
      rank: i + 1,
      placement: r.score,
      gamePoints: r.square,
      opponents: r.moves,
      headToHead: 0,
      games: 1,
      byes: 0,
      tieBreaks: [],
    }));
    for (const e of t.entrants)
      if (!e.dropped && !done.some((r) => r.userId === e.id))
        rows.push({
          id: e.id,
          rank: done.length + 1,
          placement: 0,
          gamePoints: 0,
          opponents: 0,
          headToHead: 0,
          games: 0,
          byes: 0,
          tieBreaks: [],
        });
    return rows;
  }
  const table = standings(
    t.entrants.map((e) => e.id),
    eventResults(t),
    (t.tableSize - 1) / 2,
    t.format === "progressive" ? "score" : "placement",
    t.tieBreaks ?? DEFAULT_TIE_BREAKS,
  );
  // An elimination event ranks by the bracket: the final's order, then how late each went out.
  const bracket = bracketOf(t);
  if (!bracket) return table;
  const rank = new Map(bracket.state.ranking.map((r) => [r.id, r.rank]));
  let last = bracket.state.ranking.length + 1;
  const at = new Map(bracket.state.ranking.map((r, i) => [r.id, i]));
  // A two-stage event: who missed the cut ranks after the bracket, in the first stage's order.
  if (t.cut?.after !== undefined) {
    const first = standings(
      t.entrants.map((e) => e.id),
      eventResults(t).slice(0, t.cut.after),
      (t.tableSize - 1) / 2,
      "placement",
      t.tieBreaks ?? DEFAULT_TIE_BREAKS,
    );
    for (const s of first) {
      if (rank.has(s.id)) continue;
      at.set(s.id, last - 1);
      rank.set(s.id, last++);
    }
  }
  return table
    .map((s) => ({ ...s, rank: rank.get(s.id) ?? last }))
    .sort((a, b) => a.rank - b.rank || (at.get(a.id) ?? last) - (at.get(b.id) ?? last));
}

/** The tables being played (or about to be): of an elimination event, every table of any column without a result (they run side by side); else the last round's. */
export function tablesInPlay(t: Tournament): { round: TournamentRound; table: TournamentRound["tables"][number]; index: number }[] {
  const rounds = isElimination(t) ? t.played : t.played.slice(-1);
  return rounds.flatMap((round) => round.tables.flatMap((table, index) => (table.result ? [] : [{ round, table, index }])));
}

/**
 * The seats of a round's table, in order: an entrant plays as themselves; a computer entrant as
 * itself; a withdrawn entrant's seat is a computer playing under their name marked "(left)"
 * (their result still counts for them, `leftBy`); a `fill-…` seat is a fill computer, at the
 * event's `fillLevel` (named with it unless normal).
 */
export function tableSeats(t: Tournament, players: readonly string[]): Seat[] {
  const names = new Map(t.entrants.map((e) => [e.id, e]));
  return players.map((p) => {
    const e = names.get(p);
    if (!e) {
      const n = p.split("-").at(-1) ?? "";
      const level = t.fillLevel ?? "normal";
      const name =
        level === "normal"
          ? sayAt(t, "tournament.fill_seat", { n })
          : sayAt(t, "tournament.fill_seat_level", { n, level: sayAt(t, `table.level_${level}`) });
      return { userId: p, name, computer: level };
    }
    return e.computer || e.dropped
      ? {
          userId: e.computer ? e.id : `cpu-${e.id}`,
          name: e.computer ? e.name : `${e.name} (left)`,
          computer: e.computer ?? "normal",
          ...(e.computer ? {} : { leftBy: e.id }),
        }
      : { userId: e.id, name: e.name };
  });
}
