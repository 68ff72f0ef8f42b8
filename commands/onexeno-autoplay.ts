/**
 * The ONEXENO basic/partners computer step for the generic autoplay (src/bot/autoplay.ts):
 * the computer chooses from its own player view only, and moves through the table service.
 */
import type { BotContext } from "../src/bot/context";
import { seatedComputerStep, type ComputerStep } from "../src/bot/autoplay";
import { chooseComputerMove } from "../src/games/onexeno/computer";
import { onexenoView } from "../src/games/onexeno/game";
import { moveNote } from "./onexeno";
import { tablePayload } from "./onexeno-view";

/** Applies the seated computer's move when it is its turn; the new table, or null. */
export function onexenoComputerStep(ctx: () => BotContext): ComputerStep {
  return seatedComputerStep(
    () => ctx().tables,
    (rec, seat, level, rng) => chooseComputerMove(onexenoView(rec.state as NonNullable<typeof rec.state>, seat), level, rng),
    (before, after) => tablePayload(after, moveNote(before, after)),
  );
}
