/**
 * A whole tournament through the stand-in, as a community runs one: the moderator creates an
 * 8-entrant Swiss of ONEXENO basic (3 rounds, tables of 4); Ada joins with the button, Ben with
 * the command, six computer entrants fill the field. Every round is seated in threads, every
 * game is played (Ada and Ben by slash commands, computers by themselves) and recorded by the
 * bot, and the bot restarts between rounds. The podium and the standings are posted as
 * pictures (saved to tests/__output__ to look at), the CSV export holds every game.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_GRACE_MS } from "../../src/bot/clock.ts";
import { bracketOf, shownStandings } from "../../src/bot/tournament-rules.ts";
import { TournamentService, type Tournament } from "../../src/bot/tournaments.ts";
import { ADA, BEN, CARD_ROOM, CLEO, DEV, GENERAL, Harness, MOD, takeTurn } from "./harness.ts";
import { said } from "../helpers/message.ts";
import { interactiveComponents } from "../../src/standin/limits.ts";
import type { ApiMessage } from "../../src/standin/types.ts";
import { rulesPages } from "../../commands/rules.ts";
import { RULES } from "../../commands/tournament/messages.ts";
import type { GameRecord } from "../../src/bot/game-record.ts";

const OUT = join(import.meta.dirname, "..", "__output__");

describe("a tournament from sign-up to podium", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await new Harness().start();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Plays every open table of the event's current round until the event moves on. */
  async function playRound(t: Tournament): Promise<void> {
    const round = t.played.at(-1)!;
    for (;;) {
      const now = (await h.bot.tournaments.get(t.id))!;
      if (now.status !== "running" || now.played.length > round.number || now.played.at(-1)!.tables.every((x) => x.result)) return;
      let moved = false;
      for (const table of now.played.at(-1)!.tables) {
        if (!table.threadId || table.result) continue;
        const rec = await h.bot.service("onexeno").get(table.threadId);
        if (!rec?.state || rec.status !== "playing") continue;
        const seat = rec.seats[rec.state.turn]!;
        if (!seat.computer) {
          await takeTurn(h.standin, seat.userId, table.threadId);
          moved = true;
        }
      }
      if (!moved) await new Promise((r) => setTimeout(r, 20)); // computers are moving: look again
    }
  }

  it("runs an 8-entrant Swiss of ONEXENO basic with a restart between rounds", async () => {
    const sb = h.standin;
    let firstTurns = 0;
    const created = await sb.command(MOD, GENERAL, "tournament create", {
      game: "onexeno-basic",
      format: "swiss",
      rounds: 3,
      name: "Friday cup",
    });
    const ann = created.original!;
    expect((ann.embeds[0] as { title: string }).title).toBe("🏆 Friday cup");
    // What fills a short field is said as it works: computers only below the game's fewest players.
    expect(JSON.stringify(ann.embeds)).toContain("Short field: computers fill a table below 2 players.");
    // Only organisers create and start.
    const refused = await sb.command(ADA, GENERAL, "tournament create", { game: "onze", format: "swiss", rounds: 2 });
    expect(said(refused.original)).toContain("Only organisers");
    // Ada joins with the button (the announcement updates in place), Ben with the command.
    await sb.click(ADA, ann, Harness.idOf(ann, "tjoin"));
    expect(sb.visibleMessages(GENERAL, null).find((m) => m.id === ann.id)!.embeds[0]).toMatchObject({ fields: [{ name: "Entrants (1)" }] });
    await sb.command(BEN, GENERAL, "tournament join");
    const again = await sb.command(BEN, GENERAL, "tournament join");
    expect(said(again.original)).toContain("already signed up");
    await sb.command(MOD, GENERAL, "tournament computers", { count: 6 });
    const notYou = await sb.command(ADA, GENERAL, "tournament start");
    expect(said(notYou.original)).toContain("Only organisers");
    await sb.command(MOD, GENERAL, "tournament start");
    const [event] = await h.bot.tournaments.list(sb.guildId);
    expect(event).toMatchObject({ name: "Friday cup", status: "running" });
    expect(event!.entrants).toHaveLength(8);

    for (let r = 1; r <= 3; r++) {
      const t = await h.until(`round ${r} seated`, async () => {
        const x = (await h.bot.tournaments.get(event!.id))!;
        if (x.played.length !== r || !x.played.at(-1)!.tables.every((y) => y.threadId)) return null;
        for (const y of x.played.at(-1)!.tables)
          if (!y.result && (await h.bot.service("onexeno").get(y.threadId!))?.status !== "playing") return null;
        return x;
      });
      const round = t.played.at(-1)!;
      expect(round.tables.map((x) => x.players.length)).toEqual([4, 4]);
      expect(new Set(round.tables.flatMap((x) => x.players)).size).toBe(8);
      // Each table is a thread with a started game, announced to its people.
      for (const x of round.tables) {
        const thread = sb.channels.find((c) => c.id === x.threadId)!;
        expect(thread.name).toBe(`Friday cup · round ${r} · table ${round.tables.indexOf(x) + 1}`);
        expect((await h.bot.service("onexeno").get(x.threadId!))?.status).not.toBe("lobby");
      }
      await h.until(`round ${r}'s announcement`, () =>
        sb.visibleMessages(GENERAL, null).some((m) => said(m).includes(`round ${r} of 3 is seated`)),
      );
      // Between rounds the standings are posted, after the round before was seated and before this one (issue 63).
      if (r > 1) {
        const all = sb.visibleMessages(GENERAL, null);
        const seatedAt = (n: number) => all.findIndex((m) => said(m).includes(`round ${n} of 3 is seated`));
        const between = all.slice(seatedAt(r - 1), seatedAt(r));
        expect(between.some((m) => m.attachments.some((a) => a.filename === "standings.png"))).toBe(true);
      }
      if (r === 1) {
        // Everyone knows where to go: /tournament info leads with the asker's own table.
        const adaAt = round.tables.findIndex((x) => x.players.includes(ADA));
        const mine = await sb.command(ADA, GENERAL, "tournament info");
        await sb.waitForFollowups(mine, 1);
        expect(said(mine.original)).toContain(`Your table: <#${round.tables[adaAt]!.threadId}> (round 1, table ${adaAt + 1})`);
        // A person's first turn of a tournament game has a grace period to find the thread. The
        // computers move first where they sit first (people move only below): wait for a person's turn.
        const firsts = await h.until("a person's first turn in round 1", async () => {
          const found = [];
          for (const x of round.tables) {
            const rec = (await h.bot.service("onexeno").get(x.threadId!))!;
            const tc = rec.turnClock;
            if (tc && !rec.seats[tc.seat]!.computer && !rec.moves.some((m) => m.seat === tc.seat)) found.push(rec);
          }
          return found.length > 0 ? found : null;
        });
        for (const rec of firsts) {
          const tc = rec.turnClock!;
          // The clock and the save read the time a moment apart (a millisecond under load): the grace is there, whole.
          const extra = tc.due! - rec.updatedAt - rec.clock!.turnMs;
          expect(extra).toBeGreaterThanOrEqual(EVENT_GRACE_MS);
          expect(extra).toBeLessThan(EVENT_GRACE_MS + 1000);
          firstTurns++;
        }
      }
      await playRound(t);
      if (r === 1) {
        // The bot restarts between rounds; the event carries on from the store.
        await h.until("round 2 seated", async () => ((await h.bot.tournaments.get(event!.id))!.played.length === 2 ? true : null));
        await h.stopBot();
        await h.startBot();
      }
    }
    const over = await h.until("the event to end", async () => {
      const x = (await h.bot.tournaments.get(event!.id))!;
      return x.status === "over" ? x : null;
    });
    // Every game was recorded by the bot: three games for everyone, placements summing per table.
    const standing = TournamentService.standings(over);
    expect(standing.map((s) => s.games)).toEqual(Array(8).fill(3));
    expect(standing.reduce((a, s) => a + s.placement, 0)).toBe(3 * 2 * (3 + 2 + 1 + 0));
    const podium = await h.until("the podium", () =>
      sb.visibleMessages(GENERAL, null).find((m) => said(m).includes("Friday cup** is over")),
    );
    const sheet = await h.until("the final standings", () =>
      sb.visibleMessages(GENERAL, null).find((m) => said(m).includes("Friday cup: final standings")),
    );
    mkdirSync(OUT, { recursive: true });
    for (const [m, file] of [
      [podium, "tournament-podium.png"],
      [sheet, "tournament-standings.png"],
    ] as const) {
      const a = m.attachments[0]!;
      expect(a.content_type).toBe("image/png");
      expect(a.width).toBe(640);
      writeFileSync(join(OUT, file), sb.attachmentBytes(a)!);
    }
    // The podium goes to people: computer entrants are listed, unranked, and take no medal.
    const people = shownStandings(over).filter((x) => x.rank > 0);
    expect(people.map((x) => x.id).sort()).toEqual([ADA, BEN].sort());
    expect(said(podium)).toContain(`🥇 ${over.entrants.find((e) => e.id === people[0]!.id)!.name}`);
    expect(said(podium)).not.toMatch(/[🥇🥈🥉] Computer/u);
    // And it says what placed them (issue 63).
    expect(said(podium)).toContain(
      "-# Placed by placement points, ties broken by game points › Buchholz › head-to-head. Computers played but are not placed: the medals go to people.",
    );
    expect(said(sheet)).toMatch(
      /– Computer \d \(computer, unranked\): \d+(\.\d)? points? \(game points -?\d+, Buchholz [\d.]+, head-to-head -?\d+, 3 games\)/,
    );
    expect(firstTurns).toBeGreaterThan(0);
    // Each table ended with its event: the result and the way back in its thread, no Play again.
    for (const round of over.played)
      for (const x of round.tables) {
        const saidHere = sb.visibleMessages(x.threadId!, null);
        expect(saidHere.some((m) => said(m).includes("result recorded") && said(m).includes(`<#${GENERAL}>`))).toBe(true);
        expect(saidHere.flatMap((m) => Harness.ids(m, "again"))).toEqual([]);
      }
    // Only the newest announcement keeps buttons: the first sign-up card lost Join and Leave.
    expect(sb.visibleMessages(GENERAL, null).find((m) => m.id === ann.id)!.components).toEqual([]);
    // The export: a row per player per game, then the standings. Right after the end, the channel's
    // most recent event is the one meant (no event option needed).
    const exported = await sb.command(ADA, GENERAL, "tournament export");
    const csv = sb.attachmentBytes(exported.original!.attachments[0]!)!.toString("utf8");
    const [games, table] = csv.trim().split("\n\n");
    expect(games!.split("\n")).toHaveLength(1 + 8 * 3);
    expect(table!.split("\n")).toHaveLength(1 + 8);
    expect(table!.split("\n")[1]).toContain(standing[0]!.id);
    expect(exported.original!.attachments).toHaveLength(1); // the game records are the organisers'
    // Each game names its record; the organiser's export carries the records, one per table.
    const byOrganiser = await sb.command(MOD, GENERAL, "tournament export", { event: event!.id });
    const files = byOrganiser.original!.attachments;
    expect(files.map((f) => f.filename)).toEqual([`${event!.id}.csv`, `${event!.id}-records.json`]);
    const records = JSON.parse(sb.attachmentBytes(files[1]!)!.toString("utf8")) as {
      format: string;
      tables: { round: number; table: number; record: GameRecord }[];
    };
    const tableCount = over.played.reduce((n, r) => n + r.tables.length, 0);
    expect(records.format).toBe("onexeno-game-records");
    expect(records.tables).toHaveLength(tableCount);
    for (const x of records.tables) {
      const seated = over.played[x.round - 1]!.tables[x.table - 1]!;
      expect(x.record.channelId).toBe(seated.threadId);
      expect(x.record.tournament).toBe(event!.id);
    }
    const named = games!
      .split("\n")
      .slice(1)
      .map((line) => line.split(",").at(-1));
    expect(new Set(named)).toEqual(new Set(records.tables.map((x) => x.record.id)));
    // A table's result has its Replay; the standings' Replays button offers every table.
    const thread = over.played[0]!.tables[0]!.threadId!;
    const result = sb.visibleMessages(thread, null).find((m) => said(m).includes("result recorded"))!;
    const own = await sb.click(CLEO, result, Harness.customIds(result).find((c) => c.includes("|trep|"))!);
    expect(own.original?.visibleTo).toBe(CLEO);
    expect(said(own.original)).toMatch(/\*\*Move (\d+) of \1\*\*/);
    const menu = await sb.click(BEN, sheet, Harness.customIds(sheet).find((c) => c.includes("|trep|"))!);
    expect(menu.original?.visibleTo).toBe(BEN);
    const pick = Harness.customIds(menu.original!).find((c) => c.includes("|trpick|"))!;
    const second = records.tables.find((x) => x.round === 2)!;
    const watched = await sb.select(BEN, menu.original!, pick, [second.record.id]);
    expect(said(watched.original)).toContain(`**Move ${second.record.moves.length} of ${second.record.moves.length}**`);
    // Standings on demand, and the event is no longer open for sign-up.
    const shown = await sb.command(BEN, GENERAL, "tournament standings");
    expect(shown.original?.attachments[0]?.filename).toBe("standings.png");
    // The event and its rules, whole, privately: the rules pass one message's 6000 characters of
    // embeds, so they follow as one message of pages, turned with ◀ ▶ in place.
    const info = await sb.command(BEN, GENERAL, "tournament info", { event: event!.id });
    const [manual] = await sb.waitForFollowups(info, 1);
    expect(info.refusals).toEqual([]);
    expect(info.original?.visibleTo).toBe(BEN);
    expect(manual?.visibleTo).toBe(BEN);
    const title = (m: ApiMessage | null | undefined) => (m?.embeds[0] as { title: string } | undefined)?.title;
    const labels = (m: ApiMessage) => interactiveComponents(m.components).map((b) => `${String(b.label)}${b.disabled ? " (off)" : ""}`);
    // The button showing page `n` (1-based).
    const toPage = (m: ApiMessage, n: number) => Harness.ids(m, "rulespage").find((id) => id.endsWith(`|${n - 1}`))!;
    expect(title(manual)).toBe("Tournaments: seating and scoring: how to play");
    const count = rulesPages(RULES("en")).length;
    expect(labels(manual!)).toEqual(["◀ Previous (off)", `Page 1 of ${count} (off)`, "Next ▶"]);
    const next = await sb.click(BEN, manual!, toPage(manual!, 2));
    expect(next.refusals).toEqual([]);
    expect(title(next.original)).toBe("Tournaments: seating and scoring: how to play (2)");
    expect(next.original?.id).toBe(manual!.id); // the same message, turned
    expect(labels(next.original!)).toEqual(["◀ Previous", `Page 2 of ${count} (off)`, count > 2 ? "Next ▶" : "Next ▶ (off)"]);
    const back = await sb.click(BEN, next.original!, toPage(next.original!, 1));
    expect(title(back.original)).toBe("Tournaments: seating and scoring: how to play");
    const late = await sb.command(BEN, GENERAL, "tournament join", { event: event!.id });
    expect(said(late.original)).toContain("Sign-up has closed");
    expect(h.log.errors).toEqual([]);
  });

  it("a 16-entrant double elimination runs to its champion by itself, through a restart, with the bracket after each round", async () => {
    const sb = h.standin;
    const made = await sb.command(MOD, CARD_ROOM, "tournament create", {
      game: "onexeno-basic",
      format: "double-elimination",
      "table-size": 2,
      name: "Bracket cup",
    });
    // Its rounds follow from the field: said so, not a number that changes at the start (issue 63).
    expect(JSON.stringify(made.original?.embeds)).toContain("double elimination · rounds set by the field");
    await sb.command(ADA, CARD_ROOM, "tournament join");
    await sb.command(BEN, CARD_ROOM, "tournament join");
    await sb.command(MOD, CARD_ROOM, "tournament computers", { count: 14, level: "easy" });
    await sb.command(MOD, CARD_ROOM, "tournament start");
    const id = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Bracket cup")!.id;
    // No organiser command after the start: people play their turns, the bot does the rest.
    let restarted = false;
    const over = await h.until(
      "the bracket's champion",
      async () => {
        const t = (await h.bot.tournaments.get(id))!;
        if (t.status === "over") return t;
        for (const r of t.played)
          for (const x of r.tables) {
            if (!x.threadId || x.result) continue;
            const rec = await h.bot.service("onexeno").get(x.threadId);
            const seat = rec?.status === "playing" && rec.state ? rec.seats[rec.state.turn] : undefined;
            if (seat && !seat.computer) await takeTurn(sb, seat.userId, x.threadId);
          }
        // The bot restarts once, mid-event: after the winners' first round, with tables in play.
        if (!restarted && t.played.length >= 2) {
          restarted = true;
          await h.stopBot();
          await h.startBot();
        }
        return null;
      },
      600_000,
    );
    expect(restarted).toBe(true);
    const tables = over.played.flatMap((r) => r.tables);
    // 16 entrants: 15 winners' and 14 losers' matches, the grand final (and its second game if the losers' side won it).
    expect(tables.filter((x) => x.node!.startsWith("W"))).toHaveLength(15);
    expect(tables.filter((x) => x.node!.startsWith("L"))).toHaveLength(14);
    expect(tables.every((x) => x.players.length === 2 && x.result && x.threadId)).toBe(true);
    expect(new Set(tables.map((x) => x.node)).size).toBe(tables.length);
    const champion = shownStandings(over)[0]!;
    const rankedAll = TournamentService.standings(over);
    expect(rankedAll[0]!.rank).toBe(1);
    // Everyone but the champion went down twice (a tie is broken by game score, then seed).
    const nodes = [...bracketOf(over)!.state.nodes.values()];
    for (const e of over.entrants.filter((x) => x.id !== rankedAll[0]!.id))
      expect(nodes.filter((n) => n.dropped.includes(e.id)).length, e.name).toBe(2);
    expect(nodes.filter((n) => n.dropped.includes(rankedAll[0]!.id)).length).toBeLessThan(2);
    // The bracket picture after each column, and with the podium.
    const shown = sb.visibleMessages(CARD_ROOM, null);
    for (const column of ["Winners' round 1", "Losers' round 1", "Winners' final", "Losers' final"])
      expect(
        shown.some((m) => said(m).includes(`Bracket cup**: ${column} is complete`) && m.attachments[0]?.filename === "bracket.png"),
        column,
      ).toBe(true);
    const finalBracket = await h.until("the final bracket", () =>
      sb
        .visibleMessages(CARD_ROOM, null)
        .find((m) => said(m).includes("Bracket cup: the bracket") && m.attachments[0]?.filename === "bracket.png"),
    );
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, "tournament-bracket.png"), sb.attachmentBytes(finalBracket.attachments[0]!)!);
    expect(finalBracket.attachments[0]!.width).toBe(640);
    await h.until("the podium", () => sb.visibleMessages(CARD_ROOM, null).find((m) => said(m).includes("Bracket cup** is over")));
    expect(champion.rank).toBe(1);
    // The export lists every match, by name.
    const exported = await sb.command(ADA, CARD_ROOM, "tournament export", { event: id });
    const csv = sb.attachmentBytes(exported.original!.attachments[0]!)!.toString("utf8");
    const rows = csv.trim().split("\n\n")[0]!.split("\n");
    expect(rows[0]).toContain("match");
    expect(rows).toHaveLength(1 + 2 * tables.length);
    expect(rows.some((r) => r.endsWith(",Grand final"))).toBe(true);
    expect(h.log.errors).toEqual([]);
  });

  it("drop, end-table, a paused round, next and cancel", async () => {
    const sb = h.standin;
    // Tie-breaks are chosen while typing: the list so far read back by name, then each one to add.
    const typed = await sb.autocomplete(MOD, CARD_ROOM, "tournament create", { "tie-breaks": "bh" }, "tie-breaks");
    expect(typed[0]).toEqual({ name: "Buchholz", value: "buchholz" });
    expect(typed.map((c) => c.value)).toContain("buchholz,sonneborn-berger");
    const unknown = await sb.command(MOD, CARD_ROOM, "tournament create", {
      game: "onze",
      format: "swiss",
      rounds: 2,
      "tie-breaks": "coin toss",
    });
    expect(said(unknown.original)).toContain("Choose tie-breaks from the list");
    const made = await sb.command(MOD, CARD_ROOM, "tournament create", {
      game: "onexeno-basic",
      format: "progressive",
      rounds: 2,
      name: "Quiz night",
      pause: true,
      "tie-breaks": "buchholz,sonneborn-berger",
    });
    expect(JSON.stringify(made.original!.embeds)).toContain("Tie-breaks: Buchholz › Sonneborn-Berger");
    await sb.command(ADA, CARD_ROOM, "tournament join");
    await sb.command(BEN, CARD_ROOM, "tournament join");
    await sb.command(MOD, CARD_ROOM, "tournament computers", { count: 2, level: "easy" });
    await sb.command(MOD, CARD_ROOM, "tournament start");
    const t = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Quiz night")!;
    const thread = await h.until("the table thread", async () => (await h.bot.tournaments.get(t.id))!.played[0]?.tables[0]?.threadId);
    // Ben withdraws mid-game: a computer takes his seat under his name; he is not seated again.
    await sb.command(BEN, CARD_ROOM, "tournament drop");
    const rec = await h.until("Ben's seat taken over", async () =>
      (await h.bot.service("onexeno").get(thread))?.seats.find((x) => x.leftBy === BEN),
    );
    expect(rec.computer).toBe("normal");
    // Only an organiser ends a table; it is scored as it stands (shared places).
    expect(said((await sb.command(ADA, thread, "tournament end-table")).original)).toContain("Only organisers");
    await sb.command(MOD, thread, "tournament end-table");
    const scored = await h.until("the table's result", async () => (await h.bot.tournaments.get(t.id))!.played[0]!.tables[0]!.result);
    expect(scored.places).toEqual([1, 1, 1, 1]);
    // The event pauses between rounds until the organiser seats the next one.
    await h.until("the pause message", () =>
      sb.visibleMessages(CARD_ROOM, null).some((m) => /seats round 2 with <\/tournament next:\d+>/.test(said(m))),
    );
    await sb.command(MOD, CARD_ROOM, "tournament next");
    const second = (await h.bot.tournaments.get(t.id))!.played[1]!;
    expect(second.tables.flatMap((x) => x.players).sort()).toEqual([ADA, ...t.entrants.filter((e) => e.computer).map((e) => e.id)].sort());
    const cancelled = await sb.command(MOD, CARD_ROOM, "tournament cancel");
    expect(said(cancelled.original)).toContain("cancelled");
    expect((await h.bot.tournaments.get(t.id))!.status).toBe("cancelled");
    await h.until(
      "the round 2 table ended",
      async () => (await h.bot.service("onexeno").get(second.tables[0]!.threadId!))?.status !== "playing",
    );
    expect(h.log.errors).toEqual([]);
  });

  it("check-in: the first start opens it, the second closes it and drops who did not check in", async () => {
    const sb = h.standin;
    // No rounds: a round robin plays as many as its field needs for everyone to meet everyone.
    const made = await sb.command(MOD, GENERAL, "tournament create", {
      game: "onze",
      format: "round-robin",
      name: "Check night",
      "check-in": 10,
    });
    expect(JSON.stringify(made.original?.embeds)).toContain("round-robin · rounds set by the field");
    const t = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Check night")!;
    for (const who of [ADA, BEN, CLEO])
      await sb.click(
        who,
        sb.visibleMessages(GENERAL, null).find((m) => m.id === made.original!.id)!,
        Harness.idOf(made.original!, "tjoin"),
      );
    await sb.command(MOD, GENERAL, "tournament computers", { count: 1, event: t.id });
    const opened = await sb.command(MOD, GENERAL, "tournament start", { event: t.id });
    expect(said(opened.original)).toContain("Check-in is open");
    const button = opened.original!;
    await sb.click(ADA, button, Harness.idOf(button, "tcheck"));
    const checked = await sb.click(
      CLEO,
      sb.visibleMessages(GENERAL, null).find((m) => m.id === button.id)!,
      Harness.idOf(button, "tcheck"),
    );
    expect(JSON.stringify(checked.original?.embeds)).toContain("Cleo ✅");
    expect(JSON.stringify(checked.original?.embeds)).toContain("Ben ⏳");
    await sb.command(MOD, GENERAL, "tournament start", { event: t.id });
    const running = await h.until("round 1", async () => {
      const x = (await h.bot.tournaments.get(t.id))!;
      return x.played.length === 1 ? x : null;
    });
    expect(running.entrants.find((e) => e.id === BEN)?.dropped).toBe(true);
    expect(running.played[0]!.tables.flatMap((x) => x.players).sort()).toEqual(
      [ADA, CLEO, running.entrants.find((e) => e.computer)!.id].sort(),
    );
    // The three who are left meet at one table: one round (Ben, dropped at check-in, counts for nothing).
    expect(running.rounds).toBe(1);
    await sb.command(MOD, GENERAL, "tournament cancel", { event: t.id });
  });

  it("a scheduled Swiss event: its Guild Scheduled Event, check-in opened, a reminder, and round 1 seated at the start by itself", async () => {
    const sb = h.standin;
    // The start is read back while typing.
    const typed = await sb.autocomplete(MOD, GENERAL, "tournament create", { start: "in 20m" }, "start");
    expect(typed).toHaveLength(1);
    expect(typed[0]!.name).toMatch(/UTC \(in 20m\)$/);
    const bad = await sb.command(MOD, GENERAL, "tournament create", { game: "onexeno-basic", format: "swiss", start: "soonish" });
    expect(said(bad.original)).toContain("Give the start as a Discord timestamp");
    const made = await sb.command(MOD, GENERAL, "tournament create", {
      game: "onexeno-basic",
      format: "swiss",
      rounds: 1,
      "table-size": 2,
      name: "Sunday open",
      start: "in 20m",
    });
    expect(JSON.stringify(made.original!.embeds)).toContain("by itself; check-in opens 15 minutes before");
    const t = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Sunday open")!;
    expect(t.startsAt! - h.tableNow()).toBeGreaterThan(19 * 60_000);
    // The server's events list it, as Discord keeps it.
    const listed = sb.scheduledEvents.get(t.scheduledEventId!)!;
    expect(listed).toMatchObject({ name: "Sunday open", status: 1, entity_type: 3, privacy_level: 2 });
    expect(Date.parse(listed.scheduled_start_time as string)).toBe(t.startsAt);
    expect((listed.entity_metadata as { location: string }).location).toContain(GENERAL);
    await sb.command(ADA, GENERAL, "tournament join", { event: t.id });
    await sb.command(BEN, GENERAL, "tournament join", { event: t.id });
    await sb.command(MOD, GENERAL, "tournament computers", { count: 2, event: t.id });
    // 15 minutes before the start, check-in opens by itself: a new announcement with Check in.
    await h.advanceClock(6 * 60_000);
    const checkIn = await h.until("check-in opened by itself", () =>
      sb.visibleMessages(GENERAL, null).find((m) => Harness.customIds(m).some((c) => c.includes("|tcheck|") && c.includes(t.id))),
    );
    await sb.click(ADA, checkIn, Harness.idOf(checkIn, "tcheck"));
    // 10 minutes before: the reminder mentions the entrants.
    await h.advanceClock(5 * 60_000);
    const reminder = await h.until("the reminder", () =>
      sb.visibleMessages(GENERAL, null).find((m) => said(m).includes("**Sunday open** starts")),
    );
    expect(said(reminder)).toContain(`<@${ADA}>`);
    expect(said(reminder)).toContain(`<@${BEN}>`);
    // At the start, round 1 is seated with no command; Ben did not check in and is dropped.
    await h.advanceClock(10 * 60_000);
    const running = await h.until("round 1 seated by itself", async () => {
      const x = (await h.bot.tournaments.get(t.id))!;
      return x.played.length === 1 && x.played[0]!.tables.every((y) => y.threadId) ? x : null;
    });
    expect(running.entrants.find((e) => e.id === BEN)?.dropped).toBe(true);
    expect(running.entrants.find((e) => e.id === ADA)?.dropped).toBeFalsy();
    await h.until("the server event active", () => sb.scheduledEvents.get(t.scheduledEventId!)!.status === 2);
    await sb.command(MOD, GENERAL, "tournament cancel", { event: t.id });
    // An event under way can only be completed in Discord's list; one not started is cancelled.
    await h.until("the server event completed", () => sb.scheduledEvents.get(t.scheduledEventId!)!.status === 3);
    // A scheduled start with too few entrants says so in the channel, in the event's words.
    await sb.command(MOD, GENERAL, "tournament create", { game: "onze", format: "swiss", name: "Empty hall", start: "in 20m" });
    await h.advanceClock(21 * 60_000);
    await h.until("the failed start said", () =>
      sb.visibleMessages(GENERAL, null).some((m) => said(m).includes("**Empty hall** could not start: ")),
    );
    await sb.command(MOD, GENERAL, "tournament create", { game: "onze", format: "swiss", name: "Later", start: "in 2h" });
    const later = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Later")!;
    await sb.command(MOD, GENERAL, "tournament cancel", { event: later.id });
    await h.until("the later server event cancelled", () => sb.scheduledEvents.get(later.scheduledEventId!)!.status === 4);
    expect(h.log.errors).toEqual([]);
  });

  it("organisers' corrections: seats swapped before the first move, a game still played ended with given places, a result corrected with standings and ratings following", async () => {
    const sb = h.standin;
    await sb.command(MOD, CARD_ROOM, "tournament create", {
      game: "onexeno-basic",
      format: "swiss",
      rounds: 1,
      "table-size": 2,
      name: "Fix cup",
    });
    const t = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Fix cup")!;
    for (const who of [ADA, BEN, CLEO, DEV]) await sb.command(who, CARD_ROOM, "tournament join", { event: t.id });
    await sb.command(MOD, CARD_ROOM, "tournament start", { event: t.id });
    const seatedNow = await h.until("round 1 open", async () => {
      const x = (await h.bot.tournaments.get(t.id))!;
      return x.played[0]?.tables.every((y) => y.threadId) ? x : null;
    });
    const [one, two] = seatedNow.played[0]!.tables;
    const [x, y] = [one!.players[1]!, two!.players[1]!];
    // Only organisers swap; people at two tables swap before the first move, games and all.
    const notYou = await sb.command(ADA, CARD_ROOM, "tournament swap", { player: x, with: y, event: t.id });
    expect(said(notYou.original)).toContain("Only organisers");
    const swapped = await sb.command(MOD, CARD_ROOM, "tournament swap", { player: x, with: y, event: t.id });
    expect(said(swapped.original)).toContain("The seats are swapped");
    const after = (await h.bot.tournaments.get(t.id))!.played[0]!.tables;
    expect(after[0]!.players[1]).toBe(y);
    expect((await h.bot.service("onexeno").get(one!.threadId!))!.seats.map((s) => s.userId)).toEqual(after[0]!.players);
    expect((await h.bot.service("onexeno").get(two!.threadId!))!.seats.map((s) => s.userId)).toEqual(after[1]!.players);
    await h.until("the swap said in the event's channel", () =>
      sb.visibleMessages(CARD_ROOM, null).some((m) => said(m).includes("**Fix cup**") && said(m).includes("swapped the seats")),
    );
    // Table 2 is decided by its organiser while still played (its places given, no flag needed);
    // table 1 is played to its end (a rated game between two people).
    const gamesBefore = (await h.bot.ratings.board(sb.guildId, "onexeno-basic")).players;
    const ending = await sb.autocomplete(MOD, two!.threadId!, "tournament correct", { places: "2 1" }, "places");
    expect(ending.map((c) => c.name)).toEqual([expect.stringMatching(/^End with: /)]); // no "Now:": nothing is recorded yet
    const decided = await sb.command(MOD, two!.threadId!, "tournament correct", { places: "2 1", reason: "left early" });
    expect(said(decided.original)).toContain("The game is ended with these places");
    const second = (await h.bot.tournaments.get(t.id))!.played[0]!.tables[1]!;
    expect(second.result).toMatchObject({ players: after[1]!.players, places: [2, 1] });
    expect((await h.bot.service("onexeno").get(two!.threadId!))!.status).not.toBe("playing");
    // Its thread shows it closed (its last picture, who closed it), and no message there keeps the
    // moves' buttons, which could only answer that the game is over.
    await h.until("table 2 shown closed, its moves' buttons gone", () => {
      const shown = sb.visibleMessages(two!.threadId!, null);
      const closed = shown.some((m) => said(m).includes(`Table closed by <@${MOD}>`) && (m.attachments?.length ?? 0) > 0);
      return closed && !shown.some((m) => /\|(hand|pass|play)\|/.test(JSON.stringify(m.components ?? [])));
    });
    await h.until("the ending said in the event's channel", () =>
      sb
        .visibleMessages(CARD_ROOM, null)
        .some((m) => said(m).includes("ended the game of") && said(m).includes(`<#${two!.threadId}>`) && said(m).includes("left early")),
    );
    const result = await h.until("table 1's result", async () => {
      const rec = await h.bot.service("onexeno").get(one!.threadId!);
      if (rec?.status === "playing" && rec.state) await takeTurn(sb, rec.seats[rec.state.turn]!.userId, one!.threadId!);
      return (await h.bot.tournaments.get(t.id))!.played[0]!.tables[0]!.result ?? null;
    });
    const [p, q] = result.players;
    const winner = result.places[0] === 1 ? p! : q!;
    const loser = winner === p ? q! : p!;
    const rated = await h.until("the game rated", async () => {
      const board = (await h.bot.ratings.board(sb.guildId, "onexeno-basic")).players;
      const counted = [winner, loser].every((id) => (board[id]?.games ?? 0) > (gamesBefore[id]?.games ?? 0));
      return counted ? await h.bot.ratings.shown(sb.guildId, "onexeno-basic") : null;
    });
    // Other tests of this file rate these players too, so the game is judged by how it moved them.
    // The correction: typed places are read back by name, bad ones refused, the right ones kept.
    const offered = await sb.autocomplete(
      MOD,
      one!.threadId!,
      "tournament correct",
      { places: result.places.slice().reverse().join(" ") },
      "places",
    );
    expect(offered[0]!.name).toMatch(/^Correct to: /);
    const bad = await sb.command(MOD, one!.threadId!, "tournament correct", { places: "1 1 1" });
    expect(said(bad.original)).toContain("Give each seat's place in seat order");
    const fixed = await sb.command(MOD, one!.threadId!, "tournament correct", { places: result.places.slice().reverse().join(" ") });
    expect(said(fixed.original)).toContain("The result is corrected");
    const now = (await h.bot.tournaments.get(t.id))!;
    expect(now.played[0]!.tables[0]!.result!.places).toEqual(result.places.slice().reverse());
    expect(TournamentService.standings(now).find((s) => s.id === loser)!.placement).toBe(1);
    const rerated = await h.bot.ratings.shown(sb.guildId, "onexeno-basic");
    // The corrected game is their latest: rated anew as a loss, the winner ends lower; the loser higher.
    expect(rerated.get(loser)!).toBeGreaterThan(rated.get(loser)!);
    expect(rerated.get(winner)!).toBeLessThan(rated.get(winner)!);
    await h.until("the audit line", () =>
      sb
        .visibleMessages(CARD_ROOM, null)
        .some((m) => said(m).includes("corrected the result of") && said(m).includes(`<#${one!.threadId}>`)),
    );
    const exported = await sb.command(MOD, CARD_ROOM, "tournament export", { event: t.id });
    const csv = sb.attachmentBytes(exported.original!.attachments[0]!)!.toString("utf8");
    expect(csv).toContain("at,by,correction,round,table,players,before,after");
    expect(csv).toMatch(/,swap,1,/);
    expect(csv).toMatch(/,result,1,1,/);
    expect(h.log.errors).toEqual([]);
  });

  it("partners: rotated every round, so nobody has the same partner twice; a short field is topped up", async () => {
    const sb = h.standin;
    await sb.command(MOD, CARD_ROOM, "tournament create", {
      game: "onexeno-partners",
      format: "swiss",
      rounds: 3,
      name: "Pairs",
      "table-size": 4,
    });
    const t = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Pairs")!;
    await sb.command(MOD, CARD_ROOM, "tournament computers", { count: 4, event: t.id });
    await sb.command(MOD, CARD_ROOM, "tournament start", { event: t.id });
    const over = await h.until("the partners event to end", async () => {
      const x = (await h.bot.tournaments.get(t.id))!;
      return x.status === "over" ? x : null;
    });
    const partners = over.played.flatMap((r) =>
      r.tables.flatMap((x) => [[x.players[0], x.players[2]].sort().join("+"), [x.players[1], x.players[3]].sort().join("+")]),
    );
    expect(partners).toHaveLength(6);
    expect(new Set(partners).size).toBe(6); // 4 players, 3 rounds: each of the 3 splits once
    // Five entrants cannot fill tables of 4 or 6 alone: a computer fills the sixth seat.
    await sb.command(MOD, CARD_ROOM, "tournament create", { game: "onexeno-partners", format: "swiss", rounds: 1, name: "Pairs five" });
    const five = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Pairs five")!;
    await sb.command(MOD, CARD_ROOM, "tournament computers", { count: 5, event: five.id });
    await sb.command(MOD, CARD_ROOM, "tournament start", { event: five.id });
    const seated = (await h.bot.tournaments.get(five.id))!.played[0]!;
    expect(seated.tables.map((x) => x.players.length)).toEqual([6]);
    expect(seated.tables[0]!.players.filter((p) => p.startsWith("fill-"))).toHaveLength(1);
    await h.until("the five's event to end", async () => (await h.bot.tournaments.get(five.id))!.status === "over");
    expect(TournamentService.standings((await h.bot.tournaments.get(five.id))!).map((s) => s.games)).toEqual([1, 1, 1, 1, 1]);
    expect(h.log.errors).toEqual([]);
  });

  it("a challenge on solitaire: one deal, a window, each entrant's first finished game counts", async () => {
    const sb = h.standin;
    const threadOf = (content: string) => /<#(\d+)>/.exec(content)?.[1] ?? "";
    const mismatch = await sb.command(MOD, CARD_ROOM, "tournament create", { game: "solitaire", format: "swiss", rounds: 1 });
    expect(said(mismatch.original)).toContain("ONEXENO solitaire is played alone: hold it as a challenge.");
    await sb.command(MOD, CARD_ROOM, "tournament create", {
      game: "solitaire",
      format: "challenge",
      rounds: 1,
      name: "Sunday deal",
      window: 30,
    });
    const t = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Sunday deal")!;
    for (const who of [ADA, BEN, CLEO]) await sb.command(who, CARD_ROOM, "tournament join", { event: t.id });
    const started = await sb.command(MOD, CARD_ROOM, "tournament start", { event: t.id });
    expect(JSON.stringify(started.original?.embeds)).toContain(`seed:${t.seed}`);
    /** `who` plays the challenge deal: `places` placements (or draws), then resigns; the thread. */
    const play = async (who: string, seed: string, places: number) => {
      const thread = threadOf(said((await sb.command(who, CARD_ROOM, "onexeno new", { game: "solitaire", seed })).original));
      for (let i = 0; i < places; i++) {
        const at = (await sb.autocomplete(who, thread, "onexeno play", { at: "" }, "at")).filter((c) =>
          /^-?\d+,-?\d+,\d+$/.test(String(c.value)),
        );
        if (at.length) await sb.command(who, thread, "onexeno play", { at: String(at[0]!.value) });
        else await sb.click(who, h.latestPublic(thread), Harness.idOf(h.latestPublic(thread), "sdraw"));
      }
      const ask = await sb.click(who, h.latestPublic(thread), Harness.idOf(h.latestPublic(thread), "sresign"));
      await sb.click(who, ask.original!, Harness.idOf(ask.original!, "confirm"));
      return thread;
    };
    const first = await play(ADA, t.seed, 4);
    await play(BEN, t.seed, 0);
    const second = await play(ADA, t.seed, 8); // a second try: only the first finished game counts
    await play(DEV, t.seed, 2); // not signed up
    await play(CLEO, "another-deal", 1); // another deal
    const results = await h.until("two counted games", async () => {
      const x = (await h.bot.tournaments.get(t.id))!;
      return x.challenge!.results.length === 2 ? x.challenge!.results : null;
    });
    expect(results.map((r) => r.userId)).toEqual([ADA, BEN]);
    const movesOf = async (thread: string) => (await h.bot.service("solitaire").get(thread))!.moves.length;
    expect(results[0]!.moves).toBe(await movesOf(first));
    expect(await movesOf(second)).toBeGreaterThan(await movesOf(first));
    // The organiser closes the window early: podium and standings, score first, then the earlier finish.
    await sb.command(MOD, CARD_ROOM, "tournament next", { event: t.id });
    const over = (await h.bot.tournaments.get(t.id))!;
    expect(over.status).toBe("over");
    const order = TournamentService.standings(over);
    const byScore = results
      .slice()
      .sort((a, b) => b.score - a.score || a.at - b.at)
      .map((r) => r.userId);
    expect(order.map((s) => s.id)).toEqual([...byScore, CLEO]);
    expect(order.at(-1)!.games).toBe(0);
    const sheet = await h.until("the challenge standings", () =>
      sb.visibleMessages(CARD_ROOM, null).find((m) => said(m).includes("Sunday deal: final standings")),
    );
    expect(said(sheet)).toContain("Cleo (no game): no finished game");
    writeFileSync(join(OUT, "challenge-standings.png"), sb.attachmentBytes(sheet.attachments[0]!)!);
    expect(h.log.errors).toEqual([]);
  });
  it("a challenge can be cancelled before or during its window, and says so", async () => {
    const sb = h.standin;
    await sb.command(MOD, CARD_ROOM, "tournament create", { game: "solitaire", format: "challenge", rounds: 1, name: "Called off" });
    const t = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Called off")!;
    await sb.command(ADA, CARD_ROOM, "tournament join", { event: t.id });
    await sb.command(MOD, CARD_ROOM, "tournament start", { event: t.id });
    const cancelled = await sb.command(MOD, CARD_ROOM, "tournament cancel", { event: t.id });
    expect(cancelled.refusals).toEqual([]);
    expect(said(cancelled.original)).toContain("cancelled");
    expect((await h.bot.tournaments.get(t.id))!.status).toBe("cancelled");
    expect(h.log.errors).toEqual([]);
  });

  it("a challenge played by clicking: Play the deal opens each entrant's game once, and the podium comes when everyone has a counted game", async () => {
    const sb = h.standin;
    const threadOf = (content: string) => /<#(\d+)>/.exec(content)?.[1] ?? "";
    await sb.command(MOD, CARD_ROOM, "tournament create", {
      game: "solitaire",
      format: "challenge",
      rounds: 1,
      name: "Click deal",
      window: 60,
    });
    const t = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Click deal")!;
    const refused = await sb.command(MOD, CARD_ROOM, "tournament computers", { count: 1, event: t.id });
    expect(said(refused.original)).toContain("computers cannot play its deal");
    for (const who of [ADA, BEN, CLEO]) await sb.command(who, CARD_ROOM, "tournament join", { event: t.id });
    const ann = (await sb.command(MOD, CARD_ROOM, "tournament start", { event: t.id })).original!;
    expect(JSON.stringify(ann.embeds)).toContain("Play the deal");
    const press = async (who: string) => said((await sb.click(who, ann, Harness.idOf(ann, "tplay"))).original);
    // Someone who did not sign up is told how to practise instead.
    expect(await press(DEV)).toContain("Only the challenge's entrants");
    const threads = new Map<string, string>();
    for (const who of [ADA, BEN, CLEO]) {
      const saidHere = await press(who);
      expect(saidHere).toContain("Your game of **Click deal** is in");
      threads.set(who, threadOf(saidHere));
      expect((await h.bot.service("solitaire").get(threads.get(who)!))?.seed).toBe(t.seed);
    }
    expect(new Set(threads.values()).size).toBe(3);
    // A second press reopens the same game rather than dealing another.
    expect(await press(ADA)).toContain(`already open in <#${threads.get(ADA)}>`);
    /** Draws `draws` times from the table message, then resigns with the buttons. */
    const play = async (who: string, draws: number) => {
      const thread = threads.get(who)!;
      for (let i = 0; i < draws; i++) await sb.click(who, h.latestPublic(thread), Harness.idOf(h.latestPublic(thread), "sdraw"));
      const ask = await sb.click(who, h.latestPublic(thread), Harness.idOf(h.latestPublic(thread), "sresign"));
      await sb.click(who, ask.original!, Harness.idOf(ask.original!, "confirm"));
    };
    await play(ADA, 2);
    await play(BEN, 1);
    await h.until("two counted games", async () => (await h.bot.tournaments.get(t.id))!.challenge!.results.length === 2);
    expect((await h.bot.tournaments.get(t.id))!.status).toBe("running");
    expect(await press(ADA)).toContain("Your counted game of **Click deal**");
    // The last entrant's game: nothing can change any more, so the podium comes without waiting for the window.
    await play(CLEO, 0);
    await h.until("the event to end", async () => (await h.bot.tournaments.get(t.id))!.status === "over");
    const podium = await h.until("the podium", () =>
      sb.visibleMessages(CARD_ROOM, null).find((m) => said(m).includes("**Click deal** is over")),
    );
    expect(said(podium)).toMatch(/🥇/);
    expect(said(podium)).toContain("-# Placed by the score on the deal.");
    await h.until("the final standings", () =>
      sb.visibleMessages(CARD_ROOM, null).find((m) => said(m).includes("Click deal: final standings")),
    );
    expect(h.log.errors).toEqual([]);
  });
});
