/**
 * One live table picture per channel (src/surfaces/channel/live.ts): a newer table message turns the
 * previous one into its record, and a table message overtaken while it was being sent (a
 * computer's move reached the channel first) is removed, so the newest message in the channel
 * is always the current table.
 */
import { describe, expect, it } from "vitest";
import { LiveTables, type LiveMessage, MAX_UNTIDIED } from "../../src/surfaces/channel/live.ts";
import { openStore } from "../../src/store/store.ts";

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
    await live.tidied("c");
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

  it("an overtaken table message's move stays in the history: folded into the live record, in table order", async () => {
    const { live, edits, removed } = await tracker();
    await live.shown("c", "m1", "Ben passed.", [1000, 5]);
    // The computer's draw (rev 9) reaches the channel before Ada's two moves (revs 7 and 8), which
    // arrive out of order themselves.
    await live.shown("c", "m-cpu", "Computer 1 drew from the stock.", [1003, 9]);
    await live.shown("c", "m-discard", "Ada discarded Q♣.", [1002, 8]);
    await live.shown("c", "m-laid", "Ada laid off 3♣.", [1001, 7]);
    expect(removed).toEqual(["m-discard", "m-laid"]);
    expect((await live.current("c"))?.record).toBe("Ada laid off 3♣. · Ada discarded Q♣. · Computer 1 drew from the stock.");
    // The next table tidies the live one down to that record: every move reads in the channel, in order.
    await live.shown("c", "m-next", "Ben drew from the stock.", [1004, 10]);
    await live.tidied("c");
    expect(edits.map((e) => e.content)).toEqual([
      "-# Ben passed.",
      "-# Ada laid off 3♣. · Ada discarded Q♣. · Computer 1 drew from the stock.",
    ]);
  });

  it("a later table (after /end and /new) counts as newer although its revision starts again", async () => {
    const { live, edits, removed } = await tracker();
    await live.shown("c", "old", "Session over.", [5000, 80]);
    await live.shown("c", "new", "Lobby.", [6000, 1]);
    await live.tidied("c");
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
    await live.tidied("c");
    expect(edits.at(-1)).toEqual({
      id: "m1",
      content: "-# Ada discarded 2♦; Ben bought 3♣. · Ben drew from the stock. · Ben laid off 3♣.",
    });
  });
});

/**
 * Resolves once `cond()` holds, checking it after each turn of the event loop (everything here is
 * in memory, so a few turns do); fails naming `what` if it still does not after 10,000 turns.
 */
async function until(cond: () => boolean, what: string): Promise<void> {
  for (let turn = 0; !cond(); turn++) {
    if (turn >= 10_000) throw new Error(`never came: ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

describe("tidy-ups (editing older table messages down to their records)", () => {
  /** A tracker whose edits wait, each, until the test lets them through (`release`). */
  async function gated(store?: Awaited<ReturnType<typeof openStore<LiveMessage>>>) {
    const s = store ?? (await openStore<LiveMessage>("memory://", "live"));
    const edits: { id: string; content: unknown }[] = [];
    const held: (() => void)[] = [];
    const live = new LiveTables(
      s,
      async (_c, id, payload) => {
        await new Promise<void>((r) => held.push(r));
        edits.push({ id, content: payload.content });
      },
      { info() {}, error() {} },
    );
    /** Resolves once an edit is waiting, then lets it through. */
    const release = async () => {
      await until(() => held.length > 0, "an edit waiting");
      held.shift()!();
    };
    return { live, edits, held, release, store: s };
  }

  it("a tidy-up waiting for room in the channel's bucket holds back neither the next table nor a step in place", async () => {
    const { live, edits, held, release } = await gated();
    void live.shown("c", "m1", "Ada placed the 3 at H9.", [1000, 5]);
    void live.shown("c", "m2", "Ben passed.", [1001, 6]); // m1's tidy-up now waits for room
    void live.shown("c", "m3", "Ada placed the 8 at H8.", [1002, 7]);
    // A step in place goes through the channel's queue: it is made on m3 while m1's edit still waits.
    const step = live.editLive("c", { content: "Ada drew", record: "Ada drew.", rev: [1003, 8] } as never);
    // m1's tidy-up waits in the editor, and the step's edit of m3 reaches it beside it.
    await until(() => held.length === 2, "the step's edit beside the waiting tidy-up");
    expect(edits).toEqual([]);
    expect((await live.current("c"))?.messageId).toBe("m3");
    while (edits.length < 3) await release();
    expect(await step).toBe(true);
    await live.drain();
    const ids = edits.map((e) => e.id);
    expect(ids.filter((id) => id === "m3")).toHaveLength(1); // the step in place
    expect(ids.filter((id) => id !== "m3").sort()).toEqual(["m1", "m2"]);
    expect(edits.find((e) => e.id === "m2")?.content).toBe("-# Ben passed.");
  });

  it("a bot stopped with tidy-ups waiting stores them, and after a restart the channel's next table makes them", async () => {
    const first = await gated();
    void first.live.shown("c", "m1", "One.", [1000, 1]);
    void first.live.shown("c", "m2", "Two.", [1001, 2]); // m1's tidy-up starts and waits
    void first.live.shown("c", "m3", "Three.", [1002, 3]);
    const last = first.live.shown("c", "m4", "Four.", [1003, 4]);
    await until(() => first.held.length > 0, "m1's tidy-up waiting");
    const stopping = first.live.stop();
    await first.release(); // the edit under way ends; the others are not made
    await stopping;
    await last;
    expect(first.edits.map((e) => e.id)).toEqual(["m1"]);
    expect((await first.store.get("c"))?.untidied?.map((u) => u.messageId)).toEqual(["m2", "m3"]);

    const second = await gated(first.store); // the restarted bot, on the same store
    const next = second.live.shown("c", "m5", "Five.", [1004, 5]);
    for (let i = 0; i < 3; i++) await second.release();
    await next;
    await second.live.tidied("c");
    expect(second.edits).toEqual([
      { id: "m4", content: "-# Four." },
      { id: "m3", content: "-# Three." },
      { id: "m2", content: "-# Two." },
    ]);
    await second.live.stop(); // the stored copy still named them; stopping writes the truth

    expect((await second.store.get("c"))?.untidied).toBeUndefined();
  });
});

describe("tidy-ups past the limit", () => {
  it(`a channel keeps at most ${MAX_UNTIDIED} older table messages waiting: the newest, tidied newest first, and the one under way is not lost`, async () => {
    const store = await openStore<LiveMessage>("memory://", "live");
    const edits: string[] = [];
    const held: (() => void)[] = [];
    const logged: string[] = [];
    const live = new LiveTables(
      store,
      async (_c, id) => {
        await new Promise<void>((r) => held.push(r));
        edits.push(id);
      },
      { info: (m: string) => logged.push(m), error() {} },
    );
    const n = MAX_UNTIDIED + 12;
    let last: Promise<void> = Promise.resolve();
    for (let i = 1; i <= n; i++) last = live.shown("c", `m${i}`, `Move ${i}.`, [1000 + i, i]);
    // m1's tidy-up started with the second table and waits; the rest queued behind it.
    await until(() => held.length > 0, "m1's tidy-up waiting");
    let stored = await store.get("c");
    for (let turn = 0; stored?.messageId !== `m${n}`; turn++) {
      if (turn >= 10_000) throw new Error("never came: the last table stored");
      await new Promise((r) => setImmediate(r));
      stored = await store.get("c");
    }
    const waiting = stored?.untidied?.map((u) => u.messageId);
    expect(waiting).toHaveLength(MAX_UNTIDIED);
    expect(waiting?.at(-1)).toBe(`m${n - 1}`);
    expect(waiting?.[0]).toBe(`m${n - MAX_UNTIDIED}`);
    expect(logged.filter((m) => m.includes("keep their pictures"))).toHaveLength(1); // once, not at every move past the limit
    for (let i = 0; i < MAX_UNTIDIED + 1; i++) {
      await until(() => held.length > 0, "the next tidy-up");
      held.shift()!();
    }
    await last;
    await live.tidied("c");
    await live.drain();
    // m1 (under way when it was dropped) finished; then the newest first, down to the limit.
    expect(edits[0]).toBe("m1");
    expect(edits.slice(1)).toEqual(Array.from({ length: MAX_UNTIDIED }, (_, i) => `m${n - 1 - i}`));
    await live.stop(); // the stored copy still named them; stopping writes the truth
    expect((await store.get("c"))?.untidied).toBeUndefined();
  });
});

describe("interaction tokens", () => {
  it("a token is kept only while its message may still be edited: tidied or dropped past the limit, it goes", async () => {
    const store = await openStore<LiveMessage>("memory://", "live");
    const held: (() => void)[] = [];
    const tokenEdits: string[] = [];
    const live = new LiveTables(store, async () => {}, { info() {}, error() {} });
    const via = (id: string) => ({
      at: Date.now(),
      edit: async () => {
        await new Promise<void>((r) => held.push(r));
        tokenEdits.push(id);
      },
    });
    const n = MAX_UNTIDIED + 12;
    let last: Promise<void> = Promise.resolve();
    for (let i = 1; i <= n; i++) last = live.shown("c", `m${i}`, `Move ${i}.`, [1000 + i, i], false, via);
    let stored = await store.get("c");
    for (let turn = 0; stored?.messageId !== `m${n}`; turn++) {
      if (turn >= 10_000) throw new Error("never came: the last table stored");
      await new Promise((r) => setImmediate(r));
      stored = await store.get("c");
    }
    // The live message and the tidy-ups waiting hold theirs; the 12 dropped do not (m1's edit, under
    // way when it was dropped, already has its token).
    expect(live.heldTokens).toBe(1 + MAX_UNTIDIED);
    while (tokenEdits.length < MAX_UNTIDIED + 1) {
      await until(() => held.length > 0, "the next tidy-up");
      held.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    await last;
    await live.tidied("c");
    expect(tokenEdits[0]).toBe("m1");
    expect(live.heldTokens).toBe(1); // the live message's, for its own tidy-up later
    await live.stop();
  });
});
