/**
 * Types for the zod schemas of `discord-api-spec` (the package names its JavaScript as its
 * types): one `…Schema` export per schema of Discord's API description, read by name in
 * src/standin/spec.ts, and the switch between lenient and strict objects.
 */
declare module "discord-api-spec/zod" {
  /** Strict objects refuse keys the description does not list; lenient ones (the default) ignore them, as Discord does. */
  export function setStrictObject(strict: boolean): unknown;
}
