/**
 * The one V2 layout of every table message and panel (src/bot/components-v2.ts), checked against the
 * stand-in's Components V2 rules (the same checks Discord's answers are modelled on).
 */
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder } from "discord.js";
import { describe, expect, it } from "vitest";
import { recordPayload } from "../../src/bot/table-payload.ts";
import { asContainer, fitLayout, isV2, retext, V2_FLAG } from "../../src/bot/components-v2.ts";
import { checkComponentsV2, checkEditV2, LimitError } from "../../src/standin/limits.ts";
import { said } from "../helpers/message.ts";

const json = (x: unknown) => JSON.parse(JSON.stringify(x)) as Record<string, unknown>;
const row = () =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId("ox1|hand|3").setLabel("My hand").setStyle(ButtonStyle.Primary),
  );
const classic = () => ({
  content: "<@1>, your turn: place a card.",
  files: [new AttachmentBuilder(Buffer.from("png"), { name: "table.png", description: "The field: 3 cards" })],
  components: [row()],
  embeds: [],
  allowedMentions: { users: ["1"] },
});
type Part = { type: number; content?: string; items?: { media: { url: string }; description?: string }[] };
const parts = (m: { components?: readonly unknown[] }) => (json(m).components as { components: Part[] }[])[0]!.components;

describe("asContainer", () => {
  it("lays out heading, picture with its alt text, words and buttons in one container, and passes V2's rules", () => {
    const m = asContainer(classic(), "ONEXENO basic · Ada to play");
    expect(isV2(m)).toBe(true);
    expect(m.flags).toBe(V2_FLAG);
    expect("content" in m).toBe(false);
    expect(parts(m).map((p) => p.type)).toEqual([10, 12, 10, 1]);
    expect(parts(m)[0]!.content).toBe("### ONEXENO basic · Ada to play");
    expect(parts(m)[1]!.items).toEqual([{ media: { url: "attachment://table.png" }, description: "The field: 3 cards" }]);
    expect(m.files).toHaveLength(1);
    expect(m.allowedMentions).toEqual({ users: ["1"] });
    expect(said(json(m))).toBe("### ONEXENO basic · Ada to play\n<@1>, your turn: place a card.");
    expect(() => checkComponentsV2(json(m))).not.toThrow();
  });

  it("turns a lobby's embed into the heading, its description and the container's colour", () => {
    const embed = new EmbedBuilder().setTitle("Onze · 7 rounds").setDescription("1. <@1> (host)").setColor(0x1d5b3b);
    const m = asContainer({ content: "A table is open here.", embeds: [embed], components: [row()], files: [] });
    expect(parts(m).map((p) => p.content ?? p.type)).toEqual(["### Onze · 7 rounds", "1. <@1> (host)", "A table is open here.", 1]);
    expect((json(m).components as { accent_color: number }[])[0]!.accent_color).toBe(0x1d5b3b);
    expect(() => checkComponentsV2(json(m))).not.toThrow();
  });

  it("leaves a V2 payload as it is, and gives an empty one a text so the container is never empty", () => {
    const m = asContainer(classic(), "x");
    expect(asContainer(m, "y")).toBe(m);
    const empty = asContainer({ files: [] });
    expect(() => checkComponentsV2(json(empty))).not.toThrow();
  });
});

describe("retext and fitLayout", () => {
  it("replaces the words and keeps heading, picture and buttons; bare keeps only the heading and the words", () => {
    const m = retext(asContainer(classic(), "Onze · round 2 of 7"), "Table closed by Ada.");
    expect(parts(m).map((p) => p.type)).toEqual([10, 12, 10, 1]);
    expect(said(json(m))).toBe("### Onze · round 2 of 7\nTable closed by Ada.");
    const bare = retext(asContainer(classic(), "Onze"), "Table closed by Ada.", true);
    expect(parts(bare).map((p) => p.type)).toEqual([10, 10]);
    expect(bare.files).toEqual([]);
    expect(retext({ content: "old", files: [] }, "new").content).toBe("new");
  });

  it("fits a classic answer to a V2 message (Discord refuses content there) and leaves other edits alone", () => {
    const receipt = { content: "✅ You placed 12.", components: [], files: [], embeds: [] };
    const before = { flags: V2_FLAG };
    expect(() => checkEditV2(before, json(receipt))).toThrow(LimitError);
    expect(() => checkEditV2(before, json(fitLayout(true, receipt)))).not.toThrow();
    expect(fitLayout(false, receipt)).toBe(receipt);
  });

  it("tidies an old V2 table message to its record with the flag kept; a classic one to content", () => {
    const v2 = recordPayload("Ben played 23.", true);
    expect(() => checkEditV2({ flags: V2_FLAG }, json(v2))).not.toThrow();
    expect(said(json(v2))).toBe("-# Ben played 23.");
    expect(recordPayload("Ben played 23.").content).toBe("-# Ben played 23.");
  });
});

describe("a finished table's record (issue 63)", () => {
  it("keeps every line of its note, so the result stays readable once the next table is posted", async () => {
    const { asTable } = await import("../../src/bot/table-payload.ts");
    const note = "Ben placed the 3 at J7.\n🏁 Hand 3 is over: Ada +12, Ben +4.\n🏆 Ada wins the session with 120.";
    expect(asTable({}, note, "over").record).toBe(
      "Ben placed the 3 at J7. · 🏁 Hand 3 is over: Ada +12, Ben +4. · 🏆 Ada wins the session with 120.",
    );
    expect(asTable({}, note, "playing").record).toBe("Ben placed the 3 at J7.");
  });
});
