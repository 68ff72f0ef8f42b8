/** The static list of slash commands and the component handler (no filesystem scanning). */
import type { BotContext } from "../src/bot/context";
import type { Command, ComponentHandler } from "../src/bot/router";
import { onexenoCommand } from "./onexeno";
import { onexenoComponents } from "./onexeno-components";
import { onzeCommand } from "./onze";
import { cardenoCommand } from "./cardeno";
import { ratingsCommand, statsCommand } from "./ratings";
import { tournamentCommand } from "./tournament";

export const commands: readonly Command<BotContext>[] = [
  onexenoCommand,
  onzeCommand,
  cardenoCommand,
  statsCommand,
  ratingsCommand,
  tournamentCommand,
];
export const components: ComponentHandler<BotContext> = onexenoComponents;
