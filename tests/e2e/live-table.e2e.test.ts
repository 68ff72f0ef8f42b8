/**
 * The live table's sockets (issue 50), end to end on the stand-in without a browser: sign-in as
 * the page does it (a code from Discord's client, here the stand-in; the bot's token exchange;
 * the WebSocket's hello), then what a socket may and may not get:
 * - every frame a seat's socket receives is that seat's own view (compared byte for byte with
 *   the game's drawing for that seat, so a frame drawn for another seat fails), a spectator's
 *   the public one;
 * - a forged move (a number never offered, a move of another seat, garbage) and a replayed one
 *   change nothing and are answered with an error on that socket only;
 * - a socket without a valid token, from another origin, or of a user not in the Activity gets
 *   nothing and is closed;
 * - the app's Entry Point command (the App Launcher's), registered with the bot's handler, opens
 *   the channel's live table: "no table yet" where there is none.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buttonMove, type LiveFrame } from "../../src/surfaces/live-table/hub.ts";
import { registerCommands } from "../../src/app.ts";
import { positionLabel } from "../../src/games/onexeno/board.ts";
import { topWaste, wastePlacements } from "../../src/games/onexeno/solitaire.ts";
import { cardLabelIn } from "../../render/onexeno/words.ts";
import { sortHand as sortedHand } from "../../src/games/onze/cards.ts";
import { cardNameIn } from "../../render/onze/words.ts";
import { said } from "../helpers/message.ts";
import { ADA, BEN, CARD_ROOM, CLEO, DEV, GENERAL, Harness, THREAD } from "./harness.ts";

const h = new Harness({ activity: true });
let origin = "";

beforeAll(async () => {
  await h.start();
  origin = new URL(h.bot.liveTable?.url ?? "").origin;
}, 60_000);
afterAll(async () => {
  await h.close();
});

/** The chat table's newest message with a control of `verb` in `channel`. */
function newest(verb: string, channel = GENERAL) {
  const m = h.standin.visibleMessages(channel, null).findLast((x) => Harness.ids(x, verb).length > 0);
  if (!m) throw new Error(`no message with ${verb}`);
  return m;
}

/** What a page does to sign `user` in at `channel`: launched by their click, a code from the stand-in (Discord's client), the bot's exchange. */
async function signIn(user: string, channel = GENERAL): Promise<{ token: string; instance: string }> {
  await h.standin.click(user, newest("live", channel), Harness.idOf(newest("live", channel), "live"));
  const inst = [...h.standin.activities.instances.values()].find((i) => i.location.channelId === channel && i.users.includes(user));
  if (!inst) throw new Error("not launched");
  const code = (await post(`${h.standin.url}/local/activity/authorize`, { user, instance: inst.instanceId })) as { code: string };
  const { access_token } = (await post(`${origin}/api/token`, { code: code.code }, { origin })) as { access_token: string };
  return { token: access_token, instance: inst.instanceId };
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

/** A socket as the page opens it, with everything it receives and how it closed. */
class Socket {
  readonly got: { t: string; [k: string]: unknown }[] = [];
  closed: number | null = null;
  private readonly ws: WebSocket;
  readonly opened: Promise<void>;
  constructor(wsOrigin = origin) {
    this.ws = new WebSocket(`${origin.replace(/^http/, "ws")}/api/live`, { origin: wsOrigin });
    this.ws.on("message", (d) => this.got.push(JSON.parse(String(d))));
    this.ws.on("close", (code) => {
      this.closed = code;
    });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
    });
  }
  send(value: unknown): void {
    this.ws.send(typeof value === "string" ? value : JSON.stringify(value));
  }
  get frames(): LiveFrame[] {
    return this.got.filter((m) => m.t === "frame") as unknown as LiveFrame[];
  }
  get errors(): string[] {
    return this.got.filter((m) => m.t === "error").map((m) => String(m.code));
  }
  /**
   * Sends move `id` of the frame at `rev`, as the page does, and resolves with `moved()` once it
   * holds. Refused for clicking too fast (the hub allows `MOVES_PER_SECOND` a user, in windows of
   * a second, and the tests click faster than people): clicked again once that second is over, as
   * a person would. Any other refusal fails.
   */
  async act<T>(rev: number, id: number | undefined, moved: () => Promise<T | null>): Promise<T> {
    for (;;) {
      const before = this.errors.length;
      this.send({ t: "act", rev, id });
      const got = await h.until("the move", async () => (await moved()) ?? (this.errors.length > before ? ("refused" as const) : null));
      if (got !== "refused") return got;
      if (this.errors.at(-1) !== "live/too_fast") throw new Error(`the move was refused: ${this.errors.at(-1)}`);
      await new Promise((r) => setTimeout(r, 1000)); // the limiter's window
    }
  }
  /** The newest frame once it is at `rev`. */
  async at(rev: number): Promise<LiveFrame> {
    return h.until(`a frame at rev ${rev}`, async () => this.frames.findLast((f) => f.rev === rev) ?? null);
  }
  close(): void {
    this.ws.close();
  }
}

async function open(user: string, channel = GENERAL): Promise<Socket> {
  const { token, instance } = await signIn(user, channel);
  const s = new Socket();
  await s.opened;
  s.send({ t: "hello", token, instance });
  return s;
}

/** Expects `s` closed by the bot with `code`, having received nothing. */
async function shut(s: Socket, code: number): Promise<void> {
  await h.until(`closed with ${code}`, async () => (s.closed !== null ? true : null));
  expect(s.closed).toBe(code);
  expect(s.got).toEqual([]);
}

/** The expected frame's pictures for `seat` (null: a spectator): what the game draws for that seat, as the socket carries it. */
async function expected(seat: number | null, locale = "en" as const) {
  const rec = await h.bot.service("onexeno").get(GENERAL);
  const live = h.bot.liveTable ? (await import("../../commands/onexeno/live-table.ts")).ONEXENO_LIVE : null;
  if (!rec || !live) throw new Error("no table");
  const d = await live.draft(rec, seat, locale);
  const src = (png: Buffer | null | undefined) => (png ? `data:image/png;base64,${png.toString("base64")}` : null);
  return { rev: rec.rev, table: src(await live.picture(rec)), hand: src(d.hand?.png), keys: (d.hand?.hits ?? []).map((x) => x.select) };
}

describe("the live table's sockets", () => {
  it("carry each seat its own view only; forged and replayed moves change nothing; strangers get nothing", async () => {
    const sb = h.standin;
    await h.dealOnexeno(GENERAL, [ADA, BEN, CLEO]);
    const service = h.bot.service("onexeno");
    const seats = [ADA, BEN, CLEO];
    const sockets = new Map<string, Socket>();
    for (const u of [...seats, DEV]) sockets.set(u, await open(u));

    // Ten moves made through the sockets; after each, every socket's frame is its own seat's view.
    for (let n = 0; n < 10; n++) {
      const rec = await service.get(GENERAL);
      if (!rec?.state || rec.status !== "playing") break;
      for (const [u, s] of sockets) {
        const frame = await s.at(rec.rev);
        const mine = await expected(u === DEV ? null : seats.indexOf(u));
        expect(frame.table?.src).toBe(mine.table);
        expect(frame.hand?.src ?? null).toBe(mine.hand);
        expect(frame.hand?.hits.map((x) => x.select) ?? []).toEqual(mine.keys);
      }
      const dev = sockets.get(DEV) as Socket;
      expect((await dev.at(rec.rev)).hand).toBeNull();
      // Every socket sees the deal's seal, as the chat table shows it, and never the seed (issue 62).
      for (const [, s] of sockets) {
        const f = await s.at(rec.rev);
        expect(f.deal).toContain(`Deal sealed: ${createHash("sha256").update(rec.seed).digest("hex").slice(0, 16)}`);
        expect(JSON.stringify(f).includes(rec.seed)).toBe(false);
      }
      expect((await dev.at(rec.rev)).buttons).toEqual([]);
      // The player to move picks a card and a target (or passes) by their numbers, as the page sends them.
      const turn = sockets.get(rec.seats[rec.state.turn]?.userId ?? "") as Socket;
      const frame = await turn.at(rec.rev);
      const target = frame.table?.hits.find((x) => x.moves?.length)?.moves?.[0]?.id ?? buttonMove(frame.buttons[0]);
      expect(target).toBeDefined();
      turn.send({ t: "act", rev: rec.rev, id: target });
      await h.until("the move", async () => ((await service.get(GENERAL))?.rev ?? 0) > rec.rev || null);
      if (n === 3) {
        // Replayed: the same message again changes nothing, and only its sender hears of it.
        const after = (await service.get(GENERAL))?.rev;
        const others = [...sockets.values()].filter((s) => s !== turn).map((s) => s.errors.length);
        turn.send({ t: "act", rev: rec.rev, id: target });
        await h.until("refused", async () => (turn.errors.length > 0 ? true : null));
        expect(turn.errors.at(-1)).toBe("live/stale");
        expect((await service.get(GENERAL))?.rev).toBe(after);
        expect([...sockets.values()].filter((s) => s !== turn).map((s) => s.errors.length)).toEqual(others);
        turn.errors.length = 0;
      }
    }

    // Forged: a number never offered, garbage, a seat whose turn it is not, a spectator.
    const rec = await service.get(GENERAL);
    if (!rec?.state) throw new Error("no table");
    const turnUser = rec.seats[rec.state.turn]?.userId ?? "";
    const idle = seats.find((u) => u !== turnUser) as string;
    const cases: [string, unknown, string][] = [
      [turnUser, { t: "act", rev: rec.rev, id: 9999 }, "live/not_offered"],
      [turnUser, "not json", "live/bad_message"],
      [turnUser, { t: "act", rev: rec.rev, id: 0, extra: 1 }, "live/bad_message"],
      [idle, { t: "act", rev: rec.rev, id: 0 }, "live/not_offered"],
      [DEV, { t: "act", rev: rec.rev, id: 0 }, "live/not_offered"],
    ];
    for (const [u, message, code] of cases) {
      const s = sockets.get(u) as Socket;
      await s.at(rec.rev);
      const before = s.errors.length;
      s.send(message);
      await h.until(`${code} for ${u}`, async () => (s.errors.length > before ? true : null));
      expect(s.errors.at(-1)).toBe(code);
    }
    expect((await service.get(GENERAL))?.rev).toBe(rec.rev);

    // Another process acting on the guild (the first of a start-first deploy holds its claim): an
    // offered move is not made here; once the claim is this process's again, it is.
    const claims = h.stores.claims;
    const claim = claims.claim.bind(claims);
    const mover = sockets.get(turnUser) as Socket;
    const frame = await mover.at(rec.rev);
    const offered = frame.table?.hits.find((x) => x.moves?.length)?.moves?.[0]?.id ?? buttonMove(frame.buttons[0]);
    Object.assign(claims, { claim: async (key: string, ttl: number) => (key.startsWith("guild:") ? "refused" : claim(key, ttl)) });
    try {
      const before = mover.errors.length;
      mover.send({ t: "act", rev: rec.rev, id: offered });
      await h.until("live/elsewhere", async () => (mover.errors.length > before ? true : null));
      expect(mover.errors.at(-1)).toBe("live/elsewhere");
      expect((await service.get(GENERAL))?.rev).toBe(rec.rev);
    } finally {
      Object.assign(claims, { claim });
    }
    mover.send({ t: "act", rev: rec.rev, id: offered });
    await h.until("the move, with the claim back", async () => ((await service.get(GENERAL))?.rev ?? 0) > rec.rev || null);

    // Strangers: a bad token, another origin, a message before the hello, a user not in the Activity.
    const inst = [...sb.activities.instances.values()].find((i) => i.location.channelId === GENERAL);
    const bad = new Socket();
    await bad.opened;
    bad.send({ t: "hello", token: "forged", instance: inst?.instanceId });
    await shut(bad, 4001);
    const elsewhere = new Socket("https://evil.example");
    await shut(elsewhere, 4003);
    const early = new Socket();
    await early.opened;
    early.send({ t: "act", rev: rec.rev, id: 0 });
    await shut(early, 4001);
    // A real token of Dev's, for an instance Dev is not in (he launched none): refused.
    const code = sb.activities.authorize(DEV, ["identify"]);
    const { access_token } = (await post(`${origin}/api/token`, { code }, { origin })) as { access_token: string };
    const stranger = new Socket();
    await stranger.opened;
    const other = [...sb.activities.instances.values()].find((i) => !i.users.includes(DEV));
    stranger.send({ t: "hello", token: access_token, instance: other?.instanceId ?? "none" });
    await shut(stranger, 4001);
    // The token endpoint: another origin, a spent code.
    await expect(post(`${origin}/api/token`, { code }, { origin: "https://evil.example" })).rejects.toThrow(/403/);
    await expect(post(`${origin}/api/token`, { code }, { origin })).rejects.toThrow(/401/);

    for (const s of sockets.values()) s.close();
    expect(h.log.errors).toEqual([]);
  }, 120_000);
});

describe("solitaire on the live table", () => {
  it("the player plays the waste on the picture (the top card, then a cell, each turn named; Draw a button); a watcher gets the picture only; the thread's table follows", async () => {
    const sb = h.standin;
    const opened = await sb.command(ADA, GENERAL, "onexeno new", { game: "solitaire", seed: "live-solitaire" });
    const thread = /<#(\d+)>/.exec(said(opened.original))?.[1] ?? "";
    const service = h.bot.service("solitaire");
    const ada = await open(ADA, thread);
    const ben = await open(BEN, thread);
    const act = (s: Socket, rev: number, id: number) =>
      s.act(rev, id, async () => {
        const now = await service.get(thread);
        return now && now.rev > rev ? now : null;
      });
    // Draw (a button on each of the player's frames) until the top card fits somewhere.
    let rec = await service.get(thread);
    for (let i = 0; rec?.state && wastePlacements(rec.state).length === 0 && i < 40; i++) {
      const frame = await ada.at(rec.rev);
      expect(frame.table?.hits).toEqual([]);
      expect(frame.buttons.map((b) => b.label)).toEqual([rec.state.stock.length > 0 ? "Draw 3" : "Turn over & draw"]);
      rec = await act(ada, rec.rev, buttonMove(frame.buttons[0]) ?? -1);
    }
    if (!rec?.state) throw new Error("no solitaire");
    const state = rec.state;
    const frame = await ada.at(rec.rev);
    const top = topWaste(state);
    expect(top).not.toBeNull();
    // The top card is the selection; each cell where it fits waits for it, with its turns there.
    const waste = frame.table?.hits.filter((x) => x.select) ?? [];
    expect(waste).toMatchObject([{ select: "waste", label: cardLabelIn("en", top ?? 0) }]);
    const targets = frame.table?.hits.filter((x) => x.when === "waste") ?? [];
    const places = wastePlacements(state);
    expect(targets.map((x) => x.label.split(" · ")[0]).sort()).toEqual([...new Set(places.map((p) => positionLabel(p.x, p.y)))].sort());
    expect(targets.flatMap((x) => x.moves ?? [])).toHaveLength(places.length);
    expect(frame.line).toContain(cardLabelIn("en", top ?? 0));
    // The watcher: the same picture, nothing to click, no hand.
    const watched = await ben.at(rec.rev);
    expect(watched.table?.src).toBe(frame.table?.src);
    expect(watched.table?.hits).toEqual([]);
    expect(watched.buttons).toEqual([]);
    expect(watched.hand).toBeNull();
    // Ben's forged click on Ada's offer: refused on his socket, nothing moves.
    const target = targets[0];
    const move = target?.moves?.[0];
    if (!target || !move) throw new Error("no target");
    ben.send({ t: "act", rev: rec.rev, id: move.id });
    await h.until("Ben refused", async () => (ben.errors.length > 0 ? true : null));
    expect(ben.errors).toEqual(["live/not_offered"]);
    expect((await service.get(thread))?.rev).toBe(rec.rev);
    // Ada's click places the card on that cell, and the thread's table message follows.
    const after = await act(ada, rec.rev, move.id);
    const placed = after.state?.last?.placed;
    expect(placed && positionLabel(placed.x, placed.y)).toBe(target.label.split(" · ")[0]);
    expect(placed?.card).toBe(top);
    await h.waitForPublic(thread, (m) => Harness.ids(m, "sdraw").some((id) => id.split("|")[2] === String(after.rev)));
    expect((await ben.at(after.rev)).table?.src).toBe((await ada.at(after.rev)).table?.src);
    ada.close();
    ben.close();
    expect(ada.errors.filter((c) => c !== "live/too_fast")).toEqual([]); // clicked again: `Socket.act`
    expect(h.log.errors).toEqual([]);
  });
});

describe("Onze on the live table", () => {
  it("the player to move draws on the stock and discards on the pile; a card for sale is declined and bought by the others' buttons and pile; the thread's table follows", async () => {
    const sb = h.standin;
    await sb.command(ADA, THREAD, "onze new", { clock: "off", seed: "live-onze" });
    for (const u of [BEN, CLEO]) await sb.command(u, THREAD, "onze join");
    await sb.command(ADA, THREAD, "onze start");
    const service = h.bot.service("onze");
    const rec = await h.until("dealt", async () => {
      const r = await service.get(THREAD);
      return r?.status === "playing" && r.state ? r : null;
    });
    const s0 = rec.state;
    if (!s0) throw new Error("no onze");
    const users = rec.seats.map((x) => x.userId);
    const sockets = new Map<string, Socket>();
    for (const u of [ADA, BEN, CLEO, DEV]) sockets.set(u, await open(u, THREAD));
    const socketOf = (seat: number) => sockets.get(users[seat] ?? "") as Socket;
    const mover = s0.turn;
    const buyer = (mover + 1) % 3;
    const decliner = (mover + 2) % 3;
    const act = (s: Socket, rev: number, id: number | undefined) => {
      expect(id).toBeDefined();
      return s.act(rev, id, async () => {
        const now = await service.get(THREAD);
        return now?.state && now.rev > rev ? now : null;
      });
    };

    // The draw: the stock and the top discard, each a click; nobody else has anything to click; a spectator no hand.
    let frame = await socketOf(mover).at(rec.rev);
    const top = s0.discard.at(-1) ?? 0;
    expect(frame.table?.hits.map((x) => [x.label, x.moves?.length])).toEqual([
      ["Draw from the stock", 1],
      [`Take ${cardNameIn("en", top)}`, 1],
    ]);
    expect(frame.hand?.hits).toEqual([]);
    for (const seat of [buyer, decliner]) expect((await socketOf(seat).at(rec.rev)).table?.hits).toEqual([]);
    expect((await (sockets.get(DEV) as Socket).at(rec.rev)).hand).toBeNull();
    let now = await act(socketOf(mover), rec.rev, frame.table?.hits[0]?.moves?.[0]?.id);
    expect(now.state?.forSale).toBe(top);

    // The card passed over is for sale: one says no thanks (a button), the other buys it on the pile.
    const offer = await socketOf(decliner).at(now.rev);
    expect(offer.buttons.map((b) => b.label)).toEqual([`Buy ${cardNameIn("en", top)} (+1 penalty card)`, "No thanks"]);
    now = await act(socketOf(decliner), now.rev, buttonMove(offer.buttons[1]));
    expect(now.state?.declines).toEqual([decliner]);
    const pile = (await socketOf(buyer).at(now.rev)).table?.hits ?? [];
    expect(pile.map((x) => x.label)).toEqual([`Buy ${cardNameIn("en", top)} (+1 penalty card)`]);
    now = await act(socketOf(buyer), now.rev, pile[0]?.moves?.[0]?.id);
    expect(now.state?.claims).toEqual([buyer]);

    // The discard: a card of the hand, then the pile (the mover's frame at the newest revision: a buy moved it on meanwhile).
    frame = await socketOf(mover).at(now.rev);
    const hand = sortedHand(now.state?.hands[mover] ?? []);
    expect(frame.hand?.hits.map((x) => x.label)).toEqual(hand.map((c) => cardNameIn("en", c)));
    const pick = frame.hand?.hits[0];
    const target = frame.table?.hits.find((x) => x.when === pick?.select);
    expect(target?.label).toBe(`Discard ${pick?.label}`);
    // The buyer sending the mover's number: refused on his socket, nothing moves.
    const buyerSocket = socketOf(buyer);
    buyerSocket.send({ t: "act", rev: now.rev, id: target?.moves?.[0]?.id });
    await h.until("refused", async () => (buyerSocket.errors.length > 0 ? true : null));
    expect(buyerSocket.errors).toEqual(["live/not_offered"]);
    const handSizes = now.state?.hands.map((x) => x.length) ?? [];
    const after = await act(socketOf(mover), now.rev, target?.moves?.[0]?.id);
    // The discard ended the turn; the buyer took the card and a penalty card.
    expect(after.state?.turn).toBe((mover + 1) % 3);
    expect(after.state?.hands.map((x) => x.length)).toEqual(handSizes.map((n, i) => (i === mover ? n - 1 : i === buyer ? n + 2 : n)));
    await h.waitForPublic(THREAD, (m) => Harness.ids(m, "zhand").some((id) => id.split("|")[2] === String(after.rev)));
    for (const s of sockets.values()) s.close();
    expect([...sockets.values()].flatMap((s) => (s === buyerSocket ? [] : s.errors))).toEqual([]);
    expect(h.log.errors).toEqual([]);
  });
});

describe("the App Launcher", () => {
  it("runs the bot's Entry Point command: registered globally in place of Discord's, answered with type 12, the live table of that channel as it opens", async () => {
    const sb = h.standin;
    const app = { token: sb.token, apiUrl: sb.apiUrl, applicationId: sb.applicationId, guildId: null };
    // Discord made its own when the Activities were enabled (the harness did): the bot's takes its place.
    expect(sb.entryPoint).toMatchObject({ name: "launch", handler: 2 });
    const refusedBefore = sb.refusals.length;
    await registerCommands({ ...app, entryPoint: true });
    expect(sb.entryPoint).toMatchObject({ name: "launch", type: 4, handler: 1, contexts: [0, 1, 2], integration_types: [0, 1] });
    expect((sb.entryPoint?.description_localizations as Record<string, string>).fr).toMatch(/table en direct/);
    // A registration that does not answer it (a deploy without ACTIVITY_PORT) keeps it as it is.
    await registerCommands(app);
    expect(sb.entryPoint).toMatchObject({ name: "launch", handler: 1 });
    expect(sb.refusals.slice(refusedBefore)).toEqual([]);

    const rec = await sb.launch(CLEO, CARD_ROOM);
    expect(rec?.callbackType).toBe(12);
    const inst = [...sb.activities.instances.values()].find((i) => i.location.channelId === CARD_ROOM);
    expect(inst?.users).toEqual([CLEO]);
    const { code } = (await post(`${sb.url}/local/activity/authorize`, { user: CLEO, instance: inst?.instanceId })) as { code: string };
    const { access_token } = (await post(`${origin}/api/token`, { code }, { origin })) as { access_token: string };
    const s = new Socket();
    await s.opened;
    s.send({ t: "hello", token: access_token, instance: inst?.instanceId });
    const empty = await h.until("the live table's first message", async () => s.got[0] ?? null);
    expect(empty).toEqual({ t: "empty", line: "No table in this channel yet: open one with a game's new command." });
    // A table opened there reaches the open page by itself; canasta's table message offers the live table too.
    await sb.command(CLEO, CARD_ROOM, "onexeno new", { game: "canasta" });
    await sb.click(CLEO, h.latestPublic(CARD_ROOM), Harness.idOf(h.latestPublic(CARD_ROOM), "addbot"));
    await sb.command(CLEO, CARD_ROOM, "onexeno start");
    const table = await h.waitForPublic(CARD_ROOM, (m) => Harness.ids(m, "chand").length > 0);
    expect(Harness.ids(table, "live")).toHaveLength(1);
    const frame = await h.until(
      "a canasta frame",
      async () => s.frames.find((f) => f.game === "canasta" && f.status === "playing") ?? null,
    );
    // Cleo's seat: her own hand picture; the first frame is a draw or the computer's turn, no card of the hand to pick.
    expect(frame.hand).not.toBeNull();
    expect(frame.hand?.hits).toEqual([]);
    if (frame.line.startsWith("Your turn: draw")) expect(frame.buttons.map((b) => b.label)).toContain("Draw from stack");
    else expect([frame.line, frame.buttons]).toEqual(["It is Computer 1 (normal)'s turn.", []]);
    s.close();
    expect(h.log.errors).toEqual([]);
  });
});

describe("the live table in a group DM", () => {
  it("a person's move there is said by the next answer in the chat, as a computer's is (issue 63)", async () => {
    const sb = h.standin;
    const DM = "200000000000000010"; // Ada's user install reaches it; the bot is not in it
    await registerCommands({ token: sb.token, apiUrl: sb.apiUrl, applicationId: sb.applicationId, guildId: null });
    await sb.command(ADA, DM, "onexeno new", { game: "basic", clock: "off" });
    await sb.click(BEN, newest("join", DM), Harness.idOf(newest("join", DM), "join"));
    await sb.click(ADA, newest("addbot", DM), Harness.idOf(newest("addbot", DM), "addbot"));
    await sb.click(ADA, newest("start", DM), Harness.idOf(newest("start", DM), "start"));
    const service = h.bot.service("onexeno");
    // The start's click moved the computer if it was first: a person is to move now.
    const rec = await h.until("a person's turn", async () => {
      const r = await service.get(DM);
      return r?.state && !r.seats[r.state.turn]?.computer ? r : null;
    });
    const first = rec.seats[rec.state!.turn]!;
    const socket = await open(first.userId!, DM);
    const frame = await socket.at(rec.rev);
    const target = frame.table?.hits.find((x) => x.moves?.length);
    expect(target).toBeDefined();
    const moved = await socket.act(rec.rev, target?.moves?.[0]?.id, async () => {
      const r = await service.get(DM);
      return r && r.rev > rec.rev && r.state && !r.seats[r.state.turn]?.computer ? r : null;
    });
    socket.close();
    // The other person plays by the chat's buttons. Their first click there (their hand) is followed
    // by the table as it stands, saying the live move first: the chat catches up on any click.
    const second = moved.seats[moved.state!.turn]!;
    expect(second.userId).not.toBe(first.userId);
    const table = newest("hand", DM);
    const panel = (await sb.click(second.userId!, table, Harness.idOf(table, "hand"))).original!;
    const at = target?.label ?? "?";
    const caught = await h.until("the table as it stands", async () => {
      const m = sb.visibleMessages(DM, null).findLast((x) => x.visibleTo === undefined && Harness.ids(x, "hand").length > 0);
      return m && Harness.idOf(m, "hand").split("|")[2] === String(moved.rev) ? m : null;
    });
    expect(said(caught)).toMatch(new RegExp(`${first.name}[^\\n]* ${at}\\b`));
    const cards = Harness.selectOptions(panel, "card");
    if (cards.length === 0) await sb.click(second.userId!, panel, Harness.idOf(panel, "pass"));
    else {
      const chose = (await sb.select(second.userId!, panel, Harness.idOf(panel, "card"), [cards[0]!.value])).original!;
      await sb.select(second.userId!, chose, Harness.idOf(chose, "place"), [Harness.selectOptions(chose, "place")[0]!.value]);
    }
    // The table after that move (and the computers' moves inside it), shown by its answers.
    await h.until("the next table", async () => {
      const now = await service.get(DM);
      const m = sb.visibleMessages(DM, null).findLast((x) => Harness.ids(x, "hand").length > 0);
      return now && now.rev > moved.rev && m && Harness.idOf(m, "hand").split("|")[2] === String(now.rev) ? m : null;
    });
    expect(h.log.errors).toEqual([]);
  });
  it("runs the lobby there: Ben joins and Ada seats an expert and starts canasta from their sockets; the chat's lobby and table follow (issue 66)", async () => {
    const sb = h.standin;
    const DM = sb.createGroupDm("Ada, Ben", [ADA, BEN]).id; // a group DM of its own: the one before holds its table
    await registerCommands({ token: sb.token, apiUrl: sb.apiUrl, applicationId: sb.applicationId, guildId: null });
    await sb.command(ADA, DM, "onexeno new", { game: "canasta", clock: "off" });
    const service = h.bot.service("canasta");
    const lobby = (await service.get(DM))!;
    const button = (frame: LiveFrame, label: string) => {
      const b = frame.buttons.find((x) => x.label === label);
      if (!b) throw new Error(`no ${label} in ${frame.buttons.map((x) => x.label).join(", ")}`);
      return buttonMove(b);
    };
    // Ben, not seated, is offered Join alone; Ada, the host, the computers and Start (and Leave, with Ben seated).
    const ben = await open(BEN, DM);
    const benFrame = await ben.at(lobby.rev);
    expect(benFrame.buttons.map((x) => x.label)).toEqual(["Join"]);
    const joined = await ben.act(lobby.rev, button(benFrame, "Join"), async () => {
      const r = await service.get(DM);
      return r && r.seats.some((x) => x.userId === BEN) ? r : null;
    });
    const ada = await open(ADA, DM);
    const adaFrame = await ada.at(joined.rev);
    expect(adaFrame.buttons.map((x) => x.label)).toEqual(["Add computer player", "Add expert", "Start", "Leave"]);
    const seated = await ada.act(joined.rev, button(adaFrame, "Add expert"), async () => {
      const r = await service.get(DM);
      return r && r.seats.length === 3 ? r : null;
    });
    expect(seated.seats.map((x) => [x.name, x.computer ?? null])).toEqual([
      ["Ada", null],
      ["Ben", null],
      ["Computer 1 (expert)", "expert"],
    ]);
    expect((await ada.at(seated.rev)).line).toContain("Computer 1 (expert)");
    const started = await ada.act(seated.rev, button(await ada.at(seated.rev), "Start"), async () => {
      const r = await service.get(DM);
      return r?.status === "playing" ? r : null;
    });
    ben.close();
    ada.close();
    expect(started.state!.hand).toBe(1);
    // The chat could not be written to meanwhile (the bot is not in a group DM): the next click there,
    // Ben's Join on the old lobby, is refused privately and followed by the table as it stands.
    const stale = newest("join", DM);
    const refused = await sb.click(BEN, stale, Harness.idOf(stale, "join"));
    expect(said(refused.original)).toContain("already started");
    expect(refused.original?.visibleTo).toBe(BEN);
    // (with the computer's moves made in that click: the table as it stands once they are done).
    const shown = await h.until("the chat's table as it stands", async () => {
      const now = await service.get(DM);
      const m = sb.visibleMessages(DM, null).findLast((x) => x.visibleTo === undefined && Harness.ids(x, "chand").length > 0);
      return now && m && Harness.idOf(m, "chand").split("|")[2] === String(now.rev) ? m : null;
    });
    expect(said(shown)).toContain("Computer 1 (expert)");
    expect(h.log.errors).toEqual([]);
  });
});
