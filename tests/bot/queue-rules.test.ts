/** The queue's pure rules (src/bot/queue-rules.ts): who is seated with whom, one place a person, lapses. */
import { describe, expect, it } from "vitest";
import { codeOf } from "../helpers/refusal.ts";
import {
  accepts,
  emptyQueue,
  groupFor,
  joinQueue,
  lapsed,
  leaveQueue,
  MAX_WAITING,
  nextLapse,
  withTables,
  type GuildQueue,
  type QueueEntry,
} from "../../src/bot/queue-rules.ts";

let clock = 0;
/** A place of `userId` joined one tick after the last, for 15 minutes. */
function entry(userId: string, more: Partial<QueueEntry> = {}): QueueEntry {
  clock += 1000;
  return {
    ...{ userId, name: userId, game: "g", players: 2, window: null, rating: 1500, channelId: "c", locale: "en" },
    ...{ joinedAt: clock, expiresAt: clock + 15 * 60_000 },
    ...more,
  };
}

const queueOf = (...entries: QueueEntry[]): GuildQueue => ({ ...emptyQueue("guild"), entries });

describe("the queue's rules", () => {
  it("seat two people together only when each is inside the other's window", () => {
    expect(accepts({ rating: 1500, window: 100 }, { rating: 1600, window: null })).toBe(true);
    expect(accepts({ rating: 1500, window: 100 }, { rating: 1601, window: null })).toBe(false);
    expect(accepts({ rating: 1500, window: null }, { rating: 1900, window: 200 })).toBe(false);
    expect(accepts({ rating: 1500, window: null }, { rating: 2500, window: null })).toBe(true);
  });

  it("seat people who named a level only with the same level, or with people who named none", () => {
    expect(accepts({ rating: 1500, window: null, level: "new" }, { rating: 1500, window: null, level: "new" })).toBe(true);
    expect(accepts({ rating: 1500, window: null, level: "new" }, { rating: 1500, window: null, level: "strong" })).toBe(false);
    expect(accepts({ rating: 1500, window: null, level: "strong" }, { rating: 1500, window: null })).toBe(true);
    // A level never widens a window.
    expect(accepts({ rating: 1500, window: 100, level: "new" }, { rating: 1700, window: null, level: "new" })).toBe(false);
    // The unrated beginner skips the strong player waiting longer and sits with the next beginner.
    const strong = entry("strong", { level: "strong" });
    const beginner = entry("beginner", { level: "new" });
    expect(groupFor([strong, beginner], entry("me", { level: "new" }))!.map((e) => e.userId)).toEqual(["me", "beginner"]);
  });

  it("complete a group with the oldest people waiting for the same game and seat count who accept everyone taken", () => {
    const old = entry("old", { players: 3, rating: 1900 });
    const otherGame = entry("other", { players: 3, game: "h" });
    const twoSeats = entry("two", { players: 2 });
    const near = entry("near", { players: 3, rating: 1550 });
    const narrow = entry("narrow", { players: 3, rating: 1500, window: 100 });
    const me = entry("me", { players: 3, rating: 1500, window: 200 });
    // `old` is outside my window; `narrow` accepts me and `near`.
    expect(groupFor([old, otherGame, twoSeats, near, narrow], me)?.map((e) => e.userId)).toEqual(["me", "near", "narrow"]);
    // Without `narrow`, two of three: no group.
    expect(groupFor([old, otherGame, twoSeats, near], me)).toBeNull();
  });

  it("take a completed group out of the queue, oldest first, and keep the others", () => {
    const a = entry("a");
    const b = entry("b", { players: 3 });
    const c = entry("c");
    const { queue, group, replaced } = joinQueue(queueOf(a, b), c, null);
    expect(group?.map((e) => e.userId)).toEqual(["a", "c"]);
    expect(queue.entries.map((e) => e.userId)).toEqual(["b"]);
    expect(replaced).toBeNull();
  });

  it("give a person one place: a second join replaces the first", () => {
    const first = entry("a", { players: 3 });
    const again = entry("a", { players: 2 });
    const { queue, replaced, group } = joinQueue(queueOf(first), again, null);
    expect(replaced).toEqual(first);
    expect(group).toBeNull();
    expect(queue.entries).toEqual([again]);
  });

  it("refuse a person at a running table of the queue's, a full queue, and leaving without a place", () => {
    expect(codeOf(() => joinQueue(emptyQueue("guild"), entry("a"), "thread-1"))).toBe("queue/seated");
    const full = queueOf(...Array.from({ length: MAX_WAITING }, (_, i) => entry(`p${i}`, { players: 8 })));
    expect(codeOf(() => joinQueue(full, entry("late"), null))).toBe("queue/full");
    // Someone already waiting may change their place in a full queue.
    expect(codeOf(() => joinQueue(full, entry("p0", { players: 7 }), null))).toBeNull();
    expect(codeOf(() => leaveQueue(queueOf(entry("a")), "b"))).toBe("queue/not_waiting");
    expect(leaveQueue(queueOf(entry("a"), entry("b", { players: 3 })), "a").queue.entries.map((e) => e.userId)).toEqual(["b"]);
  });

  it("let places lapse at their expiry and say when the next one does", () => {
    const a = entry("a", { expiresAt: 5_000 });
    const b = entry("b", { players: 3, expiresAt: 9_000 });
    const q = queueOf(a, b);
    expect(nextLapse(q)).toBe(5_000);
    expect(lapsed(q, 4_999).gone).toEqual([]);
    const at5 = lapsed(q, 5_000);
    expect(at5.gone).toEqual([a]);
    expect(nextLapse(at5.queue)).toBe(9_000);
    expect(nextLapse(lapsed(at5.queue, 9_000).queue)).toBeNull();
  });

  it("keep the tables it opened until their games are over", () => {
    const table = { threadId: "t1", table: "game", userIds: ["a", "b"], openedAt: 1 };
    const q = withTables(emptyQueue("guild"), table, new Set());
    expect(q.tables).toEqual([table]);
    expect(withTables(q, null, new Set(["t1"])).tables).toEqual([]);
    // Plain JSON: what is stored is what is read.
    expect(JSON.parse(JSON.stringify(q))).toEqual(q);
  });
});
