/** Discord-style snowflake ids (ms since 2015-01-01 << 22 | counter), always increasing. */
const DISCORD_EPOCH = 1420070400000n;
let last = 0n;
let counter = 0n;

/** A fresh snowflake id as a decimal string (strictly above every earlier fresh one). */
export function snowflake(now: number = Date.now()): string {
  let id = ((BigInt(now) - DISCORD_EPOCH) << 22n) | 1n;
  if (id <= last) id = last + 1n;
  last = id;
  return id.toString();
}

/**
 * A snowflake stamped with time `ms` exactly (for interactions created in the past, as when
 * a stalled gateway delivers them late); unique through the low counter bits.
 */
export function snowflakeAt(ms: number): string {
  counter = (counter + 1n) & 0xfffn;
  return (((BigInt(Math.floor(ms)) - DISCORD_EPOCH) << 22n) | (1n << 12n) | counter).toString();
}

/**
 * The creation time of a snowflake in ms since 1970
 * (https://discord.com/developers/docs/reference#snowflakes).
 */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}
