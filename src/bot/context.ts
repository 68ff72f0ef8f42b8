/** What every command and component handler receives. */
import type { Logger } from "./router";
import type { TableService } from "./tables";

export interface BotContext {
  readonly tables: TableService;
  readonly log: Logger;
}
