/** What every command and component handler receives. */
import type { BaseMessageOptions } from "discord.js";
import type { RatingService } from "./ratings";
import type { Logger } from "./router";
import type { TournamentService } from "./tournaments";
import type { SolitaireService } from "./solitaire";
import type { AnyTables, CanastaTables, OnexenoTables } from "./tables";
import type { ChannelBudget } from "./budget";
import type { Coalescer } from "./coalesce";

export interface BotContext {
  readonly tables: OnexenoTables;
  readonly canasta: CanastaTables;
  /** Every table game's service, by game id (the games of `src/games/index.ts`). */
  readonly games: ReadonlyMap<string, AnyTables>;
  readonly solitaire: SolitaireService;
  /** Ratings per server and game (updated when a game between people ends). */
  readonly ratings: RatingService;
  /** Community tournaments. */
  readonly tournaments: TournamentService;
  readonly log: Logger;
  /**
   * Called after a reply that may have handed the turn to a computer player; the host
   * (src/app.ts) schedules its move. Never awaited by handlers.
   */
  readonly afterReply: (channelId: string) => void;
  /**
   * Posts a public message in a channel; when Discord refuses, the channel's current table is
   * posted again later (`Publisher`). Never throws.
   */
  readonly post: (channelId: string, payload: BaseMessageOptions) => Promise<void>;
  /**
   * Edits the channel's live table message in place (src/bot/live.ts `editLive`); false when
   * there is none or the edit failed (post a new one then).
   */
  readonly editLive: (channelId: string, payload: BaseMessageOptions) => Promise<boolean>;
  /** Paces edits of fast-changing messages (real-time tables, private panels) to Discord's rate limits. */
  readonly coalescer: Coalescer;
  /** Each channel's budget of message creates and edits (5 per 5 s): real-time tables take from it before every write. */
  readonly budget: ChannelBudget;
}
