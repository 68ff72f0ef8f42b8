/**
 * One live table picture per channel (src/bot/live.ts): a newer table message turns the
 * previous one into its record, and a table message overtaken while it was being sent (a
 * computer's move reached the channel first) is removed, so the newest message in the channel
 * is always the current table.
 */
import { describe, expect, it } from "vitest";
import { LiveTables, type LiveMessage } from "../../src/bot/live";
import { openStore } from "../../src/store/store";

async function tracker() {
  const store = await openStore<LiveMessage>("memory://", "live");
  const edits: { id: string; content: unknown }[] = [];
  const removed: string[] = [];
  const live = new LiveTables(
    store,
    async (_c, id, payload) => {
      edits.push({ id, content: payload.content });
    },
    { info() {}, error() {} },
    async (_c, id) => {
      removed.push(id);
    },
  );
  return { live, edits, removed };
}

describe("live table messages", () => {
  it("a newer table message turns the previous one into its one-line record", async () => {
    const { live, edits, removed } = await tracker();
    await live.shown("c", "m1", "Ada placed a 3 at H9.", [1000, 5]);
    await live.shown("c", "m2", "Ben passed.", [1001, 6]);
    expect(edits).toEqual([{ id: "m1", content: "-# Ada placed a 3 at H9." }]);
    expect(removed).toEqual([]);
    expect((await live.current("c"))?.messageId).toBe("m2");
  });

  it("a table message overtaken while it was sent is removed; the newer table stays live and newest", async () => {
    const { live, edits, removed } = await tracker();
    // The computer's move (rev 7) reaches the channel before the reply that started the game (rev 6).
    let deliverStart!: (id: string) => void;
    const startReply = new Promise<string>((r) => (deliverStart = r));
    const computer = live.shown("c", "m-cpu", "Computer 1 placed a 4 at G8.", [2000, 7]);
    await computer;
    const start = live.shown("c", startReply, "The game starts.", [1999, 6]);
    deliverStart("m-start");
    await start;
    expect(removed).toEqual(["m-start"]);
    expect(edits).toEqual([]);
    expect((await live.current("c"))?.messageId).toBe("m-cpu");
    // An older edit in place never replaces a newer picture either.
    expect(await live.editLive("c", { content: "old step", rev: [1998, 5] } as never)).toBe(true);
    expect(edits).toEqual([]);
  });

  it("a later table (after /end and /new) counts as newer although its revision starts again", async () => {
    const { live, edits, removed } = await tracker();
    await live.shown("c", "old", "Session over.", [5000, 80]);
    await live.shown("c", "new", "Lobby.", [6000, 1]);
    expect(removed).toEqual([]);
    expect(edits).toEqual([{ id: "old", content: "-# Session over." }]);
  });
});

describe("steps within a turn", () => {
  it("an edit in place adds its step to the message's record, so the history keeps what began the turn", async () => {
    const { live, edits } = await tracker();
    await live.shown("c", "m1", "Ada discarded 2♦; Ben bought 3♣.", [1000, 5]);
    expect(await live.editLive("c", { content: "Ben drew", record: "Ben drew from the stock.", rev: [1001, 6] } as never)).toBe(true);
    expect(await live.editLive("c", { content: "Ben laid off", record: "Ben laid off 3♣.", rev: [1002, 7] } as never)).toBe(true);
    await live.shown("c", "m2", "Ben discarded 9♦.", [1003, 8]);
    expect(edits.at(-1)).toEqual({
      id: "m1",
      content: "-# Ada discarded 2♦; Ben bought 3♣. · Ben drew from the stock. · Ben laid off 3♣.",
    });
  });
});
