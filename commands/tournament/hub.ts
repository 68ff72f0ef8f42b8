/**
 * Each event's hub: one message (Components V2) in its channel that stays current with the round,
 * the tables still being played (with their threads and players) and the standings, posted when
 * the event starts and edited as it goes (paced like every live message), pinned where the bot may
 * pin (Pin Messages; where it may not, the channel is told once what to grant).
 */
import type { BaseMessageOptions, Client } from "discord.js";
import { asContainer } from "../../src/bot/components-v2.ts";
import type { BotContext } from "../../src/bot/context.ts";
import { KeyedLock } from "../../src/bot/lock.ts";
import { isElimination, type Tournament } from "../../src/bot/tournaments.ts";
import { columnName, shownStandings, tablesInPlay } from "../../src/bot/tournament-rules.ts";
import { openFlag } from "../../src/bot/flag-rules.ts";
import { sayAt } from "../../src/bot/words.ts";
import { nameOf } from "./messages.ts";

/** Rows of the standings the hub lists. */
const HUB_STANDINGS = 8;
/** Tables the hub lists by name (the rest counted). */
const HUB_TABLES = 12;

/** What the hub needs of the bot. */
export type HubDeps = Pick<BotContext, "tournaments" | "log" | "coalescer">;

/** The hub of `t` as it stands: where the event is, the tables in play, the standings (in the event's language). */
export function hubMessage(t: Tournament): BaseMessageOptions {
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(t, `tournament.${key}`, params);
  const inPlay = tablesInPlay(t).filter((x) => x.table.threadId);
  const columns = [...new Set(inPlay.map((x) => x.round.label).filter((x): x is string => Boolean(x)))];
  const where =
    t.status === "over"
      ? say("hub_over")
      : isElimination(t)
        ? say("hub_bracket", { columns: columns.map((c) => columnName(t, c)).join(", ") || "—" })
        : say("hub_round", { n: t.played.length, rounds: t.rounds });
  // A table flagged for the organisers is marked ⚑ until the flag is answered or withdrawn.
  const tables = inPlay.slice(0, HUB_TABLES).map(
    (x) =>
      `<#${x.table.threadId}>${openFlag(t, x.table.threadId!) ? " ⚑" : ""} · ${x.table.players
        .filter((p) => !p.startsWith("fill-"))
        .map((p) => nameOf(t, p))
        .join(", ")}`,
  );
  const more = inPlay.length > HUB_TABLES ? [say("hub_more", { n: inPlay.length - HUB_TABLES })] : [];
  // Before any table has a result everyone would stand first together: said so instead.
  const results = t.played.some((r) => r.tables.some((x) => x.result));
  const standing = results
    ? shownStandings(t)
        .filter((s) => s.rank > 0)
        .slice(0, HUB_STANDINGS)
        .map((s) => `${s.rank}. ${nameOf(t, s.id)}`)
    : [say("hub_no_results")];
  const lines = [
    where,
    ...(t.status === "over" ? [] : [`**${say("hub_playing", { n: inPlay.length })}**`, ...tables, ...more]),
    `**${say("hub_standings")}**`,
    standing.join(" · ") || "—",
  ];
  return {
    ...asContainer({ content: lines.join("\n").slice(0, 3800) }, say("hub_title", { name: t.name })),
    allowedMentions: { parse: [] },
  };
}

/** One post of a hub at a time per event (a round's results can land together). */
const posting = new KeyedLock();

/**
 * Shows event `id`'s hub as it stands: posted (and pinned) the first time it runs while the event
 * runs, edited after. Never throws (logged): the hub is a view, the event goes on without it.
 */
export async function showHub(client: Client, deps: HubDeps, id: string): Promise<void> {
  try {
    const t = await deps.tournaments.get(id);
    if (!t || t.challenge) return;
    if (t.hub) {
      const hub = t.hub;
      deps.coalescer.request(`hub:${id}`, async () => {
        const now = await deps.tournaments.get(id);
        const channel = await client.channels.fetch(hub.channelId);
        if (now && channel?.isTextBased()) await channel.messages.edit(hub.messageId, hubMessage(now));
      });
      return;
    }
    if (t.status !== "running") return;
    await posting.run(id, async () => {
      const again = await deps.tournaments.get(id);
      if (!again || again.hub) return;
      const channel = await client.channels.fetch(again.channelId);
      if (!channel?.isSendable()) return;
      const shown = await channel.send(hubMessage(again));
      await deps.tournaments.setHub(id, { channelId: shown.channelId, messageId: shown.id });
      await shown.pin(`tournament ${again.id}`).catch(async () => {
        await channel.send({ content: sayAt(again, "tournament.hub_no_pin"), allowedMentions: { parse: [] } });
      });
    });
  } catch (e) {
    deps.log.info(`could not show the hub of ${id}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
