/**
 * The stand-in's channels kept across a restart (src/standin/keep.ts, issue 63): what `npm start`
 * showed before it stopped (a thread opened, a private one with its members, a table's messages
 * with their pictures, a member's chat line) is there again after it starts anew on the same file, with the same ids, so the bot
 * goes on editing its table messages; without a file nothing is kept.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REST, Routes } from "discord.js";
import { describe, expect, it } from "vitest";
import { DiscordStandin } from "../../src/standin/server.ts";

const GENERAL = "200000000000000001";
const ADA = "100000000000000001";

describe("the stand-in's kept channels", () => {
  it("come back after a restart: threads, messages (same ids), attachments and chat; edits go on", async () => {
    const keepIn = join(mkdtempSync(join(tmpdir(), "onexeno-keep-")), "standin.json");
    const first = new DiscordStandin({ keepIn });
    await first.start();
    const rest = new REST({ api: first.apiUrl }).setToken(first.token);
    const thread = first.createThread(GENERAL, "friday game");
    const posted = (await rest.post(Routes.channelMessages(thread.id), {
      body: { content: "The table", attachments: [{ id: "0", filename: "table.png" }] },
      files: [{ name: "table.png", data: Buffer.from("not really a png"), contentType: "image/png" }],
    })) as { id: string; attachments: { id: string; url: string }[] };
    first.say(ADA, GENERAL, "good game!");
    // A private thread the bot made (a flag's): its members are kept, so it stays private.
    const desk = (await rest.post(Routes.threads(GENERAL), { body: { name: "Flag 1", type: 12, invitable: false } })) as { id: string };
    await rest.put(Routes.threadMembers(desk.id, ADA));
    await first.stop();

    const second = new DiscordStandin({ keepIn });
    await second.start();
    try {
      expect(second.channels.find((c) => c.id === thread.id)).toMatchObject({ name: "friday game", parentId: GENERAL });
      expect(second.channels.find((c) => c.id === desk.id)).toMatchObject({ name: "Flag 1", type: 12 });
      expect([second.canSee(ADA, desk.id), second.canSee("100000000000000002", desk.id)]).toEqual([true, false]);
      const kept = second.visibleMessages(thread.id, null);
      expect(kept.map((m) => [m.id, m.content])).toEqual([[posted.id, "The table"]]);
      // Its picture is served again.
      const a = kept[0]!.attachments[0]!;
      expect(second.attachmentBytes(a)?.toString()).toBe("not really a png");
      // At the address the new stand-in listens on (a port chosen at start differs each time).
      expect(a.url.startsWith(`${second.url}/attachments/`)).toBe(true);
      expect(await (await fetch(a.url)).text()).toBe("not really a png");
      expect(second.visibleMessages(GENERAL, null).at(-1)).toMatchObject({ content: "good game!", author: { id: ADA } });
      // The bot edits the same message after its restart, as on Discord.
      const rest2 = new REST({ api: second.apiUrl }).setToken(second.token);
      await rest2.patch(Routes.channelMessage(thread.id, posted.id), { body: { content: "-# The table, one line" } });
      expect(second.visibleMessages(thread.id, null)[0]!.content).toBe("-# The table, one line");
    } finally {
      await second.stop();
    }
    // Without a file, a new stand-in starts empty.
    const fresh = new DiscordStandin();
    expect(fresh.channels.some((c) => c.id === thread.id)).toBe(false);
    expect(fresh.visibleMessages(GENERAL, null)).toEqual([]);
  });
});
