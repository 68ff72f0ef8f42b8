/**
 * A backup taken while the bot runs, and a restore with it stopped (issue 48, item 4): a table
 * is played, backed up, played on, the bot stopped, the backup restored and the bot started
 * again: the table is as it was at the backup, and play goes on from there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { ADA, BEN, CARD_ROOM, Harness } from "./harness.ts";
import { backupStore, restoreStore } from "../../src/store/backup.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

describe("backups of a running bot", () => {
  it("plays, backs up, plays on, restores: the table is as it was at the backup, and play goes on", async () => {
    const first = await h.startTwoPlayer(CARD_ROOM);
    const service = () => h.bot.service("onexeno");
    await h.playTurn(first, CARD_ROOM);
    const atBackup = (await service().get(CARD_ROOM))!;
    const file = join(mkdtempSync(join(tmpdir(), "onexeno-backup-e2e-")), "backup.sqlite");
    const backup = await backupStore(h.storeUrl, file);
    expect(backup.records).toBeGreaterThan(0);
    // Play on after the backup: two more turns.
    for (let i = 0; i < 2; i++) {
      const rec = (await service().get(CARD_ROOM))!;
      await h.playTurn(rec.seats[rec.state!.turn]!.userId, CARD_ROOM);
    }
    expect((await service().get(CARD_ROOM))!.rev).toBeGreaterThan(atBackup.rev);
    await h.stopBot();
    await restoreStore(h.storeUrl, file);
    await h.startBot();
    const back = (await service().get(CARD_ROOM))!;
    expect(back.rev).toBe(atBackup.rev);
    expect(back.state).toEqual(atBackup.state);
    // The one whose turn it was at the backup plays it again.
    const mover = back.seats[back.state!.turn]!.userId;
    expect([ADA, BEN]).toContain(mover);
    await h.playTurn(mover, CARD_ROOM);
    expect((await service().get(CARD_ROOM))!.rev).toBe(atBackup.rev + 1);
    expect(h.log.errors).toEqual([]);
  });
});
