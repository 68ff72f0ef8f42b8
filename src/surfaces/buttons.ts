/**
 * The buttons a table message gets from the surface it is shown on, not from its game (issue 64):
 * **Claim the turn** on the answer chain (in a DM or group DM a clock that ran out acts only
 * inside the next click, src/surfaces/answers/chains.ts), and **Open live table** while this process serves
 * the live table (src/surfaces/live-table/button.ts). `tableMessage` (src/bot/table-payload.ts) adds them to
 * every game's table message, so no game's rows name a surface.
 */
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type BaseMessageOptions,
  ButtonBuilder,
  ButtonStyle,
  ComponentType,
} from "discord.js";
import type { Locale } from "../i18n/index.ts";
import { surfaceOf } from "./traits.ts";
import { rowJson } from "../bot/components-v2.ts";
import { encodeId } from "../bot/customid.ts";
import { liveButtons } from "./live-table/button.ts";
import { sayAt } from "../bot/words.ts";

/** What the surface buttons read of a table (fields every table record has; absent: a table without them). */
export interface SurfaceShown {
  readonly status: "lobby" | "playing" | "over";
  readonly rev: number;
  readonly locale?: Locale | undefined;
  readonly guildId?: string | null;
  readonly turnClock?: { readonly due: number | null } | null;
}

/** Buttons a Discord action row holds at most. */
const ROW_MAX = 5;
/** Action rows a classic message holds at most (and this layout keeps to in its container). */
const ROWS_MAX = 5;

/**
 * The surface's buttons for table `rec`: Claim the turn while a turn clock runs at a table on the
 * answer chain, then Open live table while it is served (nothing before the deal or after the end).
 */
export function surfaceButtons(rec: SurfaceShown): ButtonBuilder[] {
  if (rec.status !== "playing") return [];
  const claim =
    rec.guildId !== undefined && surfaceOf({ guildId: rec.guildId }) === "answers" && rec.turnClock && rec.turnClock.due !== null
      ? [
          new ButtonBuilder()
            .setCustomId(encodeId("claim", rec.rev))
            .setLabel(sayAt(rec, "table.btn_claim"))
            .setStyle(ButtonStyle.Secondary),
        ]
      : [];
  return [...claim, ...liveButtons(rec)];
}

/**
 * `payload` (a classic message: its action rows) with `buttons` added to its last row of buttons
 * that has room, else on a row of their own; what does not fit Discord's 5 rows of 5 is left out.
 */
export function withButtons(payload: BaseMessageOptions, buttons: readonly ButtonBuilder[]): BaseMessageOptions {
  if (!buttons.length) return payload;
  const rows: APIActionRowComponent<APIComponentInMessageActionRow>[] = (payload.components ?? []).map((r) => structuredClone(rowJson(r)));
  const left = buttons.map((b) => b.toJSON());
  const last = rows.at(-1);
  if (last && last.components.every((c) => c.type === ComponentType.Button))
    last.components.push(...left.splice(0, ROW_MAX - last.components.length));
  while (left.length && rows.length < ROWS_MAX) rows.push({ type: ComponentType.ActionRow, components: left.splice(0, ROW_MAX) });
  return { ...payload, components: rows };
}
