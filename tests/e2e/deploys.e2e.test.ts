/**
 * Deploys as operators make them (issue 48): two bot processes (`src/index.ts`, each a node
 * process of its own) on one Redis receive the same guild's events, as a start-first deploy or a
 * shard given twice makes them. One computer table with a turn clock and two people's tables are
 * in play while 200 interactions are sent; the process acting on the guild is SIGKILLed in the
 * middle of a move and started again, and later stopped (SIGTERM) in the middle of a move. Every
 * interaction must be answered exactly once (the stand-in refuses a second answer with 40060 and
 * marks one never answered), every move applied once (a people's table moves on by exactly one
 * revision a move), the clock fire once (one time run out on Ada's seat), and no table message be posted
 * twice (two public messages drawn for one revision).
 *
 * Runs when redis-server is installed; REDIS_REQUIRED=1 (CI) makes a missing server a failure.
 */
import KeyvRedis from "@keyv/redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCommands } from "../../src/app.ts";
import { DiscordStandin } from "../../src/standin/server.ts";
import type { ApiMessage, InteractionRecord } from "../../src/standin/types.ts";
import { hasRedisServer, redisRequired, startRedis, type RedisServer } from "../helpers/redis.ts";
import { ADA, BEN, CARD_ROOM, CLEO, DEV, GENERAL, Harness, THREAD, until } from "./harness.ts";
import { said } from "../helpers/message.ts";
import { messageRev, moverOf, revOf, startProcess, type Proc } from "../helpers/processes.ts";

const run = hasRedisServer() || redisRequired;
/** The people's tables: channel and its two players. */
const PEOPLE = [
  { channel: CARD_ROOM, players: [ADA, BEN] },
  { channel: THREAD, players: [CLEO, DEV] },
] as const;

describe.runIf(run)("deploys: two processes on one guild's events", () => {
  let redis: RedisServer;
  let sb: DiscordStandin;
  let claims: KeyvRedis<string>;
  const procs: Proc[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    sb = new DiscordStandin();
    await sb.start();
    await registerCommands({ token: sb.token, apiUrl: sb.apiUrl, applicationId: sb.applicationId, guildId: sb.guildOf(GENERAL) });
    claims = new KeyvRedis(redis.url);
  }, 60_000);
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill("SIGKILL");
    await claims?.disconnect();
    await sb?.stop();
    await redis?.stop();
  });

  /** Starts a bot process on the stand-in and the shared Redis; resolves once it is ready, with its claims' name. */
  async function startOne(): Promise<{ proc: Proc; owner: string }> {
    const proc = startProcess({
      DISCORD_TOKEN: sb.token,
      DISCORD_API_URL: sb.apiUrl,
      STORE_URL: redis.url,
      METRICS_PORT: "0",
      LOG_LEVEL: process.env.DEPLOYS_LOG ?? "warn",
    });
    procs.push(proc);
    await until("a bot process ready", () => /Bot ready/.test(proc.out) || proc.child.exitCode !== null);
    const port = /Health and metrics on port (\d+)/.exec(proc.out)?.[1];
    if (!port) throw new Error(`the process did not start:\n${proc.out}`);
    const health = (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as { claims: string };
    return { proc, owner: health.claims };
  }

  /** The process acting on the guild now (its claim in Redis names it), among `running`. */
  async function holderOf(running: { proc: Proc; owner: string }[]) {
    const client = await claims.getClient();
    const owner = await until("a holder of the guild", () => client.get(`claims:guild:${sb.guildOf(GENERAL)}`));
    const found = running.find((r) => r.owner === owner);
    if (!found) throw new Error(`the guild is held by ${owner}, none of the running processes`);
    return found;
  }

  it("200 interactions through a SIGKILL, a restart and a stop, each answered once, each move applied once, the clock fired once, no table posted twice", async () => {
    let running = [await startOne(), await startOne()];
    await until("both bots on the gateway", () => sb.connectedBots === 2 || null);
    const first = sb.interactions.size;
    /** Moves sent to the people's tables, each with the revision it was drawn for and the one after it. */
    const moves: { channel: string; before: number; after: number; killed?: number }[] = [];
    const t0 = Date.now();
    const sent = () => sb.interactions.size - first;
    /**
     * Every public message posted, as it was when posted (a deferred answer: as its first edit
     * filled it): its channel, revision, words and the interaction it answers.
     */
    const created: { id: string; channel: string; rev: number | null; text: string; interaction?: string; answers?: string }[] = [];
    const seen = (m: ApiMessage) => {
      const meta = m.interaction_metadata as { id?: string; name?: string } | undefined;
      return {
        id: m.id,
        channel: m.channel_id,
        rev: messageRev(m),
        text: said(m),
        ...(meta?.id ? { interaction: meta.id } : {}),
        ...(meta?.name ? { answers: meta.name } : {}),
      };
    };
    sb.on("message", (m: ApiMessage) => {
      if (!m.visibleTo) created.push(seen(m));
    });
    sb.on("messageUpdate", (m: ApiMessage) => {
      const i = created.findIndex((c) => c.id === m.id && c.text === "");
      if (i >= 0) created[i] = seen(m);
    });
    /** When a process was killed or stopped (ms since the epoch). */
    const kills: number[] = [];
    try {
      // The computer table: Ada and a computer, Ada's turn clock 20 s. She stops answering after her first move.
      await sb.command(ADA, GENERAL, "onexeno new", { game: "basic", clock: "20" });
      await sb.command(ADA, GENERAL, "onexeno bot add");
      await sb.command(ADA, GENERAL, "onexeno start");
      await until("Ada's turn at the computer table", () => moverOf(sb.visibleMessages(GENERAL, null).at(-1)) === ADA || null);
      const deal = async (channel: string, [a, b]: readonly [string, string]) => {
        await sb.command(a, channel, "onexeno new", { game: "basic" });
        await sb.command(b, channel, "onexeno join");
        await sb.command(a, channel, "onexeno start");
      };
      for (const t of PEOPLE) await deal(t.channel, t.players);

      /**
       * One step at a people's table: a move (three interactions: two autocompletes and the
       * command), or a new game when over. `kill`, told the move's interaction once a process has
       * claimed it, may end that process (true when it did). Resolves true when the move was made
       * and a process was ended during it.
       */
      const step = async (t: (typeof PEOPLE)[number], kill?: (id: string) => Promise<boolean>): Promise<boolean> => {
        const last = sb.visibleMessages(t.channel, null).at(-1);
        const who = moverOf(last);
        if (!who) {
          if (last && Harness.ids(last, "again").length > 0) await deal(t.channel, t.players);
          else
            await until(`a turn or the end at ${t.channel}`, () => {
              const m = sb.visibleMessages(t.channel, null).at(-1);
              return moverOf(m) || (m && Harness.ids(m, "again").length > 0) || null;
            });
          return false;
        }
        const before = revOf(sb, t.channel)!;
        const cards = await sb.autocomplete(who, t.channel, "onexeno play", { card: "" }, "card");
        const playable = cards.filter((c) => /\d+ places?/.test(c.name));
        let sending: Promise<InteractionRecord>;
        if (playable.length) {
          const at = await sb.autocomplete(who, t.channel, "onexeno play", { card: String(playable[0]!.value), at: "" }, "at");
          const options = { card: String(playable[0]!.value), at: String(at[0]!.value) };
          sending = sb.command(who, t.channel, "onexeno play", options, { allowFailure: true });
        } else sending = sb.command(who, t.channel, "onexeno pass", {}, { allowFailure: true });
        let ended = false;
        if (kill) {
          const id = [...sb.interactions.values()].at(-1)!.id;
          const client = await claims.getClient();
          // Asked of Redis back to back (no pause between): the kill lands within a round trip of the claim.
          for (const t0 = Date.now(); (await client.exists(`claims:interaction:${id}`)) === 0; )
            if (Date.now() - t0 > 60_000) throw new Error(`nobody claimed the move ${id}`);
          ended = await kill(id);
        }
        const answered = await sending;
        expect(answered.callbackType, `the move at revision ${before} answered`).not.toBeNull();
        const after = await until(`the table after revision ${before} in ${t.channel}`, () => {
          const rev = revOf(sb, t.channel);
          return rev !== null && rev > before ? rev : null;
        });
        moves.push({ channel: t.channel, before, after, ...(ended ? { killed: Date.now() - t0 } : {}) });
        return ended;
      };
      const between = async (i: number) => {
        const t = PEOPLE[i % 2]!;
        // Now and then a look at the table or a hand, as people do.
        if (i % 5 === 4) await sb.command(t.players[0], t.channel, i % 10 === 4 ? "onexeno table" : "onexeno hand");
        else await step(t);
      };

      // Both running: the first third.
      for (let i = 0; sent() < 70; i++) await between(i);
      // The holder is SIGKILLed in the middle of a move, twice: once when it has claimed the move
      // but not saved it, once when it has saved it but not answered (frozen with SIGSTOP to look;
      // let go and tried again on the next move when it was elsewhere). Each time the other process
      // takes the move over and answers it: it makes the move, or shows the one found saved.
      const client = await claims.getClient();
      const takenOver: string[] = [];
      const killMidMove = async (at: "claimed" | "saved") => {
        const holder = await holderOf(running);
        const saved = async (id: string) =>
          ((await client.get(`tables::tables:${PEOPLE[0].channel}`)) ?? "").includes(`"${id}"`) ||
          ((await client.get(`tables::tables:${PEOPLE[1].channel}`)) ?? "").includes(`"${id}"`);
        const record = (id: string) => [...sb.interactions.values()].find((r) => r.id === id)!;
        const kill = async (id: string) => {
          if (at === "saved") while (!(await saved(id)) && record(id).callbackType === null) {}
          holder.proc.child.kill("SIGSTOP");
          const settled = (await client.get(`claims:interaction:${id}`)) !== holder.owner;
          if (settled || record(id).callbackType !== null || (await saved(id)) !== (at === "saved")) {
            holder.proc.child.kill("SIGCONT");
            return false;
          }
          kills.push(Date.now());
          holder.proc.child.kill("SIGKILL");
          takenOver.push(id);
          return true;
        };
        for (let i = 0; !(await step(PEOPLE[i % 2]!, kill)); i++) expect(i, `a move caught ${at}`).toBeLessThan(100);
        await holder.proc.exited;
        running = running.filter((r) => r !== holder);
      };
      await killMidMove("claimed");
      for (let i = 0; sent() < 100; i++) await between(i);
      // Started again (the host came back); meanwhile Ada's clock at the computer table ran out once, in one process.
      running.push(await startOne());
      await until("both bots on the gateway again", () => sb.connectedBots === 2 || null);
      await until(
        "Ada's time ran out at the computer table",
        () => sb.visibleMessages(GENERAL, null).some((m) => said(m).includes("time ran out")) || null,
      );
      await killMidMove("saved");
      running.push(await startOne());
      await until("both bots on the gateway once more", () => sb.connectedBots === 2 || null);
      for (let i = 0; sent() < 170; i++) await between(i);
      // The holder is stopped (SIGTERM, the old version of a deploy) in the middle of a move.
      const stopped = await holderOf(running);
      await step(PEOPLE[1], async () => {
        kills.push(Date.now());
        return stopped.proc.child.kill("SIGTERM");
      });
      expect(await stopped.proc.exited).toBe(0);
      running = running.filter((r) => r !== stopped);
      for (let i = 0; sent() < 200; i++) await between(i);

      // Every interaction answered, in time, once. Discord refused nothing, but for one case: a
      // process killed just after answering, before it could mark the interaction done, leaves it
      // to the other, whose second answer Discord refuses (40060) while the first stands.
      const all = [...sb.interactions.values()].slice(first);
      // The moves taken over were answered by the other process, after the killed one's heartbeat lapsed.
      expect(takenOver).toHaveLength(2);
      for (const id of takenOver) {
        expect(all.find((r) => r.id === id)!.ackMs).toBeGreaterThan(1000);
        // Its answer is the table after the move (the move made there, or found saved by the killed one).
        expect(created.find((c) => c.interaction === id)?.text).toMatch(/your turn|wins/);
      }
      expect(all.length).toBeGreaterThanOrEqual(200);
      expect(all.filter((r) => r.callbackType === null || r.expired).map((r) => r.commandPath ?? r.id)).toEqual([]);
      const inFlightAtKill = (r: InteractionRecord) => kills.some((k) => r.createdAt <= k && k - r.createdAt < 3000);
      const refused = all.flatMap((r) => r.refusals.map((x) => ({ r, code: x.code })));
      expect(
        refused.filter(({ r, code }) => code !== 40060 || !inFlightAtKill(r)).map(({ r, code }) => `${r.commandPath}: ${code}`),
      ).toEqual([]);
      // Every move applied once: the table moved on by exactly one revision a move.
      expect(moves.length).toBeGreaterThan(40);
      expect(
        moves.filter((m) => m.after !== m.before + 1),
        JSON.stringify([
          moves.filter((m) => m.after !== m.before + 1 || m.killed),
          kills.map((k) => k - t0),
          created.filter((c) => c.channel === CARD_ROOM).map((c) => `${c.rev} ${c.answers}: ${c.text.slice(0, 90)}`),
          all.filter((r) => (r.ackMs ?? 0) > 300).map((r) => [r.commandPath, r.createdAt - t0, r.callbackType, r.ackMs, r.refusals]),
        ]),
      ).toEqual([]);
      // No table message posted twice: at each table, one new public message a revision of each
      // game (a lobby begins the next), besides the table shown again on request (`/onexeno
      // table`); and no interaction answered by two messages.
      for (const channel of [GENERAL, CARD_ROOM, THREAD]) {
        const games: string[][] = [];
        for (const c of created.filter((m) => m.channel === channel)) {
          if (/is open here/.test(c.text) || games.length === 0) games.push([]);
          if (c.rev !== null && c.answers !== "onexeno table") games.at(-1)!.push(`${c.rev}`);
        }
        expect(games.flat().length, channel).toBeGreaterThan(0);
        for (const revs of games) expect(revs.length, `${channel}: revisions ${revs.join(",")}`).toBe(new Set(revs).size);
      }
      const answers = created.flatMap((c) => (c.interaction ? [c.interaction] : []));
      expect(answers.length).toBe(new Set(answers).size);
      // Ada's clock fired once: her seat in the saved table counts one time run out (she passed
      // then, out for the hand, and never moves again), and the table said so. The words may show
      // in two messages (the older table message tidied to its one-line record, and the live one
      // still showing its last move): counting messages failed once that way on a busy machine.
      const general = JSON.parse(((await client.get(`tables::tables:${GENERAL}`)) ?? "J{}").slice(1)) as {
        value?: { seats: { userId: string; timeouts?: number }[] };
      };
      expect(general.value?.seats.find((x) => x.userId === ADA)?.timeouts).toBe(1);
      expect(sb.visibleMessages(GENERAL, null).some((m) => said(m).includes("time ran out"))).toBe(true);
      for (const r of running) expect(r.proc.out).not.toMatch(/"level":(50|60)/);
    } catch (e) {
      throw new Error(`${(e as Error).message}\n${procs.map((p, i) => `--- process ${i}:\n${p.out}`).join("\n")}`);
    }
  }, 600_000);
});
