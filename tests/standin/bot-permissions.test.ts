/**
 * The bot's own permissions on the stand-in, as Discord enforces them: a thread needs Create
 * Public Threads in its channel, a private one Create Private Threads (seen by its members only); giving a member a role needs Manage Roles and a role below the
 * bot's highest (https://discord.com/developers/docs/topics/permissions#permission-hierarchy);
 * an interaction carries what the bot may do there in `app_permissions`.
 */
import { Routes } from "discord.js";
import { describe, expect, it } from "vitest";
import { BOT_PERMS, botRoleOf, PERMS } from "../../src/standin/objects.ts";
import { refusal, standinWithRest } from "../helpers/refusal.ts";

const stand = standinWithRest();
const sb = stand.sb;
const GENERAL = "200000000000000001";
const CARD_ROOM = "200000000000000002";
const ADA = "100000000000000001";

describe("the bot's permissions on the stand-in", () => {
  it("refuse a thread where the bot may not create public threads", async () => {
    sb.denyBot(CARD_ROOM, PERMS.CREATE_PUBLIC_THREADS);
    const denied = await refusal(() => stand.rest.post(Routes.threads(CARD_ROOM), { body: { name: "t", type: 11 } }));
    expect([denied?.status, denied?.code]).toEqual([403, 50013]);
    expect(await refusal(() => stand.rest.post(Routes.threads(GENERAL), { body: { name: "t", type: 11 } }))).toBeNull();
    sb.allowBot(CARD_ROOM);
    expect(await refusal(() => stand.rest.post(Routes.threads(CARD_ROOM), { body: { name: "t", type: 11 } }))).toBeNull();
    expect(sb.botPermissionsIn(GENERAL)).toBe(BOT_PERMS);
  });

  it("refuse a private thread without Create Private Threads, or in a thread; keep its members, and only they see it", async () => {
    sb.denyBot(CARD_ROOM, PERMS.CREATE_PRIVATE_THREADS);
    const body = { name: "flag", type: 12, invitable: false };
    const denied = await refusal(() => stand.rest.post(Routes.threads(CARD_ROOM), { body }));
    expect([denied?.status, denied?.code]).toEqual([403, 50013]);
    sb.allowBot(CARD_ROOM);
    const desk = (await stand.rest.post(Routes.threads(CARD_ROOM), { body })) as { id: string; type: number };
    expect(desk.type).toBe(12);
    const inThread = await refusal(() => stand.rest.post(Routes.threads(desk.id), { body }));
    expect([inThread?.status, inThread?.code]).toEqual([400, 50024]);
    expect((await refusal(() => stand.rest.put(Routes.threadMembers(desk.id, "123"))))?.code).toBe(10013);
    expect(sb.canSee(ADA, desk.id)).toBe(false);
    expect(await refusal(() => stand.rest.put(Routes.threadMembers(desk.id, ADA)))).toBeNull();
    expect(sb.canSee(ADA, desk.id)).toBe(true);
    const listed = (await stand.rest.get(Routes.threadMembers(desk.id))) as { user_id: string }[];
    expect(listed.map((m) => m.user_id).sort()).toEqual([sb.botUser.id, ADA].sort());
    await expect(sb.command("100000000000000002", desk.id, "tournament info")).rejects.toThrow(/does not see private thread/);
  });

  it("refuse giving a role without Manage Roles, or a role at or above the bot's own, and keep what it gave", async () => {
    const guild = sb.guildId;
    const [cardPlayers, moderators] = [String(BigInt(guild) + 1001n), String(BigInt(guild) + 1003n)];
    const give = (role: string, user = ADA) => refusal(() => stand.rest.put(Routes.guildMemberRole(guild, user, role)));
    expect((await give(cardPlayers))?.code).toBe(50013); // no Manage Roles yet
    sb.grantBot(PERMS.MANAGE_ROLES);
    expect((await give(moderators))?.code).toBe(50013); // above the bot's role
    expect((await give(botRoleOf(guild)))?.code).toBe(50013); // its own, managed
    expect((await give(guild))?.code).toBe(50013); // @everyone
    expect((await give("999"))?.code).toBe(10011);
    expect((await give(cardPlayers, "123"))?.code).toBe(10007);
    expect(sb.rolesOf(guild, ADA)).toEqual([]);
    expect(await give(cardPlayers)).toBeNull();
    expect(sb.rolesOf(guild, ADA)).toEqual([cardPlayers]);
    expect(await refusal(() => stand.rest.delete(Routes.guildMemberRole(guild, ADA, cardPlayers)))).toBeNull();
    expect(sb.rolesOf(guild, ADA)).toEqual([]);
  });
});
