/**
 * A Cardeno race in a French server through the stand-in: the table, its live events, Ada's
 * board panel and her grab receipts speak French, pieces read by the French convention (D, R,
 * V), and no English sentence reaches her; the table clock runs fast so a round ends quickly.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA, GENERAL, Harness } from "./harness.ts";
import { english, textsOf } from "../helpers/english.ts";
import { interactiveComponents } from "../../src/standin/limits.ts";
import type { ApiMessage } from "../../src/standin/types.ts";

const h = new Harness({ clockRate: 20, computerDelayMs: 20 });
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

/** Grab buttons of a message that fit (green). */
const greens = (m: ApiMessage) =>
  (interactiveComponents(m.components) as { custom_id?: string; style?: number; type: number }[]).filter(
    (c) => c.type === 2 && c.style === 3 && c.custom_id?.split("|")[1] === "cdgrab",
  );

describe("Cardeno in the server's language", () => {
  it("a French race: table, events, panel and receipts in French, with no English", async () => {
    const sb = h.standin;
    sb.setLocale({ guild: sb.guildId }, "fr");
    sb.setLocale({ user: ADA }, "fr");
    const seen = new Set<string>();
    await sb.command(ADA, GENERAL, "cardeno new", { rounds: 1, pace: 1 });
    await sb.command(ADA, GENERAL, "cardeno bot add", { level: "easy" });
    await sb.command(ADA, GENERAL, "cardeno start");
    const service = h.bot.service("cardeno");
    expect((await service.get(GENERAL))?.locale).toBe("fr");
    const panel = (await sb.command(ADA, GENERAL, "cardeno board")).original!;
    for (const t of textsOf(panel)) seen.add(t);
    // Ada's live panel shows a fitting piece in green: she grabs it.
    const fit = await h.until("a fitting piece on Ada's panel", () => {
      const p = sb
        .visibleMessages(GENERAL, ADA)
        .filter((m) => m.visibleTo === ADA)
        .at(-1);
      const b = p && greens(p)[0];
      return p && b ? { p, b } : null;
    });
    const grabbed = await sb.click(ADA, fit.p, fit.b.custom_id!);
    for (const t of textsOf(grabbed.original!)) seen.add(t);
    // Placed, or (a busy machine: the piece went back under the pile, the computer took it first,
    // the round ended) refused: in French either way (checked with everything else below).
    expect(textsOf(grabbed.original!).join("\n")).toMatch(/✅ .+ → [A-E][1-5]|❌ /);
    // The computer races on; the round ends (a line, a stuck board or the pile) and the game is over.
    await h.until("the end of the game", async () => ((await service.get(GENERAL))?.status === "over" ? true : null), 300_000);
    await h.until("the last table", () =>
      sb.visibleMessages(GENERAL, null).some((m) => textsOf(m).join(" ").includes("🏁 **Partie finie.**")),
    );
    for (const m of sb.visibleMessages(GENERAL, ADA)) for (const t of textsOf(m)) seen.add(t);
    const all = [...seen].join("\n");
    expect(all).toContain("Mon plateau");
    // The last table's heading or its picture's alt text (the table message is edited in place).
    expect(all).toMatch(/Cardeno (· )?manche 1 sur 1/);
    expect(all).not.toMatch(/(?<![\p{L}])[JQK][♣♦♥♠]/u);
    expect(english(seen)).toEqual([]);
    expect(h.log.errors).toEqual([]);
  });
});
