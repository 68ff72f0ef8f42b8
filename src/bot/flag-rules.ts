/**
 * Flagging a tournament game for its organisers, pure (docs/rules/tournaments.md, "Flagging a
 * game"): a person seated at one of a running event's tables flags it (one open flag a table);
 * they may withdraw it until an organiser answers; an organiser answers by voiding the game,
 * ordering it dealt again, correcting its places, or letting it play on. The answers' changes to
 * the event's results are here too (`voided`, `replayOrdered`, `ruledResult`), each kept as a
 * correction (with the organiser's reason) for the export and the audit line.
 * The table itself (its pause, its new deal) is changed by src/bot/tournaments.ts.
 */
import {
  isElimination,
  type Correction,
  type FlagAnswer,
  type TableFlag,
  type Tournament,
  type TournamentTable,
} from "./tournament-record.ts";
import { parsePlaces } from "./tournament-rules.ts";
import { refuse } from "./words.ts";

/** Where a table is in its event: its round's number, its index in the round, and the table. */
interface TableAt {
  readonly round: number;
  readonly index: number;
  readonly table: TournamentTable;
}

/** The event's table in `threadId`, or undefined. */
export function tableAt(t: Tournament, threadId: string): TableAt | undefined {
  for (const r of t.played) {
    const index = r.tables.findIndex((x) => x.threadId === threadId);
    if (index >= 0) return { round: r.number, index, table: r.tables[index]! };
  }
  return undefined;
}

/** The open flag of the table in `threadId`, if any. */
export function openFlag(t: Tournament, threadId: string): TableFlag | undefined {
  return t.flags?.find((f) => f.threadId === threadId && f.status === "open");
}

/** The flag whose private thread is `deskId`, if any. */
export function flagOfDesk(t: Tournament, deskId: string): TableFlag | undefined {
  return t.flags?.find((f) => f.deskId === deskId);
}

/**
 * Entrant `by` flags the table in `threadId` at `at` (ms), with their `reason` if they gave one.
 * Refuses `flag/not_table` (not a table of this event, or the event is not running),
 * `flag/not_player` (they do not sit at it) and `flag/open` (it is flagged already: the
 * params name that flag's thread). An open flag that never got its thread is withdrawn by the new one.
 */
export function flagged(t: Tournament, threadId: string, by: string, at: number, reason?: string): Tournament {
  const where = tableAt(t, threadId);
  if (!where || t.status !== "running") throw refuse("flag/not_table");
  if (!where.table.players.includes(by)) throw refuse("flag/not_player");
  // An open flag without its thread was cut short (the bot stopped half-way): a new one replaces it.
  const open = openFlag(t, threadId);
  if (open?.deskId) throw refuse("flag/open", { thread: `<#${open.deskId}>` });
  const flag: TableFlag = {
    n: (t.flags?.length ?? 0) + 1,
    threadId,
    round: where.round,
    table: where.index + 1,
    by,
    at,
    ...(reason ? { reason: reason.slice(0, 300) } : {}),
    status: "open",
  };
  const flags = (t.flags ?? []).map((f) => (f === open ? { ...f, status: "withdrawn" as const } : f));
  return { ...t, flags: [...flags, flag] };
}

/** Flag `n` with `fn` applied (unchanged when there is no such flag). */
function withFlag(t: Tournament, n: number, fn: (f: TableFlag) => TableFlag): Tournament {
  return { ...t, flags: (t.flags ?? []).map((f) => (f.n === n ? fn(f) : f)) };
}

/** Flag `n` got its private thread `deskId`, and whether its table's clock was paused for it. */
export function withDesk(t: Tournament, n: number, deskId: string, paused: boolean): Tournament {
  return withFlag(t, n, (f) => ({ ...f, deskId, paused }));
}

/** The flag `n`, open; refuses `flag/closed` (answered or withdrawn, `context` which) and `flag/none`. */
export function mustBeOpen(t: Tournament, n: number): TableFlag {
  const flag = t.flags?.find((f) => f.n === n);
  if (!flag) throw refuse("flag/none");
  if (flag.status !== "open") throw refuse("flag/closed", flag.status === "withdrawn" ? { context: "withdrawn" } : {});
  return flag;
}

/** Player `by` withdraws flag `n`: refuses `flag/not_yours` (someone else raised it) and a closed flag. */
export function flagWithdrawn(t: Tournament, n: number, by: string): Tournament {
  const flag = mustBeOpen(t, n);
  if (flag.by !== by) throw refuse("flag/not_yours");
  return withFlag(t, n, (f) => ({ ...f, status: "withdrawn" }));
}

/** Organiser `by` answers flag `n` with `kind` at `at` (ms); refuses a closed flag. */
export function flagAnswered(t: Tournament, n: number, kind: FlagAnswer, by: string, at: number): Tournament {
  mustBeOpen(t, n);
  return withFlag(t, n, (f) => ({ ...f, status: "answered", answer: { kind, by, at } }));
}

/** The table in `threadId` with `fn` applied to it. */
function withTable(t: Tournament, at: TableAt, fn: (x: TournamentTable) => TournamentTable): Tournament {
  return {
    ...t,
    played: t.played.map((r) => (r.number !== at.round ? r : { ...r, tables: r.tables.map((x, j) => (j === at.index ? fn(x) : x)) })),
  };
}

/** The table of a flag's answer: one of the event's, refused (`flag/not_table`) otherwise. */
function mustFind(t: Tournament, threadId: string): TableAt {
  const where = tableAt(t, threadId);
  if (!where) throw refuse("flag/not_table");
  return where;
}

/**
 * The game in `threadId` voided by organiser `by` at `at` (ms), for `reason`: it scores as a bye
 * for each of its players (`eventResults`), whether it was being played or over. Refuses
 * `flag/void_bracket` in an elimination event (a match must send someone on: order a replay, or
 * correct its places).
 */
export function voided(t: Tournament, threadId: string, by: string, at: number, reason?: string): Tournament {
  if (isElimination(t)) throw refuse("flag/void_bracket");
  const where = mustFind(t, threadId);
  const players = where.table.players;
  const after = withTable(t, where, (x) => ({
    ...x,
    void: true,
    result: { players: [...players], places: players.map(() => 1), points: players.map(() => 0) },
  }));
  return { ...after, corrections: [...(t.corrections ?? []), tableChange("void", where, by, at, reason)] };
}

/** The correction that keeps a flag's void or replay of the table at `where`, by `by` at `at` (ms), for `reason`. */
function tableChange(kind: "void" | "replay", where: TableAt, by: string, at: number, reason?: string): Correction {
  return { kind, round: where.round, table: where.index + 1, players: [...where.table.players], by, at, ...(reason ? { reason } : {}) };
}

/**
 * The game in `threadId` ordered dealt again by organiser `by` at `at` (ms), for `reason`: the
 * table and its players stay, the game in play is abandoned unrecorded. Refuses
 * `flag/replay_over` for a game already recorded (correct or void it instead).
 */
export function replayOrdered(t: Tournament, threadId: string, by: string, at: number, reason?: string): Tournament {
  const where = mustFind(t, threadId);
  if (where.table.result) throw refuse("flag/replay_over");
  return { ...t, corrections: [...(t.corrections ?? []), tableChange("replay", where, by, at, reason)] };
}

/**
 * The game being played in `threadId` ended by organiser `by` at `at` (ms) with the places typed
 * (`text`, seat order: `parsePlaces`) for `reason`: its result recorded as given (no game
 * points), the correction kept with no places before. Refuses `tournament/bad_places`, and
 * `tournament/no_table` for a table with a result already (`withCorrection` corrects those).
 */
export function ruledResult(t: Tournament, threadId: string, text: string, by: string, at: number, reason?: string): Tournament {
  const where = mustFind(t, threadId);
  if (where.table.result) throw refuse("tournament/no_table", { context: "round" });
  const players = where.table.players;
  const places = parsePlaces(text, players.length);
  if (!places) throw refuse("tournament/bad_places");
  const after = withTable(t, where, (x) => ({ ...x, result: { players: [...players], places, points: players.map(() => 0) } }));
  const c = {
    kind: "result" as const,
    round: where.round,
    table: where.index + 1,
    players: [...players],
    before: [],
    after: places,
    by,
    at,
    ...(reason ? { reason } : {}),
  };
  return { ...after, corrections: [...(t.corrections ?? []), c] };
}
