/**
 * Claims shared by every process on one store, so that work two processes both receive is done
 * by one: a start-first deploy, a host that came back, or two processes given the same shard all
 * receive the same guild's interactions, and only the holder of the guild's claim acts on them
 * (src/app.ts). A claim is atomic in the store itself: Redis `SET key owner NX PX ttl`
 * (https://redis.io/docs/latest/commands/set/), SQLite `INSERT OR IGNORE` on the key, then reading
 * who holds it; in memory, a map (one process). Claims lapse after their time to live unless
 * their holder claims them again (which renews them), and a process stopping releases its own.
 * Each process also beats a heart in the store (`alive:<owner>`, renewed every `BEAT_MS`, lapsing
 * after `ALIVE_MS`): a claim whose holder's heart has stopped (a process killed, a host gone) is
 * taken over at once, not after its time to live.
 */
import KeyvSqlite from "@keyv/sqlite";
import { openKeyvSqlite } from "./sqlite.ts";
import { randomUUID } from "node:crypto";

/** How often a process renews its heartbeat, ms. */
export const BEAT_MS = 300;
/**
 * How long a heartbeat lasts, ms: a holder not heard from for this long is taken for dead (a
 * live one would have to stall 1.2 s between beats). Well under Discord's 3 s to answer an
 * interaction: a process killed while acting on one has its heart lapse at most this long after
 * the kill, and the other process still answers it in time (src/app.ts `holdGuild`); a process
 * restarted after a kill takes its guilds over at once.
 */
export const ALIVE_MS = 1500;

/** The holder's name of work settled (`Claims.settle`): done, never taken over. */
const SETTLED = "settled";

/** What a claim of work done once found (`Claims.once`). */
export type OnceResult = "taken" | "resumed" | "refused";

/** What a claim found: taken now, held already (renewed), or held by another process. */
export type ClaimResult = "taken" | "held" | "refused";

/** Claims on keys, by this process. */
export interface Claims {
  /** This process's name in its claims (unique per opening). */
  readonly owner: string;
  /**
   * Claims `key` for `ttlMs` ms from now: `taken` when this process took it (it was free or had
   * lapsed), `held` when it held it already (renewed once past half its time; answered from
   * memory before that while nobody else can have taken it: `OwnHeart`), `refused` while another
   * process holds it.
   * Rejects as the store does (unreachable).
   */
  claim(key: string, ttlMs: number): Promise<ClaimResult>;
  /**
   * Claims work done once (an interaction acted on) for `ttlMs` ms: `taken` when this process
   * took it or holds it, `resumed` when it took it over from a process whose heart stopped before
   * it `settle`d it (killed mid-way: the work is finished here, not lost, though part of it may
   * be done), `refused` while a live process holds it or once it is settled.
   */
  once(key: string, ttlMs: number): Promise<OnceResult>;
  /** Marks work claimed with `once` as done (for `ttlMs` ms): nobody takes it over any more. */
  settle(key: string, ttlMs: number): Promise<void>;
  /** Whether work claimed with `once` is settled (done by whichever process claimed it). */
  settled(key: string): Promise<boolean>;
  /**
   * Stops the heart and gives up the claims this process holds whose keys start with `prefix` (a
   * graceful stop: its guilds), so another process may take them at once; others stay till they lapse.
   */
  release(prefix: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A process's own heart as other processes read it, and the claims it knows it holds, so that a
 * claim it holds is answered `held` from memory instead of the store (issue 65: the guild's claim
 * was read from the store before every move, a statement a move on SQLite, three round trips on
 * Redis). Memory answers only while nobody else can have taken the claim: more than half its
 * time left (as a stored claim is renewed past half), and this process's heart read alive by
 * every other process all along since the claim was last read or written in the store. A beat
 * that landed after the one before it had lapsed (an event loop stalled longer than a beat
 * lasts, a store that did not take the beats), or a heart found near its end when asked, may
 * have let another process take the claim over: memory is then distrusted (`epoch` moves on) and
 * the store is asked again. Times are ms on `now` (every process of one store reads one clock:
 * they share its machine, or Redis's expiries, measured from later than `now`, are longer).
 */
export class OwnHeart {
  /** When the last beat known written began (ms): other processes read the heart alive until this + aliveMs. */
  private written = Number.NEGATIVE_INFINITY;
  /** Moved on whenever other processes may have read this heart stopped. */
  private epoch = 0;
  /** Claims known held: until when (ms), and the epoch they were read or written in. */
  private readonly held = new Map<string, { readonly until: number; readonly epoch: number }>();

  constructor(
    private readonly aliveMs: number,
    /** How long before its end a heart is no longer trusted (ms): a beat late by this much distrusts memory. */
    private readonly margin: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Writes one beat with `write` (its value lasting aliveMs from `at`) and notes it once it is in. */
  async beat(write: (at: number) => Promise<unknown>): Promise<void> {
    const at = this.now();
    await write(at);
    this.alive(); // lapsed before this beat landed: memory from before is distrusted
    this.written = Math.max(this.written, at);
  }

  /** Whether every other process reads this heart alive for `margin` more ms; when not, memory from before is distrusted. */
  private alive(): boolean {
    if (this.now() + this.margin < this.written + this.aliveMs) return true;
    this.epoch++;
    return false;
  }

  /** The epoch now: taken as a claim's read or write in the store begins (`hold`). */
  get since(): number {
    return this.epoch;
  }

  /** Notes claim `key` held until `until` (ms), as read or written in the store from epoch `since`. */
  hold(key: string, until: number, since: number): void {
    this.held.set(key, { until, epoch: since });
  }

  /** Whether claim `key` (of `ttlMs`) is surely still this process's with more than half its time left: answered from memory. */
  holds(key: string, ttlMs: number): boolean {
    const h = this.held.get(key);
    if (h === undefined) return false;
    if (this.alive() && h.epoch === this.epoch && h.until - this.now() > ttlMs / 2) return true;
    this.held.delete(key);
    return false;
  }

  /** Forgets the claims whose keys start with `prefix` (given up). */
  forget(prefix: string): void {
    for (const key of [...this.held.keys()]) if (key.startsWith(prefix)) this.held.delete(key);
  }

  /** The heart stops: nothing is answered from memory any more. */
  stop(): void {
    this.epoch++;
    this.held.clear();
  }
}

/** How long before its end a heart of `heart` stops being trusted (ms): a beat's time, at most half of what a beat lasts. */
const marginOf = ({ beatMs, aliveMs }: Heart): number => Math.min(beatMs, aliveMs / 2);

/** Statements the SQLite claims of this process ran (beats included), since it began. */
let statements = 0;

/** Statements the SQLite claims of this process ran so far (beats, reads, claims, settles): for the bench. */
export function claimStatements(): number {
  return statements;
}

/** Rows one grouped statement writes at most (two bound values a row; SQLite allows 32,766). */
const ROWS_A_STATEMENT = 500;

/**
 * Group commit for one kind of statement: calls made while one runs wait, and then go together,
 * in order, as one statement (`run` gets their items and answers each, in order; a failure
 * rejects each call of its statement). On a busy bot a move's two claim writes (its interaction
 * taken, then settled) ride with the other tables': node-sqlite3 costs the event loop about 0.1 ms
 * a statement.
 */
function grouped<I, O>(run: (items: readonly I[]) => Promise<readonly O[]>): (item: I) => Promise<O> {
  let waiting: { readonly item: I; resolve(o: O): void; reject(e: unknown): void }[] = [];
  let flushing = false;
  const flush = async () => {
    flushing = true;
    await Promise.resolve(); // calls made in the same turn go together
    while (waiting.length > 0) {
      const batch = waiting.slice(0, ROWS_A_STATEMENT);
      waiting = waiting.slice(batch.length);
      try {
        const out = await run(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(out[i] as O));
      } catch (e) {
        for (const b of batch) b.reject(e);
      }
    }
    flushing = false;
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!flushing) void flush();
    });
}

/**
 * The claims table's grouped writes on `adapter`'s connection (`grouped`): `replace`, an `INSERT OR
 * REPLACE` of a (key, value) row; `insert`, an `INSERT OR IGNORE`, true for the row that took its
 * key (the first of a key written twice in one statement).
 */
function groupedClaimWrites(adapter: KeyvSqlite): {
  replace(row: readonly [string, string]): Promise<void>;
  insert(row: readonly [string, string]): Promise<boolean>;
} {
  const values = (rows: readonly (readonly [string, string])[]) => rows.map(() => "(?, ?)").join(", ");
  const replace = grouped<readonly [string, string], void>(async (rows) => {
    statements++;
    await adapter.query(`INSERT OR REPLACE INTO claims (key, value) VALUES ${values(rows)}`, ...rows.flat());
    return [];
  });
  const insert = grouped<readonly [string, string], boolean>(async (rows) => {
    statements++;
    const took = (await adapter.query(
      `INSERT OR IGNORE INTO claims (key, value) VALUES ${values(rows)} RETURNING key`,
      ...rows.flat(),
    )) as {
      key: string;
    }[];
    const keys = new Set(took.map((r) => r.key));
    return rows.map(([key]) => keys.delete(key));
  });
  return { replace, insert };
}

/** SQLite: one row per claim in table `claims`, its value `owner until` (ms); lapsed rows are taken over and swept. */
async function sqliteClaims(url: string, owner: string, { beatMs, aliveMs }: Heart): Promise<Claims> {
  const adapter = await openKeyvSqlite({ uri: url, table: "claims" });
  const query = (q: string, ...params: unknown[]) => {
    statements++;
    return adapter.query(q, ...params) as Promise<{ value?: string }[]>;
  };
  // As the store's own connection (src/store/store.ts): the WAL journal, synced at checkpoints.
  await query("PRAGMA synchronous=NORMAL");
  let sweptAt = 0;
  const { replace, insert } = groupedClaimWrites(adapter);
  const own = new OwnHeart(aliveMs, marginOf({ beatMs, aliveMs }));
  const beat = () => own.beat((at) => replace([`alive:${owner}`, `${owner} ${at + aliveMs}`]));
  await beat();
  const heart = setInterval(() => void beat().catch(() => {}), beatMs);
  heart.unref();
  const alive = async (holder: string, now: number) => {
    const [row] = await query("SELECT value FROM claims WHERE key = ?", `alive:${holder}`);
    return Number((row?.value ?? "").split(" ")[1]) >= now;
  };
  const claims: Claims = {
    owner,
    async claim(key, ttlMs) {
      if (own.holds(key, ttlMs)) return "held";
      const since = own.since;
      const now = Date.now();
      if (now - sweptAt > 60_000) {
        sweptAt = now;
        await query("DELETE FROM claims WHERE CAST(substr(value, instr(value, ' ') + 1) AS INTEGER) < ?", now);
      }
      const mine = `${owner} ${now + ttlMs}`;
      const [row] = await query("SELECT value FROM claims WHERE key = ?", key);
      const [holder, until] = (row?.value ?? "").split(" ");
      // Held, with more than half its time left: nothing to write.
      if (holder === owner && Number(until) - now > ttlMs / 2) {
        own.hold(key, Number(until), since);
        return "held";
      }
      if (!row) {
        if (await insert([key, mine])) {
          own.hold(key, now + ttlMs, since);
          return "taken";
        }
        return claims.claim(key, ttlMs); // another process inserted it meanwhile: read who
      }
      if (holder !== owner && Number(until) >= now && (await alive(holder ?? "", now))) return "refused";
      // Ours (renewed), or lapsed (taken over only if nobody else took it meanwhile: the update names the old value).
      await query("UPDATE claims SET value = ? WHERE key = ? AND value = ?", mine, key, row?.value ?? "");
      const [after] = await query("SELECT value FROM claims WHERE key = ?", key);
      if (after?.value !== mine) return "refused";
      own.hold(key, now + ttlMs, since);
      return holder === owner ? "held" : "taken";
    },
    async once(key, ttlMs) {
      const now = Date.now();
      const mine = `${owner} ${now + ttlMs}`;
      if (await insert([key, mine])) return "taken";
      const [row] = await query("SELECT value FROM claims WHERE key = ?", key);
      const holder = (row?.value ?? "").split(" ")[0] ?? "";
      if (holder === owner) return "taken";
      if (holder === SETTLED || (await alive(holder, now))) return "refused";
      // Its holder died before settling it: taken over by one process (the update names the old value).
      await query("UPDATE claims SET value = ? WHERE key = ? AND value = ?", mine, key, row?.value ?? "");
      const [after] = await query("SELECT value FROM claims WHERE key = ?", key);
      return after?.value === mine ? "resumed" : "refused";
    },
    async settle(key, ttlMs) {
      await replace([key, `${SETTLED} ${Date.now() + ttlMs}`]);
    },
    async settled(key) {
      const [row] = await query("SELECT value FROM claims WHERE key = ?", key);
      return (row?.value ?? "").split(" ")[0] === SETTLED;
    },
    async release(prefix) {
      clearInterval(heart);
      own.stop();
      await query("DELETE FROM claims WHERE value LIKE ? AND substr(key, 1, ?) = ?", `${owner} %`, prefix.length, prefix);
      await query("DELETE FROM claims WHERE key = ?", `alive:${owner}`);
    },
    async close() {
      clearInterval(heart);
      own.stop();
      await adapter.disconnect();
    },
  };
  return claims;
}

/** Redis script: sets KEYS[1] to ARGV[2] for ARGV[3] ms if it is still ARGV[1] (or gone); 1 when it did. */
const TAKE_OVER = `local v = redis.call('GET', KEYS[1])
if v == false or v == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end
return 0`;

/**
 * Redis script: renews KEYS[1] for ARGV[2] ms if ARGV[1] holds it (1), sets it to ARGV[1] for as
 * long if it is gone (2: it lapsed meanwhile, taken again), else leaves it (0: another's now).
 */
const RENEW = `local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if v == false then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 2 end
return 0`;

/** Redis: `SET NX PX`, the claim's own expiry. */
async function redisClaims(url: string, owner: string, { beatMs, aliveMs }: Heart): Promise<Claims> {
  const { default: KeyvRedis } = await import("@keyv/redis");
  const redis = new KeyvRedis(url);
  const client = await redis.getClient();
  /** Keys this process took (released on a graceful stop). */
  const held = new Set<string>();
  const own = new OwnHeart(aliveMs, marginOf({ beatMs, aliveMs }));
  const beat = () => own.beat(() => client.set(`claims:alive:${owner}`, "1", { PX: aliveMs }));
  await beat();
  const heart = setInterval(() => void beat().catch(() => {}), beatMs);
  heart.unref();
  return {
    owner,
    async claim(key, ttlMs) {
      const k = `claims:${key}`;
      if (own.holds(k, ttlMs)) return "held";
      const since = own.since;
      const now = Date.now(); // Redis's expiries count from when it runs each command: later
      if ((await client.set(k, owner, { NX: true, PX: ttlMs })) === "OK") {
        held.add(k);
        own.hold(k, now + ttlMs, since);
        return "taken";
      }
      const holder = await client.get(k);
      if (holder !== owner && holder !== null && (await client.exists(`claims:alive:${holder}`)) === 1) return "refused";
      if (holder !== owner) {
        // Free again, or its holder's heart stopped: taken over if nobody else changed it meanwhile.
        const took = await client.eval(TAKE_OVER, { keys: [k], arguments: [holder ?? "", owner, String(ttlMs)] });
        if (took !== 1) return "refused";
        held.add(k);
        own.hold(k, now + ttlMs, since);
        return "taken";
      }
      // Renewed only if it is still this process's: read and renewed in one step, since a claim
      // that lapsed after the read may be another's by now (answered from memory afterwards).
      const renewed = await client.eval(RENEW, { keys: [k], arguments: [owner, String(ttlMs)] });
      if (renewed === 0) return "refused";
      own.hold(k, now + ttlMs, since);
      return renewed === 1 ? "held" : "taken";
    },
    async once(key, ttlMs) {
      const k = `claims:${key}`;
      if ((await client.set(k, owner, { NX: true, PX: ttlMs })) === "OK") return "taken";
      const holder = await client.get(k);
      if (holder === owner) return "taken";
      if (holder === SETTLED || (holder !== null && (await client.exists(`claims:alive:${holder}`)) === 1)) return "refused";
      // Its holder died before settling it (or it lapsed): taken over by one process.
      const took = await client.eval(TAKE_OVER, { keys: [k], arguments: [holder ?? "", owner, String(ttlMs)] });
      return took === 1 ? "resumed" : "refused";
    },
    async settle(key, ttlMs) {
      await client.set(`claims:${key}`, SETTLED, { PX: ttlMs });
    },
    async settled(key) {
      return (await client.get(`claims:${key}`)) === SETTLED;
    },
    async release(prefix) {
      clearInterval(heart);
      own.stop();
      for (const k of held) if (k.startsWith(`claims:${prefix}`) && (await client.get(k)) === owner) await client.del(k);
      await client.del(`claims:alive:${owner}`);
    },
    async close() {
      clearInterval(heart);
      own.stop();
      await redis.disconnect();
    },
  };
}

/** Memory: one process, so every first claim is its own. */
function memoryClaims(owner: string): Claims {
  const held = new Map<string, number>();
  return {
    owner,
    async claim(key, ttlMs) {
      const now = Date.now();
      const had = (held.get(key) ?? 0) >= now;
      held.set(key, now + ttlMs);
      return had ? "held" : "taken";
    },
    async once(key, ttlMs) {
      await this.claim(key, ttlMs);
      return "taken";
    },
    async settle(key, ttlMs) {
      held.set(key, Date.now() + ttlMs);
    },
    async settled() {
      return false;
    },
    async release(prefix) {
      for (const k of [...held.keys()]) if (k.startsWith(prefix)) held.delete(k);
    },
    async close() {},
  };
}

/** How often a process's heart beats and how long one beat lasts, ms. */
export interface Heart {
  readonly beatMs: number;
  readonly aliveMs: number;
}

/**
 * The claims of the store at `url` (`sqlite://`, `redis://`, `memory://`) for a new owner, its
 * heart beating every `heart.beatMs` (default `BEAT_MS`, lasting `ALIVE_MS`). Throws for another scheme.
 */
export async function openClaims(url: string, heart: Heart = { beatMs: BEAT_MS, aliveMs: ALIVE_MS }): Promise<Claims> {
  const owner = randomUUID();
  if (url.startsWith("sqlite://")) return sqliteClaims(url, owner, heart);
  if (url.startsWith("redis://") || url.startsWith("rediss://")) return redisClaims(url, owner, heart);
  if (url === "memory://" || url === "memory:") return memoryClaims(owner);
  throw new Error(`STORE_URL scheme not supported: ${url} (use sqlite://, redis:// or memory://)`);
}
