/**
 * The front door of every button and select menu: each feature (the table buttons every game
 * shares, tournaments, history, replays) and each game claims its customId verbs
 * (src/bot/customid.ts), and one handler routes a click to the verb's owner. A verb claimed twice,
 * or one that is not 2 to 12 lowercase letters, is refused when the bot starts (an Error: a
 * programming mistake); a click whose verb nobody claims is refused as `component/unknown`.
 */
import type { MessageComponentInteraction } from "discord.js";
import type { BotContext, TableGameView } from "../src/bot/context.ts";
import type { ComponentId } from "../src/bot/customid.ts";
import type { ComponentHandler } from "../src/bot/router.ts";
import { refuse } from "../src/bot/words.ts";

/** One owner's verbs and its handler of them. */
export interface ComponentClaim {
  /** Who claims them (a game's id, a feature's name), for the start-up error. */
  readonly owner: string;
  readonly verbs: Iterable<string>;
  handle(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void>;
}

/** A customId verb as src/bot/customid.ts builds them. */
const VERB = /^[a-z]{2,12}$/;

/** A table game's claim: the verbs of its own messages, handled by its `component` (none without one). */
export function gameClaim(view: TableGameView): ComponentClaim {
  return {
    owner: view.id,
    verbs: view.component ? (view.verbs ?? []) : [],
    handle: (interaction, id, ctx) => view.component!(interaction, id, ctx),
  };
}

/**
 * The one component handler of a bot, routing by `claims`. Throws an Error when a verb is
 * claimed twice or is not a customId verb.
 */
export function componentDoor(claims: readonly ComponentClaim[]): ComponentHandler<BotContext> {
  const byVerb = new Map<string, ComponentClaim>();
  for (const claim of claims)
    for (const verb of claim.verbs) {
      if (!VERB.test(verb)) throw new Error(`${claim.owner}: component verb ${verb} is not 2 to 12 lowercase letters`);
      const had = byVerb.get(verb);
      if (had) throw new Error(`component verb ${verb} is claimed by ${had.owner} and ${claim.owner}`);
      byVerb.set(verb, claim);
    }
  return {
    async handle(interaction, id, ctx) {
      const owner = byVerb.get(id.verb);
      if (!owner) throw refuse("component/unknown");
      await owner.handle(interaction, id, ctx);
    },
  };
}
