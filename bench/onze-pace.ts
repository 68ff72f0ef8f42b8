/**
 * How long a whole Onze game of one person and three computers takes at a person's pace, through
 * the real table service (src/bot/tables.ts: its holds, its computer moves) on a simulated clock.
 * The person plays as the normal computer would, taking `PERSON_MS` for each action of their own
 * turn; when a computer passes over a discard the person could buy, they answer `ANSWER_MS`
 * later: with **Buy** when they want the card, else with **No thanks** (`answers: true`), or not
 * at all, so that the computer's hold (8 s) runs out (`answers: false`, the table before No
 * thanks). Computers move as soon as nothing holds them. Used by `npm run stats:onze`.
 */
import { TableService } from "../src/bot/tables.ts";
import { onzeGame } from "../src/games/onze/table-game.ts";
import { onzeView, type OnzeMove, type OnzeState } from "../src/games/onze/game.ts";
import { onzeWantsOutOfTurn } from "../src/games/onze/computer.ts";
import { seedRng } from "../src/engine/rng.ts";
import { openStore } from "../src/store/store.ts";

/** A person's time for one action of their own turn, ms. */
export const PERSON_MS = 2_000;
/** A person's time to answer a sale (Buy or No thanks), ms. */
export const ANSWER_MS = 1_500;
/** The computers' hold on a sale, ms (the bot's default, `HOLD_MS`). */
export const HOLD_MS = 8_000;

/** One game's pace: simulated minutes, moves, sales the person answered, holds that ran out. */
export interface Pace {
  readonly minutes: number;
  readonly moves: number;
  readonly answered: number;
  readonly holdsRanOut: number;
  readonly rounds: number;
}

/** Plays one whole game (seed `seed`); see the module comment. */
export async function personPace(seed: string, answers: boolean): Promise<Pace> {
  let now = 1_000_000;
  const store = await openStore<never>("memory://", `pace-${seed}-${answers}-${Math.random()}`);
  const service = new TableService(store, onzeGame.definition, { now: () => now, newSeed: () => seed, holdMs: HOLD_MS }, onzeGame.seats);
  const CH = "pace";
  const ME = "person";
  await service.open(CH, null, { userId: ME, name: "Person" }, {});
  for (let i = 0; i < 3; i++) await service.addComputer(CH, ME, i === 0 ? "normal" : "easy");
  await service.start(CH, ME);
  let answered = 0;
  let holdsRanOut = 0;
  /** The sale the person has answered (round, seat and pile sizes at the draw), so each is answered once. */
  let answeredSale = "";
  for (let step = 0; step < 20_000; step++) {
    const rec = (await service.get(CH))!;
    if (rec.status !== "playing" || !rec.state) break;
    const s: OnzeState = rec.state;
    const me = rec.seats.findIndex((x) => x.userId === ME);
    if (s.turn === me) {
      now += PERSON_MS;
      const move = onzeGame.seats.computerMove!(s, me, "normal", seedRng(`${seed}:${s.version}`));
      await service.play(CH, ME, move);
      continue;
    }
    // A sale the person could answer: the discard the active computer passed over.
    const sale = s.forSale !== null && s.discardedBy !== me && !s.claims.includes(me) && !(s.declines ?? []).includes(me);
    const saleId = `${s.round}:${s.turn}:${s.discard.length}:${s.stock.length}`;
    if (answers && sale && answeredSale !== saleId && rec.hold) {
      answeredSale = saleId;
      now += ANSWER_MS;
      answered++;
      const wants = onzeWantsOutOfTurn(onzeView(s, me), "normal");
      const move: OnzeMove = wants ? { kind: "claim" } : { kind: "decline" };
      await service.play(CH, ME, move);
      continue;
    }
    if (await service.autoMove(CH)) continue;
    // Nothing moved: a hold is running; time passes until it runs out.
    if (rec.hold && now < rec.hold) {
      now = rec.hold;
      holdsRanOut++;
      continue;
    }
    throw new Error(`onze pace ${seed}: stuck at step ${step}`);
  }
  const end = (await service.get(CH))!;
  const state = end.state as OnzeState;
  return { minutes: (now - 1_000_000) / 60_000, moves: end.moves.length, answered, holdsRanOut, rounds: state.results.length };
}
