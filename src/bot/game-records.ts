/**
 * Game records kept per server (keyv namespace `records`), listed newest first by keyset pages:
 * a server's games, one player's games in it, or one tournament's. A record is stored under its own key; each list
 * is an append log of record ids in chunks of `CHUNK`, with a head that says how many chunks
 * there are. A page reads the head and walks back from a cursor (chunk and position), so the
 * first page costs the same few reads whether a server has ten records or a million; a new
 * record never shifts a page being read.
 *
 * Writes of one list run one at a time (a keyed lock). Shards partition servers, so each
 * server's lists are written by one process.
 */
import type { RecordStore } from "../store/store.ts";
import type { GameRecord } from "./game-record.ts";
import { KeyedLock } from "./lock.ts";

/** Record ids per chunk of a list. */
export const CHUNK = 256;

/** What the `records` namespace holds: records, list chunks and list heads. */
export type RecordsEntry = GameRecord | readonly string[] | { readonly chunks: number };

/** One page of a list: its records, newest first, and the cursor of the next page (null: the last page). */
export interface RecordPage {
  readonly records: readonly GameRecord[];
  readonly next: string | null;
}

const guildScope = (guildId: string | null) => `g:${guildId ?? "dm"}`;
const userScope = (guildId: string | null, userId: string) => `u:${guildId ?? "dm"}:${userId}`;
const eventScope = (guildId: string | null, eventId: string) => `e:${guildId ?? "dm"}:${eventId}`;

/** The lists a record is listed in: its server's, each person's who played in it, and its tournament's. */
function scopesOf(record: GameRecord): string[] {
  const people = [...new Set(record.seats.filter((s) => !s.computer).map((s) => s.userId))];
  return [
    guildScope(record.guildId),
    ...people.map((u) => userScope(record.guildId, u)),
    ...(record.tournament ? [eventScope(record.guildId, record.tournament)] : []),
  ];
}

export class GameRecords {
  private readonly lock = new KeyedLock();
  /** Records being added (`add`): every read waits for them first. */
  private readonly adding = new Set<Promise<void>>();

  constructor(private readonly store: RecordStore<RecordsEntry>) {}

  /**
   * Stores `record` and lists it for its server, for each person who played in it and for its
   * tournament. Until it is done, every read of this object (`get`, `page`, `ofTournament`) waits
   * for it: a game's record is added as the game ends, while its last answer goes out, so a
   * player who asks for `/history` or `/replay` right after sees that game.
   */
  add(record: GameRecord): Promise<void> {
    const adding = (async () => {
      await this.store.set(`r:${record.guildId ?? "dm"}:${record.id}`, record);
      for (const scope of scopesOf(record)) await this.append(scope, record.id);
    })();
    this.adding.add(adding);
    const done = () => this.adding.delete(adding);
    adding.then(done, done);
    return adding;
  }

  /** Resolves once every record being added when it is called has been added (or has failed). */
  private async added(): Promise<void> {
    if (this.adding.size > 0) await Promise.allSettled([...this.adding]);
  }

  /**
   * Stores many records at once, in the order given (oldest first), writing each list's chunks
   * once rather than once per record: for imports and the bench. Same lists as `add`.
   */
  async addMany(records: readonly GameRecord[]): Promise<void> {
    const lists = new Map<string, string[]>();
    for (const record of records) {
      await this.store.set(`r:${record.guildId ?? "dm"}:${record.id}`, record);
      for (const scope of scopesOf(record)) lists.set(scope, [...(lists.get(scope) ?? []), record.id]);
    }
    for (const [scope, ids] of lists) await this.appendAll(scope, ids);
  }

  /** Every record of tournament `eventId` of server `guildId`, oldest first (an event has tens of games, not thousands). */
  async ofTournament(guildId: string | null, eventId: string): Promise<GameRecord[]> {
    const out: GameRecord[] = [];
    let after: string | null = null;
    do {
      const page: RecordPage = await this.page(guildId, { tournament: eventId, after, limit: 25 });
      out.push(...page.records);
      after = page.next;
    } while (after);
    return out.reverse();
  }

  /** The record `id` of server `guildId`, if kept. */
  async get(guildId: string | null, id: string): Promise<GameRecord | undefined> {
    await this.added();
    const r = await this.store.get(`r:${guildId ?? "dm"}:${id}`);
    return r && !Array.isArray(r) && "format" in r ? (r as GameRecord) : undefined;
  }

  /**
   * A page of server `guildId`'s records, or of `userId`'s there, or of tournament `tournament`'s,
   * newest first: `limit` of them (1 to 25) of game `game` if given, after cursor `after` (from
   * the previous page). A game filter reads on until the page is full or the list ends.
   */
  async page(
    guildId: string | null,
    opts: { userId?: string; tournament?: string; game?: string; after?: string | null; limit?: number } = {},
  ): Promise<RecordPage> {
    const scope = opts.tournament
      ? eventScope(guildId, opts.tournament)
      : opts.userId
        ? userScope(guildId, opts.userId)
        : guildScope(guildId);
    const limit = Math.max(1, Math.min(25, opts.limit ?? 10));
    await this.added();
    const head = (await this.store.get(`h:${scope}`)) as { chunks: number } | undefined;
    if (!head) return { records: [], next: null };
    let [chunk, pos] = parseCursor(opts.after) ?? [head.chunks - 1, Number.POSITIVE_INFINITY];
    const out: GameRecord[] = [];
    while (chunk >= 0 && out.length < limit) {
      const ids = ((await this.store.get(`i:${scope}:${chunk}`)) as readonly string[] | undefined) ?? [];
      for (pos = Math.min(pos, ids.length) - 1; pos >= 0 && out.length < limit; pos--) {
        const rec = await this.get(guildId, ids[pos] as string);
        if (rec && (!opts.game || rec.game === opts.game)) out.push(rec);
      }
      if (out.length >= limit) {
        // `pos` is the next position to read in this chunk (or -1: the chunk is done).
        const next: [number, number] | null = pos >= 0 ? [chunk, pos + 1] : chunk > 0 ? [chunk - 1, Number.POSITIVE_INFINITY] : null;
        return { records: out, next: next ? `${next[0]}.${Number.isFinite(next[1]) ? next[1] : "end"}` : null };
      }
      chunk--;
      pos = Number.POSITIVE_INFINITY;
    }
    return { records: out, next: null };
  }

  private async appendAll(scope: string, ids: readonly string[]): Promise<void> {
    await this.lock.run(scope, async () => {
      const head = ((await this.store.get(`h:${scope}`)) as { chunks: number } | undefined) ?? { chunks: 0 };
      let chunks = head.chunks;
      let last = chunks > 0 ? [...(((await this.store.get(`i:${scope}:${chunks - 1}`)) as readonly string[] | undefined) ?? [])] : [];
      if (chunks === 0) chunks = 1;
      for (const id of ids) {
        if (last.length >= CHUNK) {
          await this.store.set(`i:${scope}:${chunks - 1}`, last);
          chunks++;
          last = [];
        }
        last.push(id);
      }
      await this.store.set(`i:${scope}:${chunks - 1}`, last);
      await this.store.set(`h:${scope}`, { chunks });
    });
  }

  private async append(scope: string, id: string): Promise<void> {
    await this.lock.run(scope, async () => {
      const head = ((await this.store.get(`h:${scope}`)) as { chunks: number } | undefined) ?? { chunks: 0 };
      const last = head.chunks - 1;
      const ids = last >= 0 ? (((await this.store.get(`i:${scope}:${last}`)) as readonly string[] | undefined) ?? []) : [];
      if (last >= 0 && ids.length < CHUNK) {
        await this.store.set(`i:${scope}:${last}`, [...ids, id]);
        return;
      }
      await this.store.set(`i:${scope}:${head.chunks}`, [id]);
      await this.store.set(`h:${scope}`, { chunks: head.chunks + 1 });
    });
  }
}

/** A cursor `chunk.pos` (pos: the position after the last record shown, or `end`), or null for none or nonsense. */
function parseCursor(cursor: string | null | undefined): [number, number] | null {
  const m = /^(\d+)\.(\d+|end)$/.exec(cursor ?? "");
  if (!m) return null;
  return [Number(m[1]), m[2] === "end" ? Number.POSITIVE_INFINITY : Number(m[2])];
}
