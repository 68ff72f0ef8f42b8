/**
 * Shapes the stand-in keeps and serves: a subset of Discord API v10 objects
 * (https://discord.com/developers/docs/resources/message, .../interactions/receiving-and-responding).
 */

/** A user of the stand-in's guild. */
export interface StandinUser {
  readonly id: string;
  readonly username: string;
  readonly globalName: string;
  /** Permission bitfield as a decimal string (e.g. Manage Messages = 8192). */
  readonly permissions: string;
  /** The language of the user's Discord client (a Discord locale code; `en-US` when unset). */
  locale?: string;
}

/** A guild text channel or a public thread. */
export interface StandinChannel {
  readonly id: string;
  readonly name: string;
  /** 0 guild text, 11 public thread, 12 private thread (seen only by its members: `DiscordStandin.threadMembers`). */
  readonly type: 0 | 11 | 12;
  readonly parentId: string | null;
  /** The guild it belongs to (default: the stand-in's first guild). */
  readonly guildId?: string;
}

/**
 * A private channel: a group DM (type 3) of its `recipients`, or a DM (type 1) of one user with
 * another. The bot is not in it: an app reaches it only through a user install, by answering
 * interactions (https://discord.com/developers/docs/tutorials/developing-a-user-installable-app).
 */
export interface StandinPrivateChannel {
  readonly id: string;
  readonly name: string;
  readonly type: 1 | 3;
  readonly recipients: readonly string[];
}

/** A guild of the stand-in. */
export interface StandinGuild {
  readonly id: string;
  readonly name: string;
  /** The community's language, sent as `guild_locale` and `preferred_locale` (`en-US` when unset). */
  locale?: string;
}

/** An attachment as the API returns it, with the stored bytes kept aside. */
export interface ApiAttachment {
  id: string;
  filename: string;
  description?: string;
  content_type: string;
  size: number;
  url: string;
  proxy_url: string;
  width?: number;
  height?: number;
  ephemeral?: boolean;
}

/** A message as the API returns it, plus `visibleTo` for ephemeral ones (stand-in only). */
export interface ApiMessage {
  id: string;
  channel_id: string;
  guild_id?: string;
  author: Record<string, unknown>;
  content: string;
  timestamp: string;
  edited_timestamp: string | null;
  tts: false;
  mention_everyone: false;
  mentions: unknown[];
  mention_roles: unknown[];
  attachments: ApiAttachment[];
  embeds: Record<string, unknown>[];
  components: Record<string, unknown>[];
  pinned: false;
  type: number;
  flags: number;
  webhook_id?: string;
  application_id?: string;
  interaction_metadata?: Record<string, unknown>;
  /** Stand-in only: the one user who can see an ephemeral message. */
  visibleTo?: string;
  /** Stand-in only: the label of the button or menu whose interaction this message answers (the page names it). */
  clicked?: string;
}

/** An option of a chat-input interaction, as sent in `data.options`. */
export interface ApiOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  focused?: boolean;
  options?: ApiOption[];
}

/** What the bot answered to one interaction. */
export interface InteractionRecord {
  readonly id: string;
  readonly token: string;
  readonly userId: string;
  readonly channelId: string;
  readonly sentAt: number;
  /** When Discord created it (its snowflake's time, ms): the 3 s clock starts here. */
  readonly createdAt: number;
  /** The stand-in's clock (`DiscordStandin.now`, ms) when it was created: its token's 15 minutes start here. */
  readonly tokenStart: number;
  /**
   * Who authorised the app for it, as `authorizing_integration_owners` says: `"0"` the guild (a
   * guild install), `"1"` the user (a user install). Without `"0"` the app may send at most 5
   * follow-ups to it (40094 past that).
   */
  readonly owners: Readonly<Record<string, string>>;
  /** Set when 3 s passed with no answer: Discord shows "This interaction failed". */
  expired: boolean;
  /** Requests of the bot for this interaction that the stand-in refused (status and code). */
  readonly refusals: { status: number; code: number; message: string }[];
  /** For slash commands: `name sub` as typed. */
  readonly commandPath?: string;
  /** For components: the clicked button's label, or the menu's placeholder (stand-in only, for the page). */
  readonly componentLabel?: string;
  /** Callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete). */
  callbackType: number | null;
  /** ms from dispatch to the callback (Discord fails the interaction after 3000). */
  ackMs: number | null;
  /** The original response message (created, or the updated component message). */
  original: ApiMessage | null;
  followups: ApiMessage[];
  choices: { name: string; value: string | number }[] | null;
}
