/**
 * The players' languages through the stand-in: Discord registers every command with its names
 * in each language; a private answer (a refusal, a suggestion, a `/settings` reply) is said in
 * the language of the user who asked (`interaction.locale`), whatever the others speak.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA, BEN, CLEO, GENERAL, Harness, MOD } from "./harness.ts";
import { said } from "../helpers/message.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

describe("languages", () => {
  it("registers every command in five languages and answers each user privately in theirs", async () => {
    const sb = h.standin;
    // What Discord shows a French or German user in the command picker.
    const onze = sb.commandByName("onze") as { name_localizations: Record<string, string>; options: Record<string, unknown>[] };
    const sub = (name: string) => onze.options.find((o) => o.name === name) as { name_localizations: Record<string, string> };
    expect(sub("new").name_localizations).toMatchObject({ fr: "nouvelle", de: "neu", "es-ES": "nueva", "pt-BR": "nova" });
    expect(sub("draw").name_localizations).toMatchObject({ fr: "piocher", de: "ziehen", "es-419": "robar", "pt-BR": "comprar" });
    expect((sb.commandByName("settings") as { name_localizations: Record<string, string> }).name_localizations).toMatchObject({
      fr: "réglages",
      de: "einstellungen",
    });

    sb.setLocale({ user: ADA }, "fr");
    sb.setLocale({ user: BEN }, "de");
    sb.setLocale({ user: CLEO }, "es-ES");
    sb.setLocale({ user: MOD }, "pt-BR");
    const ask = async (user: string, path: string, options: Record<string, string | number | boolean> = {}) =>
      said((await sb.command(user, GENERAL, path, options)).original);

    // No table yet: each hears it in their own language.
    expect(await ask(ADA, "onze join")).toBe(
      "❌ Il n'y a pas encore de table ici. Ouvrez-en une avec `/onze nouvelle` ; les autres la rejoignent avec `/onze rejoindre` ou le bouton Rejoindre.",
    );
    expect(await ask(BEN, "onze join")).toContain("❌ Hier gibt es noch keinen Tisch. Eröffne einen mit `/onze neu`");
    expect(await ask(CLEO, "onze start")).toContain("❌ Aún no hay mesa aquí.");

    // Suggestions while typing a clock, and a wrong clock, in the typist's language.
    const fr = await sb.autocomplete(ADA, GENERAL, "onze new", { clock: "90" }, "clock");
    expect(fr.map((c) => c.name)).toEqual(["90 : 90 s par tour"]);
    const de = await sb.autocomplete(BEN, GENERAL, "onze new", { clock: "" }, "clock");
    expect(de[0]?.name).toBe("120 s pro Zug (Standard, live)");
    expect(await ask(BEN, "onze new", { clock: "banana" })).toContain(
      "❌ `banana` ist keine Zuguhr: nimm `off`, Sekunden für Live-Spiel (20 bis 3600",
    );

    // The rules, in each reader's language (written in our own words in each).
    const rules = async (user: string, path: string) =>
      ((await sb.command(user, GENERAL, path)).original?.embeds[0] as { title?: string } | undefined)?.title;
    expect(await rules(ADA, "onze rules")).toBe("Onze : comment jouer");
    expect(await rules(BEN, "cardeno rules")).toBe("Cardeno: so wird gespielt");
    expect(await rules(CLEO, "onexeno rules")).toBe("ONEXENO: básico y parejas: cómo se juega");

    // Ada opens a table; Ben may not start it, and is told so in German; Ada in French is told she is seated.
    await ask(ADA, "onze new");
    // Started too soon: the rule, how many sit and how to fill the table, all in her language.
    expect(await ask(ADA, "onze start")).toBe(
      "❌ Le Onze se joue à 3 à 7 joueurs. 1 assis pour l'instant : les autres rejoignent avec le bouton Rejoindre, ou ajoutez un joueur ordinateur.",
    );
    await ask(BEN, "onze join");
    expect(await ask(BEN, "onze start")).toBe("❌ Nur der Gastgeber kann das Spiel starten.");
    expect(await ask(ADA, "onze join")).toBe("❌ Vous avez déjà une place à cette table.");

    // The game's own refusals too: the player to move draws twice, another asks to buy too early.
    await ask(CLEO, "onze join");
    await ask(ADA, "onze start");
    const rec = (await h.bot.games.get("onze")!.get(GENERAL)) as unknown as { state: { turn: number }; seats: { userId: string }[] };
    const mover = rec.seats[rec.state.turn]!.userId;
    const other = rec.seats.find((s) => s.userId !== mover)!.userId;
    const drawn: Record<string, string> = {
      [ADA]: "❌ Vous avez déjà pioché ce tour-ci.",
      [BEN]: "❌ Du hast in diesem Zug schon gezogen.",
      [CLEO]: "❌ Ya has robado en este turno.",
    };
    const name = (rec.seats[rec.state.turn] as unknown as { name: string }).name;
    const notYours: Record<string, string> = {
      [ADA]: `❌ Ce n'est pas votre tour : ${name} joue.`,
      [BEN]: `❌ Du bist nicht am Zug: ${name} spielt.`,
      [CLEO]: `❌ No es tu turno: está jugando ${name}.`,
    };
    expect(await ask(other, "onze buy")).toBe(notYours[other]);
    await ask(mover, "onze draw");
    expect(await ask(mover, "onze draw")).toBe(drawn[mover]);

    // A server manager's settings, in Brazilian Portuguese; a member reads them but a change is refused, in Spanish.
    expect(await ask(CLEO, "settings show")).toContain("Los ajustes de este servidor");
    expect(await ask(CLEO, "settings computers", { allowed: false })).toBe(
      "❌ Solo los miembros que pueden gestionar el servidor cambian sus ajustes.",
    );
    expect(await ask(MOD, "settings computers", { allowed: false })).toContain("✅ Jogadores computador não sentam mais");
    expect(await ask(ADA, "onze bot add", { level: "normal" })).toBe(
      "❌ Ce serveur n'assied pas de joueurs ordinateurs (voir `/réglages voir`).",
    );
    const shown = await ask(MOD, "settings show");
    expect(shown).toContain("## As configurações deste servidor");
    expect(shown).toContain("**Jogadores computador**: não sentam");
    expect(h.log.errors).toEqual([]);
  });
});
