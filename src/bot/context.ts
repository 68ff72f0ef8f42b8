/** What every command and component handler receives. */
import type { Logger } from "./router";
import type { SolitaireService } from "./solitaire";
import type { TableService } from "./tables";

export interface BotContext {
  readonly tables: TableService;
  readonly solitaire: SolitaireService;
  readonly log: Logger;
  /**
   * Called after a reply that may have handed the turn to a computer player; the host
   * (src/app.ts) schedules its move. Never awaited by handlers.
   */
  readonly afterReply: (channelId: string) => void;
}
