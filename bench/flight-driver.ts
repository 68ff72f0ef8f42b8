/**
 * The bench's many-tables driver (issue 27): plays one 2-player ONEXENO game in each channel at
 * once through the Discord stand-in, the way two people would (a `/onexeno play` of the first
 * legal placement, else `/onexeno pass`), and times each move from the interaction's creation
 * to its answer. Used in the bot's process (`flight.ts`, stand-in in process) and in the
 * stand-in's own process (`standin-child.ts`).
 */
import type { DiscordStandin } from "../src/standin/server.ts";
import { DEFAULT_USERS } from "../src/standin/server.ts";
import type { onexeno as onexenoDefinition } from "../src/games/onexeno/game.ts";
import type { OnexenoState } from "../src/games/onexeno/game.ts";

/** What the driver reads of a table: its status, seats and state (a stored table record). */
export interface TableState {
  readonly status: string;
  readonly seats: readonly { readonly userId: string }[];
  readonly state: OnexenoState | null;
}

/** `n` text channels for the bench's tables (snowflake ids, `bench-i`). */
export function benchChannels(n: number): { id: string; name: string; type: 0; parentId: null }[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `2100000000000${String(i).padStart(5, "0")}`,
    name: `bench-${i}`,
    type: 0 as const,
    parentId: null,
  }));
}

/**
 * One move's interaction as the stand-in sent it: its token, when its INTERACTION_CREATE went
 * out (`Date.now()` ms of the stand-in's process) and the callback type the bot answered with.
 */
export interface SentInteraction {
  readonly token: string;
  readonly sentAt: number;
  readonly callbackType: number | null;
}

/**
 * Moves played, per-move latency (ms, one a move, as the driver saw it: the interaction made,
 * sent, answered and the answer read), each move's interaction, and the run's wall time (ms).
 */
export interface FlightResult {
  readonly lat: number[];
  readonly sent: SentInteraction[];
  readonly moves: number;
  readonly wallMs: number;
}

/**
 * How the driver plays: `rate` (moves a second, all tables together) paces the tables, else each
 * moves the moment its last move is answered; `seconds` keeps every table playing games back to
 * back (a new game as soon as one ends) until that many seconds have passed, so that all the
 * tables are in flight for the whole run, else each table plays one game.
 */
export interface PlayOptions {
  readonly rate?: number;
  readonly seconds?: number;
  /**
   * The turn clock the games are opened with (`/onexeno new clock:`; default the command's).
   * The soak's "off": its clocks run 50 times faster than real time, so a person's move late
   * under load would race the computer moving for them, and be refused as out of turn.
   */
  readonly clock?: string;
}

/**
 * Plays a game in every channel at once (with `seconds`, games back to back until the time is
 * up; the game under way then stays open). `read` gives a channel's table as last saved; after a
 * move the driver reads again until the state's version has moved on (the save may land just
 * after the answer), and after a start until the table reads as playing, so it never plays from
 * a stale state. Without `rate` each table moves the moment its last move is answered (a closed
 * loop: the bot saturated); with `rate` (moves a second, all tables together) each table moves
 * every `tables / rate` s, its first move at a random point of that period, later ones on a fixed
 * schedule (an open loop, as load generators such as wrk2 keep it): a move whose turn came while
 * the last was still unanswered goes as soon as it is, and the next keeps its own time.
 * Errors: rejects when the bot refuses a move (an ephemeral answer) or a game stalls.
 */
export async function playTables(
  sb: DiscordStandin,
  channels: readonly { id: string }[],
  read: (channelId: string) => Promise<TableState | undefined>,
  game: typeof onexenoDefinition,
  { rate, seconds, clock }: PlayOptions = {},
): Promise<FlightResult> {
  const every = rate ? (channels.length / rate) * 1000 : 0;
  const [a, b] = [DEFAULT_USERS[0]!.id, DEFAULT_USERS[1]!.id];
  const lat: number[] = [];
  const sent: SentInteraction[] = [];
  let moves = 0;
  const t0 = performance.now();
  const end = seconds === undefined ? Number.POSITIVE_INFINITY : t0 + seconds * 1000;
  /** The table as saved once `ready` holds (read again every millisecond, at most 2 s). */
  const readUntil = async (channelId: string, ready: (r: TableState | undefined) => boolean, what: string) => {
    let r = await read(channelId);
    for (let tries = 0; !ready(r); tries++) {
      if (tries > 2000) throw new Error(`${channelId}: ${what}`);
      await new Promise((res) => setTimeout(res, 1));
      r = await read(channelId);
    }
    return r;
  };
  await Promise.all(
    channels.map(async (ch) => {
      let due = performance.now() + Math.random() * every; // spread the tables' moves over the period
      do {
        await sb.command(a, ch.id, "onexeno new", { game: "basic", ...(clock ? { clock } : {}) });
        await sb.command(b, ch.id, "onexeno join");
        await sb.command(a, ch.id, "onexeno start");
        await readUntil(ch.id, (r) => r?.status === "playing" && r.state !== null, "the started game never read as playing");
        let last = -1;
        for (;;) {
          const wait = due - performance.now();
          if (wait > 0) await new Promise((res) => setTimeout(res, wait));
          due += every; // on schedule: a table whose answer came late catches up, so the run's rate holds
          if (performance.now() >= end) return;
          const r = await readUntil(
            ch.id,
            (r) => !(r?.state && r.status === "playing" && r.state.version === last),
            `the table stayed at version ${last}`,
          );
          if (!r?.state || r.status !== "playing") break;
          const s = r.state;
          last = s.version;
          const user = r.seats[s.turn]!.userId;
          const place = game.legalMoves(s, s.turn).find((m) => m.kind === "place");
          const t = performance.now();
          const rec =
            place && place.kind === "place"
              ? await sb.command(user, ch.id, "onexeno play", { card: String(place.card), at: `${place.x},${place.y},${place.rot}` })
              : await sb.command(user, ch.id, "onexeno pass");
          lat.push(performance.now() - t);
          sent.push({ token: rec.token, sentAt: rec.sentAt, callbackType: rec.callbackType });
          if (rec.original?.visibleTo) throw new Error(`refused: ${rec.original.content}`);
          moves++;
        }
      } while (seconds !== undefined && performance.now() < end);
    }),
  );
  return { lat, sent, moves, wallMs: performance.now() - t0 };
}
