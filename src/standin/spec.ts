/**
 * Discord's own description of its HTTP API as the stand-in's judge of every REST request the
 * bot makes (issue 26). The description is the `discord-api-spec` package (Discord's OpenAPI
 * 3.1 document, published with zod schemas; its version is pinned in package.json, and the
 * testing notes, docs/testing.md, say how to update it):
 * - the request's method and route must be an operation of the description (its `Paths`);
 * - the JSON body (for a multipart upload, its `payload_json` part) must conform to that
 *   operation's request body, checked with the package's zod schemas.
 *
 * A request that does not is answered as Discord answers it: 400 with code 50035 ("Invalid Form
 * Body") and `errors` keyed by the field path, or 404/0 for a route Discord does not have.
 * https://discord.com/developers/docs/reference#error-messages
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as schemas from "discord-api-spec/zod";
import * as z from "zod/mini";
import { HttpError } from "./http-error.ts";

/** One operation of the description: its route template (`/channels/{channel_id}`) and body types. */
interface Operation {
  readonly method: string;
  readonly template: string;
  readonly pattern: RegExp;
  /** How many `{parameters}` the template has (a literal segment wins over a parameter). */
  readonly params: number;
  /** The request body's schema names (`MessageCreateRequest`); empty when it takes none. */
  readonly bodies: readonly string[];
}

/** A zod schema as the package exports it (zod/mini: `safeParse` on the schema). */
interface Schema {
  safeParse(data: unknown): { success: boolean; error?: { issues: Issue[] } };
}
interface Issue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly errors?: Issue[][];
  readonly expected?: string;
}

/**
 * Discord reads an integer field sent as a string of digits as that integer: its description
 * types permission bit sets (`default_member_permissions`) as integers, while Discord's docs
 * call them strings and discord.js sends strings. Such an issue is not a refusal.
 */
function integerAsString(issue: Issue, body: unknown, prefix: readonly PropertyKey[] = []): boolean {
  if (issue.code !== "invalid_type" || issue.expected !== "number") return false;
  let v: unknown = body;
  for (const k of [...prefix, ...issue.path]) v = v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return typeof v === "string" && /^\d{1,20}$/.test(v);
}

let operations: Operation[] | null = null;

// zod/mini carries no messages until a locale is loaded: English, so a refusal says what was expected.
z.config(z.locales.en());

/**
 * Reads the operations from the package's TypeScript description (`export interface Paths`:
 * route, method, `requestBody`), once per process.
 */
function loadOperations(): Operation[] {
  if (operations) return operations;
  const main = fileURLToPath(import.meta.resolve("discord-api-spec"));
  const text = readFileSync(join(dirname(main), "discord-api-spec.ts"), "utf8");
  const start = text.indexOf("export interface Paths {");
  if (start < 0) throw new Error("discord-api-spec: no Paths in the description");
  const lines = text.slice(start).split("\n");
  const out: Operation[] = [];
  let template = "";
  let method = "";
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "}") break;
    const path = /^ {2}"(\/[^"]*)": \{$/.exec(line);
    if (path) {
      template = path[1]!;
      continue;
    }
    const m = /^ {4}(get|post|put|patch|delete): \{$/.exec(line);
    if (m) {
      method = m[1]!.toUpperCase();
      out.push({
        method,
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
        params: (template.match(/\{/g) ?? []).length,
        bodies: [],
      });
      continue;
    }
    const body = /^ {6}requestBody\??:(.*)$/.exec(line);
    if (body) {
      // `X;`, `X | Y;`, `X[] | null;`, or a union over the following lines (`| X`).
      let decl = body[1]!.trim();
      while (!decl.endsWith(";") && i + 1 < lines.length) decl += ` ${lines[++i]!.trim()}`;
      const names = decl
        .replace(/;$/, "")
        .split("|")
        .map((x) => x.trim())
        .filter((x) => x && x !== "undefined" && x !== "null");
      (out.at(-1)!.bodies as string[]).push(...names);
    }
  }
  // The most literal template first: `/webhooks/{id}/{token}/messages/@original` before `…/{message_id}`.
  operations = out.sort((a, b) => a.params - b.params);
  return operations;
}

/** The schema for a body type name: `MessageCreateRequest`, or `X[]` for an array of X. */
function schemaOf(name: string): { schema: Schema; array: boolean } | null {
  const array = name.endsWith("[]");
  const base = array ? name.slice(0, -2) : name;
  const schema = (schemas as unknown as Record<string, Schema | undefined>)[`${base}Schema`];
  return schema ? { schema, array } : null;
}

/** Of a union's branches, the one that got furthest: not refused for its `type`, fewest issues. */
function bestBranch(branches: Issue[][]): Issue[] {
  const typed = branches.filter((b) => !b.some((i) => i.path.length === 1 && i.path[0] === "type"));
  const pool = typed.length ? typed : branches;
  return pool.reduce((x, y) => (y.length < x.length ? y : x), pool[0] ?? []);
}

/** The issues to report: a failed union is explained by its best branch, paths joined. */
function flatten(issues: readonly Issue[], prefix: readonly PropertyKey[] = []): { path: PropertyKey[]; issue: Issue }[] {
  const out: { path: PropertyKey[]; issue: Issue }[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors?.length) out.push(...flatten(bestBranch(issue.errors), path));
    else out.push({ path, issue });
  }
  return out;
}

/** Discord's error codes for a zod issue (`BASE_TYPE_MAX_LENGTH`, …), close enough to read. */
function discordCode(issue: Issue): string {
  switch (issue.code) {
    case "too_big":
      return "BASE_TYPE_MAX_LENGTH";
    case "too_small":
      return "BASE_TYPE_MIN_LENGTH";
    case "invalid_value":
      return "BASE_TYPE_CHOICES";
    case "invalid_type":
      return "BASE_TYPE_INVALID";
    default:
      return "BASE_TYPE_INVALID";
  }
}

/** A refusal's `errors` object: `{ components: { 0: { style: { _errors: [...] } } } }`. */
function errorTree(found: { path: PropertyKey[]; issue: Issue }[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { path, issue } of found) {
    let node = root;
    for (const key of path) node = (node[String(key)] ??= {}) as Record<string, unknown>;
    ((node._errors ??= []) as unknown[]).push({ code: discordCode(issue), message: issue.message });
  }
  return root;
}

/** Requests checked against the description in this process, by operation (`POST /channels/{channel_id}/messages`). */
export const specChecks: Record<string, number> = {};

/** A request the description refused: method, route, status and what was wrong. */
export interface SpecRefusal {
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly message: string;
  readonly errors?: Record<string, unknown>;
}

const refused: SpecRefusal[] = [];

/**
 * The refusals since the last call, and forgets them. The test set-up fails every test that
 * leaves one (`tests/setup.ts`); a test that sends a wrong payload on purpose takes its own.
 */
export function takeSpecRefusals(): SpecRefusal[] {
  return refused.splice(0);
}

/**
 * Checks one REST request (`route` after `/api/v10`, without the query) against Discord's
 * description. Returns normally when it conforms; throws `HttpError` 404/0 for a route and
 * method Discord does not have, and 400/50035 with `errors` by field path for a body that
 * does not conform (`body` is the parsed JSON or `payload_json`; undefined when there was none).
 */
export function checkAgainstSpec(method: string, route: string, body: unknown): void {
  const op = loadOperations().find((o) => o.method === method && o.pattern.test(route));
  if (!op) {
    const message = `404: Not Found (no ${method} ${route} in Discord's API description)`;
    refused.push({ method, route, status: 404, message });
    throw new HttpError(404, 0, message);
  }
  const key = `${op.method} ${op.template}`;
  specChecks[key] = (specChecks[key] ?? 0) + 1;
  if (!op.bodies.length || body === undefined) return;
  const results: Issue[][] = [];
  for (const name of op.bodies) {
    const found = schemaOf(name);
    if (!found) return; // a body the package has no schema for: nothing to check against
    const { schema, array } = found;
    if (array) {
      if (!Array.isArray(body)) {
        results.push([{ code: "invalid_type", path: [], message: "Expected an array" }]);
        continue;
      }
      const issues = body.flatMap((item, i) =>
        (schema.safeParse(item).error?.issues ?? []).filter((x) => !integerAsString(x, item)).map((x) => ({ ...x, path: [i, ...x.path] })),
      );
      if (!issues.length) return;
      results.push(issues);
      continue;
    }
    const r = schema.safeParse(body);
    const issues = (r.error?.issues ?? []).filter((x) => !integerAsString(x, body));
    if (!issues.length) return;
    results.push(issues);
  }
  const errors = errorTree(flatten(bestBranch(results)));
  refused.push({ method, route, status: 400, message: "Invalid Form Body", errors });
  throw new HttpError(400, 50035, "Invalid Form Body", {}, { errors });
}
