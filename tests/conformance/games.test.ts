/**
 * Conformance of every game to the engine contract (src/engine/definition.ts), over every entry
 * of the games list (the catalogue of a test build with the fixture game "Race to 21" added): seeded playouts by the game's own
 * computers end; the state survives a JSON round trip after every action; replaying the seed
 * and the move log gives the same final state; a seat's view never holds another seat's hidden
 * cards nor the order of a face-down stock; every legal move offered is accepted; and every
 * refusal (another seat, a stale version, a move that is no move) is a value with a stable
 * `area/reason` code, never an exception.
 */
import { describe, expect, it } from "vitest";
import { applyAction, HOST_SEAT, type GameDefinition, type VersionedState } from "../../src/engine/definition.ts";
import { seedRng } from "../../src/engine/rng.ts";
import type { SeatPlay } from "../../src/games/catalogue.ts";
import { GAMES, gameSet } from "../../commands/index.ts";
import { RACE } from "../fixtures/race/bot.ts";

type AnyState = VersionedState & Record<string, unknown>;
type Def = GameDefinition<AnyState, unknown, unknown, unknown>;

/** What `viewer` must never see of a state: other seats' hands and face-down stocks (each a card list). */
type Secrets = (s: AnyState, viewer: number) => readonly (readonly unknown[])[];

const hands = (s: AnyState, viewer: number) => ((s.hands as unknown[][] | undefined) ?? []).filter((_, i) => i !== viewer);
/** Hidden cards by game id. Every game of the list must say what it hides. */
const SECRETS: Record<string, Secrets> = {
  onexeno: (s, v) => [...hands(s, v), s.stack as unknown[]],
  canasta: (s, v) => [...hands(s, v), s.stack as unknown[]],
  onze: (s, v) => [...hands(s, v), s.stock as unknown[]],
  cardeno: (s) => [s.pile as unknown[]],
  solitaire: (s) => [s.stock as unknown[]],
  race: (s, v) => [...hands(s, v), s.stock as unknown[]],
};

/** The tables each game is played out at (configurations small enough to end quickly). Every game of the list must have one. */
const PLAYOUTS: Record<string, readonly { readonly name: string; readonly config: unknown; readonly seats: number }[]> = {
  onexeno: [
    { name: "ONEXENO basic", config: { variant: "basic", hands: 1 }, seats: 3 },
    { name: "ONEXENO partners", config: { variant: "partners", hands: 1 }, seats: 4 },
  ],
  canasta: [{ name: "canasta", config: { target: 200 }, seats: 2 }],
  onze: [{ name: "Onze", config: {}, seats: 3 }],
  cardeno: [{ name: "Cardeno", config: { pace: 1, rounds: 1 }, seats: 3 }],
  solitaire: [{ name: "solitaire", config: { parentId: "c" }, seats: 1 }],
  race: [{ name: "Race to 21 (the fixture game)", config: {}, seats: 3 }],
};

const LIST = gameSet([...GAMES, RACE]).catalogue.games;

interface Entry {
  readonly name: string;
  readonly def: Def;
  readonly config: unknown;
  readonly seats: number;
  readonly play: SeatPlay<AnyState, unknown> | null;
}

const ENTRIES: Entry[] = [
  ...LIST.flatMap((g) =>
    (PLAYOUTS[g.id] ?? []).map((p) => ({
      ...p,
      def: g.definition as Def,
      play: g.seats as SeatPlay<AnyState, unknown>,
    })),
  ),
];

it("every game of the list is played out and says what it hides", () => {
  expect(LIST.map((g) => g.id)).toContain("race");
  expect(LIST.filter((g) => !PLAYOUTS[g.id] || !SECRETS[g.id]).map((g) => g.id)).toEqual([]);
});

/** Does some array in `view` hold exactly the cards of `secret` (as a multiset, two or more)? */
function holds(view: unknown, secret: readonly unknown[]): boolean {
  if (secret.length < 2) return false;
  const key = JSON.stringify([...secret].map((x) => JSON.stringify(x)).sort());
  const walk = (v: unknown): boolean => {
    if (Array.isArray(v)) {
      if (v.length === secret.length && JSON.stringify(v.map((x) => JSON.stringify(x)).sort()) === key) return true;
      return v.some(walk);
    }
    return v !== null && typeof v === "object" && Object.values(v).some(walk);
  };
  return walk(view);
}

const CODE = /^[a-z][a-z0-9-]*\/[a-z][a-z0-9_]*$/;

/** Plays a seeded game to its end with the game's computers (or the first legal move); the log of actions. */
function playout(e: Entry, seed: string, each: (s: AnyState, step: number, at: number) => void) {
  const setup = e.def.setup(e.config, e.seats, seed);
  if (!setup.ok) throw new Error(`${e.name}: ${setup.error.code}`);
  let s = setup.value;
  const log: { seat: number; move: unknown; at: number }[] = [];
  let now = 1_800_000_000_000;
  const levels = Array.from({ length: e.seats }, (_, i) => (i % 2 ? "easy" : "normal") as "easy" | "normal");
  const apply = (seat: number, move: unknown, at: number) => {
    const r = applyAction(e.def, s, { seat, move, version: s.version, at });
    if (!r.ok) throw new Error(`${e.name} ${seed}: seat ${seat} ${JSON.stringify(move)} refused: ${r.error.code}`);
    s = r.value;
    log.push({ seat, move, at });
    each(s, log.length, at);
  };
  while (e.def.outcome(s) === null) {
    if (log.length > 30_000) throw new Error(`${e.name} ${seed}: no end after ${log.length} actions`);
    const rt = e.play?.realtime;
    if (rt) {
      const a = rt.next(s, levels, seed, now);
      if (!a) now = rt.dueAt(s, levels, seed) ?? now + 1000;
      else apply(a.seat, a.move, a.at);
      continue;
    }
    const rng = seedRng(`${seed}:${s.version}`);
    for (const seat of e.def.actors(s)) {
      const out = e.play?.outOfTurnMove?.(s, seat, levels[seat]!, rng);
      if (out) apply(seat, out, now);
    }
    const seat = e.play?.turnOf?.(s) ?? e.def.actors(s)[0]!;
    // Without a computer (solitaire): the first legal move that is not resigning (a placement before a draw).
    const move = e.play?.computerMove
      ? e.play.computerMove(s, seat, levels[seat]!, rng)
      : e.def.legalMoves(s, seat).find((m) => (m as { kind: string }).kind !== "resign");
    apply(seat, move, now);
  }
  return { final: s, log };
}

describe.each(ENTRIES)("$name conforms to the engine contract", (e) => {
  it("declares what it hides", () => {
    expect(SECRETS[e.def.id], `add ${e.def.id} to SECRETS`).toBeDefined();
  });

  it("seeded playouts end; JSON round trips; the seed and move log replay to the same final state", () => {
    for (const seed of ["c1", "c2"]) {
      const { final, log } = playout(e, seed, (s) => expect(JSON.parse(JSON.stringify(s))).toEqual(s));
      expect(e.def.outcome(final)).not.toBeNull();
      let r = e.def.setup(e.config, e.seats, seed);
      for (const a of log) {
        if (!r.ok) break;
        r = applyAction(e.def, r.value, { seat: a.seat, move: a.move, version: r.value.version, at: a.at });
      }
      expect(r.ok).toBe(true);
      expect(r.ok && r.value).toEqual(final);
    }
  });

  it("views hide other seats' cards; every legal move offered is accepted; refusals are values with stable codes", () => {
    const secrets = SECRETS[e.def.id]!;
    let checked = 0;
    for (const seed of ["c3", "c4", "c5"])
      playout(e, seed, (s, step, at) => {
        if (step % 3 !== 0 || e.def.outcome(s) !== null) return;
        checked++;
        for (let v = 0; v < e.seats; v++) {
          const view = e.def.view(s, v);
          for (const secret of secrets(s, v))
            expect(holds(view, secret), `seat ${v} sees ${JSON.stringify(secret)} at step ${step}`).toBe(false);
        }
        for (const secret of secrets(s, -1)) expect(holds(e.def.view(s, null), secret)).toBe(false);
        const actors = e.def.actors(s);
        // People's moves, at the time the game stands at; the table's own timed steps (HOST_SEAT) follow the timetable the playouts test.
        for (const seat of actors.filter((a) => a !== HOST_SEAT)) {
          for (const move of e.def.legalMoves(s, seat).slice(0, 40)) {
            const r = applyAction(e.def, s, { seat, move, version: s.version, at });
            expect(r.ok || r.error.code, `${JSON.stringify(move)} by seat ${seat}`).toBe(true);
          }
        }
        const refusals: unknown[] = [];
        const idle = Array.from({ length: e.seats }, (_, i) => i).find((i) => !actors.includes(i));
        if (idle !== undefined)
          refusals.push(applyAction(e.def, s, { seat: idle, move: e.def.legalMoves(s, actors[0]!)[0], version: s.version }));
        refusals.push(applyAction(e.def, s, { seat: actors[0]!, move: e.def.legalMoves(s, actors[0]!)[0], version: s.version + 1 }));
        for (const junk of [{ kind: "no-such-move" }, {}, null, "draw", 7])
          refusals.push(applyAction(e.def, s, { seat: actors[0]!, move: junk, version: s.version, at: 1 }));
        for (const r of refusals as { ok: boolean; error?: { code: string; message: string } }[]) {
          expect(r.ok).toBe(false);
          expect(r.error!.code).toMatch(CODE);
          expect(r.error!.message.length).toBeGreaterThan(0);
        }
      });
    expect(checked).toBeGreaterThan(3);
  });
});

it("the hidden-card search finds a hand wherever a view would carry it (guards the check itself)", () => {
  expect(holds({ seats: [{ cards: [3, 1, 2] }] }, [1, 2, 3])).toBe(true);
  expect(holds({ hand: [1, 2], count: 3 }, [1, 2, 3])).toBe(false);
  expect(holds([[{ face: 1 }, { face: 2 }]], [{ face: 2 }, { face: 1 }])).toBe(true);
});
