/**
 * Configuration from the environment: shards (`SHARD_COUNT`, `SHARD_IDS`, `STANDIN_SHARDS`),
 * read once at start-up; a malformed value stops the start with a message that says why.
 */
import { describe, expect, it } from "vitest";
import { loadConfig, parseShardIds } from "../src/config.ts";

describe("shard configuration", () => {
  it("reads SHARD_IDS as ids and ranges below SHARD_COUNT", () => {
    expect(parseShardIds("0", 1)).toEqual([0]);
    expect(parseShardIds("3, 0-1 ,1", 4)).toEqual([0, 1, 3]);
    expect(loadConfig({ SHARD_COUNT: "4", SHARD_IDS: "2-3" })).toMatchObject({ shards: { ids: [2, 3], count: 4 }, shardCount: null });
  });

  it("leaves the choice to the sharding manager when SHARD_IDS is unset", () => {
    expect(loadConfig({})).toMatchObject({ shards: null, shardCount: null, standinShards: 1 });
    expect(loadConfig({ SHARD_COUNT: "3" })).toMatchObject({ shards: null, shardCount: 3 });
    expect(loadConfig({ STANDIN_SHARDS: "2" }).standinShards).toBe(2);
  });

  it("refuses malformed shard settings with the reason", () => {
    expect(() => parseShardIds("2", 2)).toThrow(/shard 2 does not exist with SHARD_COUNT=2/);
    expect(() => parseShardIds("1-0", 2)).toThrow(/runs backwards/);
    expect(() => parseShardIds("a", 2)).toThrow(/ids or ranges/);
    expect(() => parseShardIds(" , ", 2)).toThrow(/lists no shard/);
    expect(() => loadConfig({ SHARD_IDS: "0" })).toThrow(/SHARD_IDS needs SHARD_COUNT/);
    expect(() => loadConfig({ SHARD_COUNT: "0" })).toThrow(/SHARD_COUNT must be a whole number 1 or more/);
    expect(() => loadConfig({ STANDIN_SHARDS: "7" })).toThrow(/STANDIN_SHARDS must be/);
  });
});

describe("live table configuration", () => {
  const app = {
    ACTIVITY_PORT: "8080",
    DISCORD_TOKEN: "t",
    ACTIVITY_PUBLIC_URL: "https://x.example",
    DISCORD_CLIENT_SECRET: "s",
    DISCORD_APPLICATION_ID: "1",
  };
  it("reads ACTIVITY_INTERNAL_URL as the origin other shard processes reach this one at", () => {
    expect(loadConfig(app).activity).toMatchObject({ port: 8080, internalUrl: null });
    expect(loadConfig({ ...app, ACTIVITY_INTERNAL_URL: "http://10.0.0.5:8090/" }).activity?.internalUrl).toBe("http://10.0.0.5:8090");
  });

  it("refuses an internal address it could not listen at or pass sockets to", () => {
    expect(() => loadConfig({ ...app, ACTIVITY_INTERNAL_URL: "https://10.0.0.5:8090" })).toThrow(/must be http:\/\/host:port/);
    expect(() => loadConfig({ ...app, ACTIVITY_INTERNAL_URL: "http://10.0.0.5" })).toThrow(/must be http:\/\/host:port/);
    expect(() => loadConfig({ ...app, ACTIVITY_INTERNAL_URL: "http://10.0.0.5:8090/live" })).toThrow(/no path/);
    expect(() => loadConfig({ ...app, ACTIVITY_INTERNAL_URL: "not a url" })).toThrow(/must be a URL/);
    expect(() => loadConfig({ ...app, DISCORD_CLIENT_SECRET: "" })).toThrow(/needs ACTIVITY_PUBLIC_URL, DISCORD_CLIENT_SECRET/);
  });
});

describe("Discord's global limit", () => {
  it("spends nine tenths of DISCORD_GLOBAL_LIMIT (Discord's 50 unless raised), and refuses what is not a number of requests", () => {
    expect(loadConfig({}).requestsPerSecond).toBe(45);
    expect(loadConfig({ DISCORD_GLOBAL_LIMIT: "500" }).requestsPerSecond).toBe(450);
    expect(() => loadConfig({ DISCORD_GLOBAL_LIMIT: "fifty" })).toThrow(/DISCORD_GLOBAL_LIMIT must be a whole number/);
    expect(() => loadConfig({ DISCORD_GLOBAL_LIMIT: "1" })).toThrow(/DISCORD_GLOBAL_LIMIT must be a whole number/);
  });
});
