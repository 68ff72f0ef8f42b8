/**
 * The ONEXENO basic/partners computer step for the generic autoplay (src/bot/autoplay.ts):
 * the computer chooses from its own player view only, and moves through the table service.
 */
import type { BotContext } from "../src/bot/context";
import type { ComputerStep } from "../src/bot/autoplay";
import { seedRng } from "../src/engine/rng";
import { chooseComputerMove } from "../src/games/onexeno/computer";
import { onexenoView } from "../src/games/onexeno/game";
import { moveNote } from "./onexeno";
import { tablePayload } from "./onexeno-view";

/** Applies the seated computer's move when it is its turn; the new table, or null. */
export function onexenoComputerStep(ctx: () => BotContext): ComputerStep {
  return async (channelId) => {
    const c = ctx();
    const rec = await c.tables.get(channelId);
    if (!rec?.state || rec.status !== "playing") return null;
    const seat = rec.seats[rec.state.turn];
    if (!seat?.computer) return null;
    const move = chooseComputerMove(onexenoView(rec.state, rec.state.turn), seat.computer, seedRng(`${rec.seed}:${rec.state.version}`));
    const after = await c.tables.play(channelId, seat.userId, move, rec.rev);
    return tablePayload(after, moveNote(rec, after));
  };
}
