/**
 * The single `interactionCreate` entry: routes slash commands, autocomplete and components,
 * with one error boundary. Pattern: discord.js guide "Command handling" and "Event handling"
 * (https://discordjs.guide/creating-your-bot/command-handling.html).
 *
 * What it guarantees for every game:
 * - options are checked once against the command's own registration (required, type,
 *   length, range, fixed choices) before a handler runs: a bad value is a `UserError`;
 * - autocomplete answers fit the focused option (value type, 25 choices, 100 characters);
 * - every command and component is answered, if only with a polite refusal;
 * - an interaction too old to be answered in time changes nothing;
 * - expected failures (`UserError`) are answered ephemerally and not logged as crashes;
 *   a change that was saved but whose answer could not be delivered (`ReplyFailed`) is
 *   posted in the channel instead; anything else is logged and answered with a generic
 *   ephemeral message that never claims the table is unchanged.
 */
import {
  DiscordAPIError,
  MessageFlags,
  type ApplicationCommandOptionChoiceData,
  type AutocompleteInteraction,
  type BaseMessageOptions,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
  type Interaction,
  type MessageComponentInteraction,
  type PrimaryEntryPointCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import { decodeId, type ComponentId } from "./customid.ts";
import { UserError } from "./errors.ts";
import type { Logger } from "./logger.ts";
import { INTERACTION_WINDOW_MS, interactionAge, LATE_AFTER_MS, ReplyFailed, respond } from "./reply.ts";
import { surfaceAt, type ChannelPoster } from "../surfaces/surface.ts";
import { inputError, refusal, refuse, sayError, type RefusalCode } from "./words.ts";
import { fitLayout, withFlags } from "./components-v2.ts";
import { pickedHint, rememberHints } from "./hints.ts";
import { commandWords } from "../i18n/commands.ts";
import { localeOf } from "../i18n/index.ts";
import { actFor } from "./acting.ts";
import { surfaceOf } from "../surfaces/traits.ts";

/** One autocomplete suggestion (Discord: name 1-100 characters, a value of the option's type). */
export type Choice = ApplicationCommandOptionChoiceData<string | number>;

export { hint, HINT_VALUE } from "./hints.ts";

/**
 * A subcommand's need of a server's channel (issue 64): the refusal a DM or group DM gets
 * (`code`), and, when only some of its uses need one,
 * which (`when`, read off the options).
 */
export interface ServerNeed {
  readonly code: RefusalCode;
  readonly when?: (options: ChatInputCommandInteraction["options"]) => boolean;
}

/** One slash command: its registration data and handlers. */
export interface Command<Ctx> {
  readonly data: { readonly name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  /**
   * Its subcommands that need a server's channel, by their path below the command (`leaderboard`,
   * `bot add`): checked once by the router before `execute`, so a handler never asks where it is.
   */
  readonly needsServer?: Readonly<Record<string, ServerNeed>>;
  execute(interaction: ChatInputCommandInteraction, ctx: Ctx): Promise<void>;
  /** Suggestions for the focused option; the router fits them to the option and answers. */
  autocomplete?(interaction: AutocompleteInteraction, ctx: Ctx): Promise<Choice[]>;
}

/** Handles components whose customId this codec decodes. */
export interface ComponentHandler<Ctx> {
  handle(interaction: MessageComponentInteraction, id: ComponentId, ctx: Ctx): Promise<void>;
}

export type { Logger };

/**
 * Refuses (the need's own code) a subcommand the command declares as needing a server's channel
 * (`Command.needsServer`) when it comes from a DM or group DM (`surfaceOf`: `answers`).
 */
export function mustBeOnItsSurface(
  cmd: Pick<Command<unknown>, "needsServer">,
  interaction: Pick<ChatInputCommandInteraction, "guildId" | "options">,
): void {
  const sub = [interaction.options.getSubcommandGroup(false), interaction.options.getSubcommand(false)].filter(Boolean).join(" ");
  const need = cmd.needsServer?.[sub];
  if (need && surfaceOf(interaction) === "answers" && (need.when?.(interaction.options) ?? true)) throw refuse(need.code);
}

/**
 * A command's full path as a user types it: `game bot add` (command, subcommand group,
 * subcommand), for metrics and logs.
 */
export function commandPath(interaction: {
  commandName: string;
  options: { getSubcommandGroup(required: false): string | null; getSubcommand(required: false): string | null };
}): string {
  return [interaction.commandName, interaction.options.getSubcommandGroup(false), interaction.options.getSubcommand(false)]
    .filter(Boolean)
    .join(" ");
}

/** Host services the router uses beyond the handlers. */
export interface RouterOptions {
  /** Posts a public message in a channel: where a saved change goes when its reply fails. */
  readonly post?: ChannelPoster;
  /** Runs after every command or component in a channel, answered or not (e.g. computer moves). */
  readonly after?: (channelId: string) => void;
  /** Clock, ms (tests). */
  readonly now?: () => number;
  /**
   * How old an interaction is when it reaches the bot, ms (default: from its snowflake by `now`);
   * tests on a busy machine leave out the time the machine stopped the process (src/standin/stalls.ts).
   */
  readonly ageOf?: (id: string) => number;
  /** Told of every interaction once it is handled (metrics and structured logs). */
  readonly observe?: (event: InteractionEvent) => void;
  /** Checked before a slash command runs (a server's settings); a `UserError` it throws is the answer. */
  readonly guard?: (interaction: ChatInputCommandInteraction) => Promise<void>;
  /**
   * Claims what an interaction acts on (its guild) for this process before any work, in the
   * store every process shares (src/store/claims.ts): `refused` when another process holds it,
   * and this one lets the interaction be (the holder answers it); `resumed` when this process
   * takes it over from one killed while acting on it (which may have answered it already).
   */
  readonly claim?: (interaction: Interaction) => Promise<"taken" | "resumed" | "refused">;
  /**
   * Marks a claimed interaction done once it is handled (src/store/claims.ts `settle`): until
   * then, a process that sees this one die takes it over and finishes it (src/bot/acting.ts).
   */
  readonly settle?: (interaction: Interaction) => Promise<void>;
  /**
   * The public table of the interaction's channel as it is now, when that interaction changed it
   * already (`GameTable.acted`), else null: what an interaction taken over from a process killed
   * after saving its change answers, instead of making the change again.
   */
  readonly changedBy?: (interaction: Interaction) => Promise<BaseMessageOptions | null>;
  /**
   * Answers the app's Entry Point command (the App Launcher's; command type 4, handler
   * APP_HANDLER), with callback type 12 to launch the Activity. Without it the command is
   * refused as unknown.
   */
  readonly entryPoint?: (interaction: PrimaryEntryPointCommandInteraction) => Promise<void>;
}

/**
 * One handled interaction, for metrics and logs. `outcome`: `ok` (answered), `refused` (bad
 * input or a rule: an ephemeral refusal with a stable code), `failed` (a bug: the generic
 * error), `late` (arrived too late to act on), `undelivered` (acted on, but Discord refused the
 * answer), `skipped` (another process claimed it: it answers). `ms`: from arrival to the end of
 * handling.
 */
export interface InteractionEvent {
  readonly kind: "command" | "component" | "autocomplete";
  /** `game play`, a component verb, or the command being completed. */
  readonly name: string;
  readonly guildId: string | null;
  readonly channelId: string | null;
  readonly outcome: "ok" | "refused" | "failed" | "late" | "undelivered" | "skipped";
  /** The refusal's stable code, when refused. */
  readonly code?: string;
  readonly ms: number;
}

/** Answers ephemerally whatever state the interaction is in (fresh, replied or deferred). */
export async function replyEphemeral(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  content: string,
): Promise<void> {
  const payload = { content, components: [], files: [], embeds: [] };
  if (interaction.deferred && !interaction.replied) {
    // After a deferred update this edits the component's message, which may be in V2's layout.
    const onV2 = interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.IsComponentsV2);
    await interaction.editReply(fitLayout(onV2, payload));
  } else if (interaction.replied) {
    await interaction.followUp({ ...payload, flags: withFlags(payload, MessageFlags.Ephemeral) });
  } else {
    await interaction.reply({ ...payload, flags: withFlags(payload, MessageFlags.Ephemeral) });
  }
}

/** Registered option shape (the parts the checks read). */
interface OptionDef {
  readonly name: string;
  readonly type: number;
  readonly required?: boolean;
  readonly choices?: readonly { readonly name: string; readonly value: string | number }[];
  readonly options?: readonly OptionDef[];
  readonly min_value?: number;
  readonly max_value?: number;
  readonly min_length?: number;
  readonly max_length?: number;
}

const SUB = 1;
const GROUP = 2;
const STRING = 3;
const INTEGER = 4;
const BOOLEAN = 5;
const USER = 6;
const CHANNEL = 7;
const ROLE = 8;
const MENTIONABLE = 9;
const NUMBER = 10;

/** The leaf option definitions and the leaf options sent, following subcommand groups; `path`: the command path to them (`game new`). */
function leaves(
  defs: readonly OptionDef[] | undefined,
  sent: readonly CommandInteractionOption[],
  path = "",
): { defs: readonly OptionDef[]; sent: readonly CommandInteractionOption[]; path: string } {
  const branch = sent.find((o) => o.type === SUB || o.type === GROUP);
  // A command of subcommands sent without one (no honest client does: Discord makes you pick one).
  if (!branch && defs?.some((d) => d.type === SUB || d.type === GROUP)) throw inputError("input/missing_subcommand", {});
  if (!branch) return { defs: defs ?? [], sent, path };
  const def = defs?.find((d) => d.name === branch.name && d.type === branch.type);
  if (!def) throw inputError("input/unknown_subcommand", { sub: branch.name });
  return leaves(def.options, branch.options ?? [], `${path} ${branch.name}`);
}

const fitsType = (type: number, v: unknown) =>
  type === STRING
    ? typeof v === "string"
    : type === INTEGER
      ? Number.isSafeInteger(v)
      : type === NUMBER
        ? typeof v === "number" && Number.isFinite(v)
        : type === BOOLEAN
          ? typeof v === "boolean"
          : typeof v === "string";
const typeWord = (type: number) => (type === INTEGER ? "integer" : type === NUMBER ? "number" : type === BOOLEAN ? "boolean" : "text");

/**
 * Checks a command's options against its registration
 * (https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-structure).
 * Throws a `UserError` naming the option: `input/missing_subcommand`, `input/missing_option`,
 * `input/unknown_option`, `input/bad_type`, `input/unresolved` (a user, channel or role option
 * without its resolved object), `input/too_long`, `input/too_short`, `input/out_of_range`,
 * `input/bad_choice`.
 */
export function checkOptions(body: RESTPostAPIChatInputApplicationCommandsJSONBody, sent: readonly CommandInteractionOption[]): void {
  const { defs, sent: given, path } = leaves(body.options as readonly OptionDef[] | undefined, sent, body.name);
  // Each refusal names the option as the user's Discord shows it (`option` from its `path`).
  const named = (def: OptionDef) => ({ option: def.name, path: `${path} ${def.name}` });
  for (const def of defs) if (def.required && !given.some((o) => o.name === def.name)) throw inputError("input/missing_option", named(def));
  for (const o of given) {
    const def = defs.find((d) => d.name === o.name);
    if (!def) throw inputError("input/unknown_option", { option: o.name });
    const v = o.value;
    if (def.type !== o.type || !fitsType(def.type, v)) throw inputError("input/bad_type", { ...named(def), context: typeWord(def.type) });
    // A user, channel or role comes with what Discord resolved it to; without that, it names nobody.
    const resolved =
      def.type === USER
        ? o.user
        : def.type === CHANNEL
          ? o.channel
          : def.type === ROLE
            ? o.role
            : def.type === MENTIONABLE
              ? (o.user ?? o.role)
              : true;
    if (!resolved) throw inputError("input/unresolved", named(def));
    if (typeof v === "string") {
      if (def.max_length !== undefined && v.length > def.max_length)
        throw inputError("input/too_long", { ...named(def), max: def.max_length });
      if (def.min_length !== undefined && v.length < def.min_length)
        throw inputError("input/too_short", { ...named(def), min: def.min_length });
    }
    if (typeof v === "number") {
      if ((def.min_value !== undefined && v < def.min_value) || (def.max_value !== undefined && v > def.max_value))
        throw inputError("input/out_of_range", { ...named(def), min: def.min_value ?? "-∞", max: def.max_value ?? "∞" });
    }
    if (def.choices && !def.choices.some((c) => c.value === v))
      throw inputError("input/bad_choice", { ...named(def), choices: def.choices.map((c) => c.name).join(", "), context: "list" });
  }
}

/** Every button and select menu of a message's components (rows, containers, sections' accessories), as JSON. */
function controlsOf(components: readonly unknown[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (c: Record<string, unknown>): void => {
    if (typeof c.custom_id === "string") out.push(c);
    for (const child of (c.components as Record<string, unknown>[] | undefined) ?? []) walk(child);
    if (c.accessory) walk(c.accessory as Record<string, unknown>);
  };
  for (const c of components) walk((c as { toJSON?: () => Record<string, unknown> }).toJSON?.() ?? (c as Record<string, unknown>));
  return out;
}

/**
 * Checks a component interaction against the control it names on its message, where that
 * control is still there: the same kind (a button is clicked, a menu is chosen from), and for
 * a string select only values it offers. Throws `component/not_offered` otherwise (a modified
 * client; Discord's own never sends one). A control no longer on the message (edited since) is
 * left to its handler, which knows the table has moved on.
 * https://discord.com/developers/docs/interactions/message-components
 */
export function checkComponent(interaction: MessageComponentInteraction): void {
  const control = controlsOf(interaction.message.components).find((c) => c.custom_id === interaction.customId);
  if (!control) return;
  if (control.type !== interaction.componentType) throw new UserError("component/not_offered", refusal("component/not_offered"));
  if (interaction.isStringSelectMenu()) {
    const offered = new Set(((control.options as { value: string }[] | undefined) ?? []).map((o) => o.value));
    if (interaction.values.some((v) => !offered.has(v))) throw new UserError("component/not_offered", refusal("component/not_offered"));
  }
}

/**
 * Fits suggestions to the focused option (Discord refuses the whole answer otherwise):
 * values of the option's type only, names cut to 100 characters, string values to 100, at
 * most 25 choices.
 */
export function fitChoices(choices: readonly Choice[], type: number | undefined): Choice[] {
  const out: Choice[] = [];
  for (const c of choices) {
    if (type !== undefined && !fitsType(type, c.value)) continue;
    if (typeof c.value === "string" && (c.value.length === 0 || c.value.length > 100)) continue;
    const name = c.name.length > 100 ? `${c.name.slice(0, 99)}…` : c.name;
    if (name.length === 0) continue;
    out.push({ name, value: c.value });
    if (out.length === 25) break;
  }
  return out;
}

/** The type of the focused option, from the registration. */
function focusedType(body: RESTPostAPIChatInputApplicationCommandsJSONBody, interaction: AutocompleteInteraction): number | undefined {
  try {
    const { defs } = leaves(body.options as readonly OptionDef[] | undefined, interaction.options.data);
    return defs.find((d) => d.name === interaction.options.getFocused(true).name)?.type;
  } catch {
    return undefined;
  }
}

const isUnknownInteraction = (e: unknown) => e instanceof DiscordAPIError && (e.code === 10062 || e.code === 10015);

/** The interaction handler, and a way to wait for the interactions it is still handling. */
export interface Router {
  (interaction: Interaction): Promise<void>;
  /** Resolves when no interaction is being handled (shutdown: finish the moves in flight). */
  idle(): Promise<void>;
}

/** Builds the interaction handler. */
export function createRouter<Ctx>(
  commands: readonly Command<Ctx>[],
  components: ComponentHandler<Ctx>,
  ctx: Ctx,
  log: Logger,
  opts: RouterOptions = {},
): Router {
  const inFlight = new Set<Promise<void>>();
  const route = routeOne(commands, components, ctx, log, opts);
  const router = ((interaction: Interaction) => {
    const p = route(interaction).finally(() => inFlight.delete(p));
    inFlight.add(p);
    return p;
  }) as Router;
  router.idle = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
  return router;
}

/**
 * Whether this process acts on `interaction` (`RouterOptions.claim`): `skip` when another
 * process with the same guild's events (a deploy, a shard given twice) holds it (that one answers;
 * this one reports it `skipped`), `resume` when this one takes it over from a process killed while
 * acting on it, else `act`.
 */
async function claimOf(
  interaction: Interaction,
  opts: RouterOptions,
  log: Logger,
  report: (kind: InteractionEvent["kind"], name: string, outcome: InteractionEvent["outcome"]) => void,
): Promise<"act" | "resume" | "skip"> {
  if (
    !opts.claim ||
    !(
      interaction.isAutocomplete() ||
      interaction.isChatInputCommand() ||
      interaction.isMessageComponent() ||
      interaction.isPrimaryEntryPointCommand()
    )
  )
    return "act";
  const got = await opts.claim(interaction);
  if (got === "taken") return "act";
  if (got === "resumed") {
    log.info(`interaction ${interaction.id}: taken over from a process that stopped while acting on it`);
    return "resume";
  }
  const kind = interaction.isAutocomplete() ? "autocomplete" : interaction.isChatInputCommand() ? "command" : "component";
  const name = interaction.isMessageComponent()
    ? (decodeId(interaction.customId)?.verb ?? "unknown")
    : interaction.isPrimaryEntryPointCommand()
      ? interaction.commandName
      : commandPath(interaction);
  log.info(`interaction ${interaction.id} was claimed by another process; skipped`);
  report(kind, name, "skipped");
  return "skip";
}

/** Discord's "Interaction has already been acknowledged" (40060). */
const isAcknowledged = (e: unknown) => e instanceof DiscordAPIError && e.code === 40060;

function routeOne<Ctx>(
  commands: readonly Command<Ctx>[],
  components: ComponentHandler<Ctx>,
  ctx: Ctx,
  log: Logger,
  opts: RouterOptions,
): (interaction: Interaction) => Promise<void> {
  const byName = new Map(commands.map((c) => [c.data.name, { cmd: c, body: c.data.toJSON() }]));
  const routing: Routing<Ctx> = { byName, components, ctx, log, opts };
  const now = opts.now ?? Date.now;
  return async (interaction) => {
    const start = performance.now();
    const report = (kind: InteractionEvent["kind"], name: string, outcome: InteractionEvent["outcome"], code?: string) =>
      opts.observe?.({
        kind,
        name,
        guildId: interaction.guildId,
        channelId: interaction.channelId,
        outcome,
        ...(code ? { code } : {}),
        ms: performance.now() - start,
      });
    const claim = await claimOf(interaction, opts, log, report);
    if (claim === "skip") return;
    // Measured after the claim: one taken over from a process killed mid-way comes late.
    const age = opts.ageOf?.(interaction.id) ?? interactionAge(interaction.id, now());
    try {
      const handle = () =>
        interaction.isPrimaryEntryPointCommand()
          ? launchFrom(interaction, age, opts, log, report)
          : handleOne(routing, interaction, age, claim === "resume", report);
      // Its surface does what it needs around the handling (src/surfaces/surface.ts `around`: the
      // answer chain claims its clocks before and shows the table after); a late one is refused bare.
      const answerable = interaction.isChatInputCommand() || interaction.isMessageComponent() ? interaction : null;
      const surface = answerable && age < LATE_AFTER_MS ? surfaceAt(interaction.client, interaction) : undefined;
      await actFor(interaction.id, interaction.channelId, () => (surface && answerable ? surface.around(answerable, handle) : handle()));
    } finally {
      await opts.settle?.(interaction).catch((e: unknown) => log.error(`interaction ${interaction.id}: could not mark it done`, e));
    }
  };
}

/**
 * The app's Entry Point command, `age` ms after it was made: answered by `opts.entryPoint`
 * (callback type 12), else refused as an unknown command; a refusal is said ephemerally, a late
 * one (past `LATE_AFTER_MS`) is left unanswered, as a late command is.
 * https://discord.com/developers/docs/interactions/application-commands#entry-point-commands
 */
async function launchFrom(
  interaction: PrimaryEntryPointCommandInteraction,
  age: number,
  opts: RouterOptions,
  log: Logger,
  report: (kind: InteractionEvent["kind"], name: string, outcome: InteractionEvent["outcome"], code?: string) => void,
): Promise<void> {
  const name = interaction.commandName;
  if (age >= LATE_AFTER_MS) return report("command", name, "late");
  try {
    if (!opts.entryPoint) throw new UserError("command/unknown", refusal("command/unknown"));
    await opts.entryPoint(interaction);
    report("command", name, "ok");
  } catch (e) {
    if (!(e instanceof UserError)) log.error(`interaction ${interaction.id} failed`, e);
    const text =
      e instanceof UserError ? `❌ ${sayError(e, interaction.locale)}` : `⚠️ ${refusal("bot/failed", {}, localeOf(interaction.locale))}`;
    if (!interaction.replied)
      await interaction
        .reply({ content: text, flags: MessageFlags.Ephemeral })
        .catch((err: unknown) => log.info(`interaction ${interaction.id}: could not report an error (${String(err)})`));
    report("command", name, e instanceof UserError ? "refused" : "failed", e instanceof UserError ? e.code : undefined);
  }
}

/** What `handleOne` routes with: the commands by name (with their registered shapes), the components, the context. */
interface Routing<Ctx> {
  readonly byName: ReadonlyMap<string, { readonly cmd: Command<Ctx>; readonly body: RESTPostAPIChatInputApplicationCommandsJSONBody }>;
  readonly components: ComponentHandler<Ctx>;
  readonly ctx: Ctx;
  readonly log: Logger;
  readonly opts: RouterOptions;
}

/**
 * One interaction this process acts on, `age` ms after it was made. `resumed`: taken over from a
 * process killed while acting on it, so Discord may refuse its answer as given already (40060):
 * then the other process's answer stands, and nothing is posted in its place.
 */
async function handleOne<Ctx>(
  { byName, components, ctx, log, opts }: Routing<Ctx>,
  interaction: Interaction,
  age: number,
  resumed: boolean,
  report: (kind: InteractionEvent["kind"], name: string, outcome: InteractionEvent["outcome"], code?: string) => void,
): Promise<void> {
  if (interaction.isAutocomplete()) {
    const name = commandPath(interaction);
    if (age >= INTERACTION_WINDOW_MS) return report("autocomplete", name, "late"); // nobody is waiting for these suggestions any more
    try {
      const entry = byName.get(interaction.commandName);
      const choices = entry?.cmd.autocomplete ? await entry.cmd.autocomplete(interaction, ctx) : [];
      const fitted = fitChoices(choices, entry ? focusedType(entry.body, interaction) : undefined);
      rememberHints(interaction.user.id, name, interaction.options.getFocused(true).name, fitted);
      await interaction.respond(fitted);
      report("autocomplete", name, "ok");
    } catch (e) {
      if (isUnknownInteraction(e)) log.info(`autocomplete ${interaction.id} expired before it was answered`);
      else if (resumed && isAcknowledged(e)) log.info(`autocomplete ${interaction.id} was answered before the takeover`);
      else if (!(e instanceof UserError)) log.error("autocomplete failed", e);
      if (!interaction.responded && !isAcknowledged(e)) await interaction.respond([]).catch(() => {});
      report(
        "autocomplete",
        name,
        isUnknownInteraction(e) || isAcknowledged(e) ? "undelivered" : e instanceof UserError ? "refused" : "failed",
        e instanceof UserError ? e.code : undefined,
      );
    }
    return;
  }
  if (!(interaction.isChatInputCommand() || interaction.isMessageComponent())) return;
  const kind = interaction.isChatInputCommand() ? "command" : "component";
  const name = interaction.isChatInputCommand() ? commandPath(interaction) : (decodeId(interaction.customId)?.verb ?? "unknown");
  if (age >= LATE_AFTER_MS) {
    log.info(`interaction ${interaction.id} arrived ${age} ms after it was made; not acted on`);
    if (age < INTERACTION_WINDOW_MS) {
      await replyEphemeral(interaction, refusal("interaction/late", {}, localeOf(interaction.locale))).catch(() => {});
    }
    report(kind, name, "late");
    return;
  }
  let outcome: InteractionEvent["outcome"] = "ok";
  let code: string | undefined;
  try {
    const shown = resumed ? await opts.changedBy?.(interaction) : null;
    if (shown) {
      // The killed process saved this interaction's change: it is shown, not made again (on the
      // table message clicked, else as a public answer).
      const onTable = interaction.isMessageComponent() && !interaction.message.flags.has(MessageFlags.Ephemeral);
      await respond(interaction, onTable ? "update" : "reply", false, async () => shown);
    } else if (interaction.isChatInputCommand()) {
      const entry = byName.get(interaction.commandName);
      if (!entry) throw new UserError("command/unknown", refusal("command/unknown"));
      const picked = pickedHint(interaction, name);
      if (picked) throw picked;
      checkOptions(entry.body, interaction.options.data);
      mustBeOnItsSurface(entry.cmd, interaction);
      await opts.guard?.(interaction);
      await entry.cmd.execute(interaction, ctx);
    } else {
      const id = decodeId(interaction.customId);
      if (!id) throw new UserError("component/unknown", refusal("component/unknown"));
      checkComponent(interaction);
      await components.handle(interaction, id, ctx);
    }
    if (!interaction.replied && !interaction.deferred) throw new UserError("component/no_action", refusal("component/no_action"));
  } catch (e) {
    outcome = e instanceof ReplyFailed ? "undelivered" : e instanceof UserError ? "refused" : "failed";
    code = e instanceof UserError ? e.code : undefined;
    if (e instanceof ReplyFailed) {
      log.info(`interaction ${interaction.id}: the answer could not be delivered (${e.message})`);
      if (resumed && isAcknowledged(e.cause)) log.info(`interaction ${interaction.id} was answered before the takeover`);
      else if (!e.ephemeral && opts.post) {
        await opts
          .post(interaction.channelId, e.payload)
          .catch((err: unknown) => log.error(`could not post the table in channel ${interaction.channelId} either`, err));
      }
    } else {
      // Said in the language of the user who asked (Discord's `interaction.locale`).
      const said = e instanceof UserError ? naming(e, interaction) : null;
      const text = said
        ? `${said.tone === "info" ? "" : "❌ "}${sayError(said, interaction.locale)}`
        : `⚠️ ${refusal("bot/failed", {}, localeOf(interaction.locale))}`;
      if (!(e instanceof UserError)) log.error(`interaction ${interaction.id} failed`, e);
      await replyEphemeral(interaction, text).catch((err: unknown) =>
        isUnknownInteraction(err) || (resumed && isAcknowledged(err))
          ? log.info(`interaction ${interaction.id}: too late to report an error`)
          : log.error("could not report an error", err),
      );
    }
  } finally {
    report(kind, name, outcome, code);
    opts.after?.(interaction.channelId);
  }
}

/**
 * A refusal for a channel without a table, naming the game's own commands when one of its slash
 * commands met it: where it was thrown (a table service, shared by every game) the command is
 * not known, and "start one with a game's `new` command" leaves a newcomer to guess which (a
 * game's `join` now answers "start one with" its own `new`). Any other error as it is.
 */
function naming(e: UserError, interaction: Interaction): UserError {
  if (e.code !== "table/none" || e.params.command !== undefined || !interaction.isChatInputCommand()) return e;
  return commandWords("en", `${interaction.commandName} new`) ? refuse("table/none", { command: interaction.commandName }) : e;
}
