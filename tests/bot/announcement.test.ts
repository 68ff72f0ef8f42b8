/**
 * An event's one live announcement (`TournamentBook.swapAnnouncement`): the newest message (by
 * its snowflake) keeps its buttons, whatever order the swaps come in. A join's answer whose tidy-up
 * ran after the start's (seen in CI under load: the start's Play the deal lost its button) is the
 * one that loses them.
 */
import { describe, expect, it } from "vitest";
import { TournamentBook } from "../../src/bot/tournament-book.ts";
import type { Tournament } from "../../src/bot/tournament-record.ts";
import { openStore } from "../../src/store/store.ts";

describe("an event's live announcement", () => {
  it("is the newest message swapped in; an older one swapped in late is the one to strip", async () => {
    const book = new TournamentBook(await openStore<Tournament | string>("memory://", "tournaments"));
    const [join, start, later] = ["1100000000000000001", "1100000000000000002", "1100000000000000003"];
    expect(await book.swapAnnouncement("t1", "c", join)).toBeNull();
    expect(await book.swapAnnouncement("t1", "c", start)).toEqual({ channelId: "c", messageId: join });
    // The join's answer again (its tidy-up late): it is older than the live one, so it loses its buttons.
    expect(await book.swapAnnouncement("t1", "c", join)).toEqual({ channelId: "c", messageId: join });
    expect(await book.swapAnnouncement("t1", "c", start)).toBeNull();
    expect(await book.swapAnnouncement("t1", "c", later)).toEqual({ channelId: "c", messageId: start });
    // Another event's announcements are its own.
    expect(await book.swapAnnouncement("t2", "c", join)).toBeNull();
  });
});
