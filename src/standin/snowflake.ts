/** Discord-style snowflake ids (ms since 2015-01-01 << 22 | counter), always increasing. */
const DISCORD_EPOCH = 1420070400000n;
let last = 0n;

/** A fresh snowflake id as a decimal string. */
export function snowflake(now: number = Date.now()): string {
  let id = ((BigInt(now) - DISCORD_EPOCH) << 22n) | 1n;
  if (id <= last) id = last + 1n;
  last = id;
  return id.toString();
}
