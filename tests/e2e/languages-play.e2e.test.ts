/**
 * Whole games in the server's language, through the stand-in: a French server (its Discord
 * language) plays ONEXENO basic, a German-speaking one whose English Discord is overruled by
 * `/settings language` plays partners with two computers. Every word those players read —
 * public tables, lobby lines, move notes, headings, buttons, menus, alt text, private hand
 * panels and receipts, suggestions while typing — is checked for English sentences, and the
 * table pictures are the pictures drawn in that language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onexenoView } from "../../src/games/onexeno/game.ts";
import { cardName } from "../../src/games/onexeno/cards.ts";
import { clockLabel, seatNames } from "../../src/bot/clock.ts";
import type { ApiMessage, InteractionRecord } from "../../src/standin/types.ts";
import { ADA, BEN, CARD_ROOM, CLEO, DEV, GENERAL, Harness, MOD, THREAD } from "./harness.ts";
import { said } from "../helpers/message.ts";
import { english, textsOf } from "../helpers/english.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ONEXENO_SCENES } from "../../render/onexeno/scenes.ts";
import { pixelsOff } from "../helpers/pixels.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

/** Ids of the messages of a channel already there (an earlier test's), which `readAll` passes over. */
const earlier = new Set<string>();
const markEarlier = (...channels: string[]) => {
  for (const c of channels) for (const m of h.standin.visibleMessages(c, null)) earlier.add(m.id);
};

/** Reads everything each of `users` can see in `channelId` now into `seen` (this test's messages). */
function readAll(channelId: string, users: readonly string[], seen: Set<string>): void {
  for (const u of users)
    for (const m of h.standin.visibleMessages(channelId, u)) if (!earlier.has(m.id)) for (const t of textsOf(m)) seen.add(t);
}

/** The table message of revision `rev` (its buttons carry it), once posted. */
function tableAt(channelId: string, rev: number): Promise<ApiMessage> {
  return h.until(`the table at revision ${rev}`, () =>
    h.standin.visibleMessages(channelId, null).findLast((m) => Harness.customIds(m).some((id) => id.split("|")[2] === String(rev))),
  );
}

/**
 * Plays the ONEXENO table of `channelId` to its end as its people would: the one to move opens
 * **My hand** (in their language), picks the first card and its first place, or passes; the
 * computers play by themselves. Reads every message after each step into `seen`.
 */
async function playToTheEnd(channelId: string, people: readonly string[], seen: Set<string>): Promise<number> {
  const sb = h.standin;
  const service = h.bot.service("onexeno");
  let moves = 0;
  for (let step = 0; step < 400; step++) {
    const rec = await h.until("the table", () => service.get(channelId));
    if (rec.status === "over" || !rec.state) {
      // The last table is posted after the state is stored: wait for it before reading.
      await h.until("the last table", () => h.standin.visibleMessages(channelId, null).some((m) => said(m).includes("🏁")));
      readAll(channelId, people, seen);
      break;
    }
    readAll(channelId, people, seen);
    const mover = rec.seats[rec.state.turn]!;
    if (mover.computer) {
      await h.until("the computer's move", async () => ((await service.get(channelId))?.rev ?? 0) > rec.rev);
      continue;
    }
    const table = await tableAt(channelId, rec.rev);
    // The table picture is the one drawn in the table's language.
    const png = table.attachments.find((a) => a.filename === "table.png");
    if (png) {
      const expected = ONEXENO_SCENES.job("table", {
        view: onexenoView(rec.state, null),
        names: seatNames(rec),
        clock: clockLabel(rec),
        locale: rec.locale,
      });
      expect(await pixelsOff(sb.attachmentBytes(png)!, expected)).toBe(0);
    }
    const panel = (await sb.click(mover.userId, table, Harness.idOf(table, "hand"))).original!;
    for (const t of textsOf(panel)) seen.add(t);
    const cards = Harness.selectOptions(panel, "card");
    let done: InteractionRecord;
    if (cards.length === 0) {
      done = await sb.click(mover.userId, panel, Harness.idOf(panel, "pass"));
    } else {
      const chose = (await sb.select(mover.userId, panel, Harness.idOf(panel, "card"), [cards[0]!.value])).original!;
      for (const t of textsOf(chose)) seen.add(t);
      const places = Harness.selectOptions(chose, "place");
      done = await sb.select(mover.userId, chose, Harness.idOf(chose, "place"), [places[0]!.value]);
    }
    for (const t of textsOf(done.original!)) seen.add(t);
    await h.until("the move", async () => ((await service.get(channelId))?.rev ?? 0) > rec.rev);
    moves++;
  }
  return moves;
}

describe("a whole game in the server's language", () => {
  it("the English detector finds English sentences and passes French and German ones", () => {
    expect(english(["Ben joined.", "Ada passed.", "Round 2 is dealt.", "It is Ben's turn."])).toHaveLength(4);
    expect(english(["Lancez le vôtre avec `/{{new}}`."])).toHaveLength(1);
    expect(
      english(["Ben a rejoint la table.", "Ada a passé.", "Hand 2 ist verteilt; Ben gibt.", "session terminée", "<@1> `/onexeno play`"]),
    ).toEqual([]);
  });

  it("French server: ONEXENO basic from the lobby to the last table, with no English reaching the players", async () => {
    const sb = h.standin;
    sb.setLocale({ guild: sb.guildId }, "fr");
    sb.setLocale({ user: ADA }, "fr");
    sb.setLocale({ user: BEN }, "fr");
    const seen = new Set<string>();
    const opened = await sb.command(ADA, GENERAL, "onexeno new", { game: "basic", hands: 2 });
    expect(said(opened.original)).toContain("Une table de ONEXENO est ouverte ici");
    // The join command is a mention: the French client shows it as /onexeno rejoindre.
    expect(said(opened.original)).toMatch(/<\/onexeno join:\d+>/);
    await sb.click(BEN, opened.original!, Harness.idOf(opened.original!, "join"));
    const lobby = h.latestPublic(GENERAL);
    expect(said(lobby)).toContain("Ben a rejoint la table.");
    expect(said(lobby)).toMatch(/Prêt : seul .+, l'hôte, peut appuyer sur \*\*Commencer\*\*\./);
    await sb.click(ADA, lobby, Harness.idOf(lobby, "start"));
    const rec = (await h.bot.service("onexeno").get(GENERAL))!;
    expect(rec.locale).toBe("fr");

    // Typing a move: the suggestions speak French too.
    const mover = rec.seats[rec.state!.turn]!.userId;
    const suggestions = await sb.autocomplete(mover, GENERAL, "onexeno play", { card: "" }, "card");
    expect(suggestions.some((c) => /\d+ places? · /.test(c.name) || c.name.includes("aucune place"))).toBe(true);
    for (const c of suggestions) seen.add(c.name);
    // Card codes in French letters, B blanc and N noir (issue 63): never W, never an English B.
    const state = rec.state!;
    const seat = rec.seats.findIndex((x) => x.userId === mover);
    const first = state.hands[seat]![0]!;
    const french = suggestions.find((c) => c.value === String(first))!.name;
    expect(french).toContain(cardName(first, "BN"));
    const codes =
      suggestions
        .map((c) => c.name)
        .join(" ")
        .match(/[A-Z]{3}\/[A-Z]\d[A-Z]\/[A-Z]{3}/g) ?? [];
    expect(codes.length).toBe(suggestions.length);
    expect(codes.filter((c) => /[^BN\d/]/.test(c))).toEqual([]);
    // Typed either way, the code names the same card: the French code narrows the list, and
    // `at` reads the English code as that card (it offers its places, not "pick the card first").
    const narrowed = await sb.autocomplete(mover, GENERAL, "onexeno play", { card: cardName(first, "BN") }, "card");
    expect(narrowed.map((c) => c.value)).toContain(String(first));
    for (const typed of [cardName(first, "BN"), cardName(first)]) {
      const places = await sb.autocomplete(mover, GENERAL, "onexeno play", { card: typed, at: "" }, "at");
      expect(places.map((c) => c.name).join(" ")).not.toContain("Choisissez d'abord");
    }

    const moves = await playToTheEnd(GENERAL, [ADA, BEN], seen);
    const final = h.latestPublic(GENERAL);
    expect(said(final)).toContain("🏁 **Session terminée.**");
    expect(moves).toBeGreaterThan(10);
    expect(said(h.standin.visibleMessages(GENERAL, null).find((m) => said(m).includes("La main 1 est finie")))).toContain(
      "La main 2 est distribuée",
    );
    // Hundreds of different texts were read: lobby, tables, notes, panels, menus, alt text.
    expect(seen.size).toBeGreaterThan(100);
    expect(english(seen)).toEqual([]);
    expect(h.log.errors).toEqual([]);
  });

  it("German by /settings language on an English-speaking Discord server: partners with two computers, no English", async () => {
    const sb = h.standin;
    sb.setLocale({ guild: sb.guildId }, "en-US");
    for (const u of [CLEO, DEV, MOD]) sb.setLocale({ user: u }, "de");
    const set = await sb.command(MOD, CARD_ROOM, "settings language", { language: "de" });
    expect(said(set.original)).toContain("✅ Neue Tische sprechen öffentlich Deutsch");
    expect(said((await sb.command(MOD, CARD_ROOM, "settings show")).original)).toContain("**Sprache der Tische**: Deutsch");

    const seen = new Set<string>();
    await sb.command(CLEO, CARD_ROOM, "onexeno new", { game: "partners" });
    await sb.command(DEV, CARD_ROOM, "onexeno join");
    await sb.command(CLEO, CARD_ROOM, "onexeno bot add", { level: "easy" });
    const lobby = h.latestPublic(CARD_ROOM);
    expect(said(lobby)).toContain("Ein Computerspieler (leicht) setzt sich.");
    await sb.click(CLEO, lobby, Harness.idOf(lobby, "addbot"));
    readAll(CARD_ROOM, [CLEO, DEV], seen);
    await sb.command(CLEO, CARD_ROOM, "onexeno start");
    expect((await h.bot.service("onexeno").get(CARD_ROOM))?.locale).toBe("de");

    await playToTheEnd(CARD_ROOM, [CLEO, DEV], seen);
    expect(said(h.latestPublic(CARD_ROOM))).toMatch(/🏁 \*\*Sitzung beendet\.\*\* Gewinner: .* \(Teamsummen\)\./);
    expect(seen.size).toBeGreaterThan(100);
    expect(english(seen)).toEqual([]);

    // The setting back to the server's Discord language: the next table speaks English again.
    sb.setLocale({ guild: sb.guildId }, "en-US");
    await sb.command(MOD, CARD_ROOM, "settings language", { language: "discord" });
    await sb.command(CLEO, CARD_ROOM, "onexeno new", { game: "basic" });
    expect(said(h.latestPublic(CARD_ROOM))).toContain("A table of ONEXENO is open here");
    // A command named in public text is a command mention: each reader's client shows it in their language.
    expect(said(h.latestPublic(CARD_ROOM))).toMatch(/<\/onexeno join:\d+>/);
    expect(h.log.errors).toEqual([]);
  });

  // A whole event of computer entrants: its announcement, rounds, table threads, standings and
  // podium in the server's language; the standings and podium pictures saved to look at.
  for (const [locale, channel, standings, over] of [
    ["fr", GENERAL, "classement final", "est terminé !"],
    ["de", CARD_ROOM, "Abschlusstabelle", "ist vorbei!"],
  ] as const) {
    it(`a tournament in a ${locale} server, from the announcement to the podium`, async () => {
      const sb = h.standin;
      sb.setLocale({ guild: sb.guildId }, locale);
      sb.setLocale({ user: MOD }, locale);
      await sb.command(MOD, channel, "settings language", { language: "discord" });
      const seen = new Set<string>();
      markEarlier(channel);
      const made = await sb.command(MOD, channel, "tournament create", {
        ...{ game: "onexeno-basic", format: "swiss", rounds: 2, "table-size": 2 },
        "rank-computers": true,
      });
      for (const x of textsOf(made.original!)) seen.add(x);
      await sb.command(MOD, channel, "tournament computers", { count: 4, level: "easy" });
      await sb.command(MOD, channel, "tournament start");
      const t = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.status !== "cancelled" && x.channelId === channel)!;
      expect(t.locale).toBe(locale);
      const done = await h.until(
        "the event's end",
        async () => ((await h.bot.tournaments.get(t.id))?.status === "over" ? true : null),
        300_000,
      );
      expect(done).toBe(true);
      const final = await h.until("the final standings", () =>
        sb.visibleMessages(channel, null).find((m) => said(m).includes(standings) && m.attachments.length),
      );
      expect(sb.visibleMessages(channel, null).some((m) => said(m).includes(over))).toBe(true);
      const messages = sb.visibleMessages(channel, null);
      readAll(channel, [MOD], seen);
      for (const table of (await h.bot.tournaments.get(t.id))!.played.flatMap((r) => r.tables)) readAll(table.threadId!, [MOD], seen);
      expect(seen.size).toBeGreaterThan(20);
      expect(english(seen)).toEqual([]);
      const out = join(import.meta.dirname, "..", "__output__");
      mkdirSync(out, { recursive: true });
      const podium = messages.find((m) => m.attachments.some((a) => a.filename === "podium.png"))!;
      for (const [m, file] of [
        [final, "standings.png"],
        [podium, "podium.png"],
      ] as const) {
        const a = m.attachments.find((x) => x.filename === file)!;
        writeFileSync(join(out, `${locale}-tournament-${file}`), sb.attachmentBytes(a)!);
      }
      sb.setLocale({ guild: sb.guildId }, "en-US");
    });
  }

  it("a French player at an English server: all that is private to her is French, in her card letters; public text names commands by mention", async () => {
    // In the thread, so this table's last messages (posted as the channel's budget allows) never reach another test's reading.
    const sb = h.standin;
    sb.setLocale({ user: ADA }, "fr");
    sb.setLocale({ user: BEN }, "en-US");
    markEarlier(THREAD);
    const service = h.bot.service("onze");
    const lobby = await sb.command(BEN, THREAD, "onze new", { clock: "off", seed: "french-guest" });
    // The open table names its join command by mention: each client shows its reader's name for it.
    expect(said(lobby.original)).toMatch(/<\/onze join:\d+>/);
    await sb.command(ADA, THREAD, "onze join");
    await sb.command(BEN, THREAD, "onze bot add", { level: "easy" });
    await sb.command(BEN, THREAD, "onze start");
    expect((await service.get(THREAD))?.locale).toBe("en");
    let discards = 0;
    let asked = false;
    const privately: string[] = [];
    /** Keeps what an interaction of Ada's answered her (panels are edited in place, so read them now). */
    const keep = (r: InteractionRecord) => {
      expect(r.refusals).toEqual([]);
      for (const m of [r.original, ...r.followups]) if (m) privately.push(...textsOf(m));
      return r;
    };
    for (let step = 0; step < 300 && !(discards >= 3 && asked); step++) {
      const rec = await h.until("the Onze table", () => service.get(THREAD));
      const s = rec.state!;
      const ada = rec.seats.findIndex((x) => x.userId === ADA);
      const mover = rec.seats[s.turn]!;
      if (!asked && s.phase === "play" && s.forSale !== null && s.turn !== ada && !s.claims.includes(ada)) {
        // Ada asks to buy the card on sale, from the public table (its words are the server's; her receipt hers).
        const table = await tableAt(THREAD, rec.rev);
        keep(await sb.click(ADA, table, Harness.idOf(table, "zbuy")));
        asked = true;
        continue;
      }
      if (mover.userId === ADA) {
        const panel = keep(await sb.command(ADA, THREAD, "onze hand")).original!;
        if (s.phase === "draw") keep(await sb.click(ADA, panel, Harness.idOf(panel, "zdraw")));
        else {
          const option = Harness.selectOptions(panel, "zdisc")[0]!;
          keep(await sb.select(ADA, panel, Harness.idOf(panel, "zdisc"), [option.value]));
          discards++;
        }
      } else if (mover.userId === BEN) {
        if (s.phase === "draw") await sb.command(BEN, THREAD, "onze draw");
        else {
          const cards = await sb.autocomplete(BEN, THREAD, "onze discard", { card: "" }, "card");
          await sb.command(BEN, THREAD, "onze discard", { card: String(cards[0]!.value) });
        }
      }
      await h.until("the move", async () => ((await service.get(THREAD))?.rev ?? 0) > rec.rev);
    }
    expect(discards).toBeGreaterThanOrEqual(3);
    expect(asked).toBe(true);
    const fresh = (m: ApiMessage) => !earlier.has(m.id);
    for (const m of sb.visibleMessages(THREAD, ADA)) if (fresh(m) && m.visibleTo === ADA) privately.push(...textsOf(m));
    expect(privately.join("\n")).toContain("Votre main");
    expect(privately.join("\n")).toMatch(/Vous avez pioché/);
    // Her receipts and menus: French words, French face letters (R, D, V), never J, Q or K.
    expect(english(privately)).toEqual([]);
    expect(privately.join("\n")).not.toMatch(/\b[JQK][♣♦♥♠]/);
    // Public text is the server's English and never names a command in code (only by mention).
    // Her discards reach the channel as its write budget allows: wait for them, then read it all.
    const publicly = await h.until("Ada's discards in the channel's English", () => {
      const text = sb.visibleMessages(THREAD, null).filter(fresh).map(said).join("\n");
      return text.includes("Ada discarded") ? text : null;
    });
    expect(publicly).not.toMatch(/`\/[a-z]/);
    await h.endTable(BEN, THREAD);
    sb.setLocale({ user: ADA }, "en-US");
    expect(h.log.errors).toEqual([]);
  });

  it("French server: Onze with French card names (R, D, V) on the table, in the hand and in every menu", async () => {
    const sb = h.standin;
    sb.setLocale({ guild: sb.guildId }, "fr");
    sb.setLocale({ user: ADA }, "fr");
    const seen = new Set<string>();
    markEarlier(GENERAL);
    const service = h.bot.service("onze");
    await sb.command(ADA, GENERAL, "onze new");
    for (let i = 0; i < 2; i++) await sb.command(ADA, GENERAL, "onze bot add", { level: "easy" });
    await sb.command(ADA, GENERAL, "onze start");
    expect((await service.get(GENERAL))?.locale).toBe("fr");
    let discards = 0;
    for (let step = 0; step < 200 && discards < 4; step++) {
      const rec = await h.until("the Onze table", () => service.get(GENERAL));
      readAll(GENERAL, [ADA], seen);
      const s = rec.state!;
      if (rec.seats[s.turn]?.userId !== ADA) {
        await h.until("the computers' moves", async () => ((await service.get(GENERAL))?.rev ?? 0) > rec.rev);
        continue;
      }
      const panel = (await sb.command(ADA, GENERAL, "onze hand")).original!;
      for (const t of textsOf(panel)) seen.add(t);
      if (s.phase === "draw") {
        const drew = (await sb.click(ADA, panel, Harness.idOf(panel, "zdraw"))).original!;
        expect(said(drew)).toMatch(/✅ Vous avez pioché \S+\./);
        for (const t of textsOf(drew)) seen.add(t);
      } else {
        const verb = Harness.ids(panel, "zdown").length ? "zdown" : "zdisc";
        const option = Harness.selectOptions(panel, verb)[0]!;
        const done = (await sb.select(ADA, panel, Harness.idOf(panel, verb), [option.value])).original!;
        for (const t of textsOf(done)) seen.add(t);
        if (verb === "zdisc") discards++;
      }
      await h.until("Ada's move", async () => ((await service.get(GENERAL))?.rev ?? 0) > rec.rev);
    }
    readAll(GENERAL, [ADA], seen);
    const all = [...seen].join("\n");
    expect(discards).toBe(4);
    expect(all).toContain("Onze manche 1 sur 7, contrat 2 groupes."); // alt text of the table picture
    expect(all).toContain("Votre main");
    // Face cards by the French convention; never an English J, Q or K before a suit.
    expect(all).toMatch(/\b[RDV][♣♦♥♠]/);
    expect(all).not.toMatch(/\b[JQK][♣♦♥♠]/);
    expect(english(seen)).toEqual([]);
    await h.endTable(ADA, GENERAL);
    sb.setLocale({ guild: sb.guildId }, "en-US");
    expect(h.log.errors).toEqual([]);
  });
});
