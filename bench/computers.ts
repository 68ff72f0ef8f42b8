/**
 * `npm run bench:computers` (issue 65): what computer moves cost of the bot's global budget, and
 * how many the bot makes a second under it. `TABLES` channels (default 24) each hold a ONEXENO
 * basic game of one person and three computers (easy), the computers moving at once
 * (`computerDelayMs` 0) but paced as in production (each channel's 5 writes in 5 s, the shared
 * global budget of 45 a second); the person plays her first legal placement as soon as it is her
 * turn, through the stand-in's slash command, and a finished table is dealt again. After
 * `SECONDS` (default 20) it prints the computer and person moves made, the bot-token requests
 * (everything but interaction answers and their webhooks) per computer move, the computer moves a
 * second over all tables, and any 429 the stand-in sent (its global limit is Discord's: 50 a
 * second). A benchmark that prints its figures, never a test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openBotStores, registerCommands, startBot } from "../src/app.ts";
import { CHANNEL_MESSAGE_LIMIT } from "../src/standin/setup.ts";
import { DEFAULT_USERS, DiscordStandin } from "../src/standin/server.ts";
import { benchChannels } from "./flight-driver.ts";

const TABLES = Number(process.env.TABLES ?? 24);
const SECONDS = Number(process.env.SECONDS ?? 20);

const quiet = {
  info() {},
  error(m: string, e?: unknown) {
    console.error(m, e);
  },
};
const channels = benchChannels(TABLES);
const sb = new DiscordStandin({ channels, users: DEFAULT_USERS });
await sb.start();
sb.messageLimit = CHANNEL_MESSAGE_LIMIT;
await registerCommands({ apiUrl: sb.apiUrl, token: sb.token, applicationId: sb.applicationId, guildId: sb.guildId });
const dir = mkdtempSync(join(tmpdir(), "onexeno-computers-"));
const stores = await openBotStores(`sqlite://${join(dir, "bench.sqlite")}`);
const bot = await startBot({ token: sb.token, apiUrl: sb.apiUrl, stores, log: quiet, computerDelayMs: 0, paceComputers: true });
await bot.ready;
const ada = DEFAULT_USERS[0]!.id;
const service = bot.service("onexeno");

/** Opens a table of Ada and three easy computers in `channelId` and deals it. */
async function deal(channelId: string): Promise<void> {
  await sb.command(ada, channelId, "onexeno new", { game: "basic" });
  for (let i = 0; i < 3; i++) await sb.command(ada, channelId, "onexeno bot add", { level: "easy" });
  await sb.command(ada, channelId, "onexeno start");
}

/** Ada's turn at `channelId`: her first legal placement, else a pass. */
async function adaPlays(channelId: string): Promise<void> {
  const cards = await sb.autocomplete(ada, channelId, "onexeno play", { card: "" }, "card");
  const playable = cards.filter((c) => /\d+ places?/.test(c.name));
  if (!playable.length) {
    await sb.command(ada, channelId, "onexeno pass");
    return;
  }
  const at = await sb.autocomplete(ada, channelId, "onexeno play", { card: String(playable[0]!.value), at: "" }, "at");
  await sb.command(ada, channelId, "onexeno play", { card: String(playable[0]!.value), at: String(at[0]?.value ?? "") });
}

for (const c of channels) await deal(c.id);
const botToken = () =>
  Object.entries(sb.stats.routes)
    .filter(([route]) => !/ \/(interactions|webhooks)\//.test(route))
    .reduce((n, [, k]) => n + k, 0);
const from = { requests: botToken(), at: Date.now(), refusals: sb.refusals.length };
/** Moves of finished games (their tables dealt again), by computers and by Ada. */
const done = { computer: 0, person: 0 };
const counted = async () => {
  const now = { ...done };
  for (const c of channels) {
    const rec = await service.get(c.id);
    for (const m of rec?.moves ?? []) now[rec?.seats[m.seat]?.computer ? "computer" : "person"]++;
  }
  return now;
};
const playing = channels.map(async (c) => {
  while (Date.now() - from.at < SECONDS * 1000) {
    const rec = await service.get(c.id);
    if (rec?.status === "over") {
      for (const m of rec.moves) done[rec.seats[m.seat]?.computer ? "computer" : "person"]++;
      await deal(c.id);
    } else if (rec?.state && rec.seats[rec.state.turn]?.userId === ada) await adaPlays(c.id);
    else await new Promise((r) => setTimeout(r, 20)); // the computers' turn: look again shortly
  }
});
await Promise.all(playing);
const seconds = (Date.now() - from.at) / 1000;
const moves = await counted();
const requests = botToken() - from.requests;
const refused = sb.refusals.slice(from.refusals).filter((r) => r.status === 429);
console.log(
  `${TABLES} tables of one person and three computers for ${seconds.toFixed(1)} s: ${moves.computer} computer moves ` +
    `(${(moves.computer / seconds).toFixed(1)} a second), ${moves.person} of the person's; ` +
    `${requests} requests with the bot's token: ${(requests / Math.max(1, moves.computer)).toFixed(2)} a computer move ` +
    `(the person's own cost ~0.1, bench:flight); 429s: ${refused.length} (${refused.filter((r) => r.global).length} global)`,
);
console.log("\nRequests with the bot's token, by route:");
for (const [route, n] of Object.entries(sb.stats.routes).sort((x, y) => y[1] - x[1]))
  if (!/ \/(interactions|webhooks)\//.test(route)) console.log(`${String(n).padStart(7)}  ${route}`);
await bot.stop();
await stores.close();
await sb.stop();
rmSync(dir, { recursive: true, force: true });
