/**
 * Playing Onze: every move goes through the shared move flow (src/bot/flow.ts); the lobby as
 * the shared lobby verbs see it; reading typed cards and lay-offs.
 */
import { keepPanel } from "../../src/bot/panels.ts";
import { MessageFlags, type ChatInputCommandInteraction, type MessageComponentInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { UserError } from "../../src/bot/errors.ts";
import { playAndShow, type MoveView } from "../../src/bot/flow.ts";
import { faceOf, parseFace, type Card } from "../../src/games/onze/cards.ts";
import { meldProblem, playsOnTable, type OnzeMove, type OnzeState } from "../../src/games/onze/game.ts";
import { type LobbyGame } from "../games.ts";

import { type OnzeTable, type OnzeTables, tablesOf, type LayoffMove } from "./moves.ts";
import { onzeInterlude, onzePayload, onzeMoveNote } from "./table.ts";
import { ONZE_PANELS, onzeHandPayload } from "./panel.ts";
import { refuse, sayAt, tableLocale, viewerOf } from "../../src/bot/words.ts";
import { t } from "../../src/i18n/index.ts";
import { cardNameIn, contractTextIn } from "../../render/onze/words.ts";

/** Onze's bot side as the move flow reads it. */
export const ONZE_VIEW: MoveView<OnzeTable> = { command: "onze", payload: onzePayload, moveNote: onzeMoveNote, interlude: onzeInterlude };

/**
 * Plays `build`'s move for the invoker through the shared flow (src/bot/flow.ts) and answers
 * privately: a receipt, or the refreshed hand panel for panel clicks.
 *
 * Onze moves are checked against the table as it is, not against the revision a message was
 * drawn for: others may buy (claim) at any moment of a turn, and that must not make the active
 * player's click or command "stale". Every move names concrete cards and melds, so the engine
 * refuses one that no longer fits (a second click of a discard: not your turn any more).
 */
export async function moveAndShow(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
  build: (rec: OnzeTable, seat: number, s: OnzeState) => OnzeMove,
): Promise<void> {
  const panel = interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.Ephemeral);
  let answeredWithPanel = false;
  const played = await playAndShow(interaction, ctx, tablesOf(ctx), ONZE_VIEW, build, {
    answer: "receipt",
    update: panel,
    rev: "any",
    receipt: (before, after, note) => {
      // A card drawn from the stock is named only to its drawer, and marked in their hand.
      const fresh = drawnFromStock(before, after, interaction.user.id);
      const viewer = viewerOf(interaction);
      const drew = fresh.map((c) => cardNameIn(viewer.locale, c)).join(" ");
      const said = fresh.length ? t(viewer.locale, "onze.you_drew", { cards: drew }) : note;
      answeredWithPanel = (panel || fresh.length > 0) && after.status === "playing";
      return answeredWithPanel
        ? onzeHandPayload(after, viewer, `✅ ${said}`, {}, fresh)
        : { content: `✅ ${said}`, components: [], files: [], embeds: [] };
    },
  });
  // The answer is the player's panel: kept up to date from now on (src/bot/panels.ts).
  if (played && answeredWithPanel) keepPanel(ctx, ONZE_PANELS, interaction);
}

/** The card `userId` just drew from the stock (the move from `before` to `after` was their draw), else none. */
export function drawnFromStock(before: OnzeTable, after: OnzeTable, userId: string): Card[] {
  const seat = after.seats.findIndex((x) => x.userId === userId);
  const last = after.state?.last[0];
  if (!before.state || !after.state || last?.kind !== "draw" || last.seat !== seat) return [];
  const had = [...(before.state.hands[seat] ?? [])];
  return (after.state.hands[seat] ?? []).filter((c) => {
    const i = had.indexOf(c);
    if (i < 0) return true;
    had.splice(i, 1);
    return false;
  });
}

export const buyToggle = (_rec: OnzeTable, seat: number, s: OnzeState): OnzeMove => {
  if (s.forSale === null)
    throw new UserError(
      "onze/nothing_for_sale",
      "Nothing is up for grabs: a discard is for sale only once the player to move has drawn from the stock.",
    );
  if (seat === s.turn) throw new UserError("onze/own_discard", "You passed over that discard yourself: it is up for the others now.");
  if (s.discardedBy === seat) throw new UserError("onze/own_sale", "You discarded that card yourself: you may not buy it back.");
  return s.claims.includes(seat) ? { kind: "unclaim" } : { kind: "claim" };
};

/** No thanks to the card for sale (the **No thanks** button): a computer holding its move for this seat stops waiting. */
export const declineSale = (_rec: OnzeTable, _seat: number, _s: OnzeState): OnzeMove => ({ kind: "decline" });

export const lobbyOf = (service: OnzeTables): LobbyGame => ({
  command: "onze",
  service,
  payload: onzePayload,
  started: (rec: OnzeTable) =>
    sayAt(rec, "onze.starts", { name: rec.seats[rec.state?.dealer ?? 0]?.name ?? "?", contract: contractTextIn(tableLocale(rec), 1) }),
});

/** A typed card of the hand (`7h`, a card number from the list). */
export function readHandCard(text: string, hand: readonly Card[], taken: Card | null): Card {
  const n = Number(text);
  if (/^\d+$/.test(text) && hand.includes(n)) return n;
  const face = parseFace(text);
  if (face === null) throw refuse("onze/bad_card", { text });
  const mine = hand.filter((c) => faceOf(c) === face);
  if (!mine.length) throw refuse("onze/not_in_hand", { context: "typed", card: text.trim() });
  return mine.find((c) => c !== taken) ?? (mine[0] as Card);
}

/** A typed lay-off (`7h`): the first meld that card fits. */
export function typedLayoff(text: string, s: OnzeState, seat: number): LayoffMove {
  const card = readHandCard(text.split(/\s+/)[0] ?? "", s.hands[seat] ?? [], null);
  const m = playsOnTable(s, seat).find((x): x is LayoffMove => x.kind === "layoff" && faceOf(x.card) === faceOf(card));
  if (!m) throw new UserError("onze/no_fit", meldProblem("onze/no_fit"));
  return { ...m, card };
}
