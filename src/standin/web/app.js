// The local table page: a small Discord-like client of the stand-in. It reads what the
// chosen user may see and sends that user's actions as interactions; it never talks to the
// bot directly.
const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
};

const app = { state: null, user: null, channel: null, paths: [], command: null, sel: -1 };

async function api(method, path, body) {
  const res = await fetch(path, { method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(json.message || `${res.status}`);
  return json;
}

function toast(text) {
  const t = $("#toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (t.hidden = true), 4000);
}

// What Discord's client shows when the bot gave no complete answer in 3 s, or its answer was
// refused (a 400 or a 429 from the stand-in): the words Discord uses; the stand-in's reason
// is kept in the line's tooltip for whoever is developing the bot.
function interactionOutcome(result) {
  if (!result || !result.failed) return;
  const line = $("#failed");
  line.textContent = "This interaction failed";
  line.title = result.why || "no answer within 3 s";
  line.hidden = false;
  clearTimeout(interactionOutcome.timer);
  interactionOutcome.timer = setTimeout(() => (line.hidden = true), 6000);
}

// The bot answered with LAUNCH_ACTIVITY: Discord's client opens the app's Activity in the channel.
// Here it opens in a new tab, outside Discord's frame, where the page runs on the SDK's mock.
async function openActivity() {
  const where = await api("GET", `/local/activity?channel=${app.channel}&user=${app.user}`);
  if (!where.url || !where.instance) return toast("The app has no Activity to open.");
  const q = new URLSearchParams({ instance_id: where.instance, channel_id: app.channel, user: app.user });
  if (where.guild) q.set("guild_id", where.guild);
  window.open(`${where.url}/?${q}`, "_blank");
}

/** A command part's name or description as the acting user's Discord client shows it (its localization, else the default). */
function loc(node, field) {
  return (node[`${field}_localizations`] || {})[app.locale] || node[field] || "";
}

/** Every command path (`path`: the names the bot receives; `shown`: the names in the user's language). */
function flattenCommands(commands) {
  const out = [];
  for (const c of commands) {
    if (c.type === 4) continue; // the Entry Point command: the App Launcher's (Apps), not the command list's
    const subs = (c.options || []).filter((o) => o.type === 1 || o.type === 2);
    if (!subs.length) out.push({ path: c.name, shown: loc(c, "name"), def: c });
    for (const s of subs) {
      if (s.type === 1) out.push({ path: `${c.name} ${s.name}`, shown: `${loc(c, "name")} ${loc(s, "name")}`, def: s });
      else
        for (const t of s.options || [])
          out.push({ path: `${c.name} ${s.name} ${t.name}`, shown: `${loc(c, "name")} ${loc(s, "name")} ${loc(t, "name")}`, def: t });
    }
  }
  return out;
}

function saveHash() {
  location.hash = `user=${app.user}&channel=${app.channel}`;
}

async function loadState() {
  app.state = await api("GET", "/local/state");
  app.channelsKey = app.state.channels.map((c) => `${c.id}:${c.name}`).join(",");
  const hashUser = new URLSearchParams(location.hash.slice(1)).get("user");
  app.locale = app.state.users.find((u) => u.id === (app.user || hashUser || app.state.users[0].id))?.locale || "en-US";
  $("#locale").value = app.locale;
  app.paths = flattenCommands(offeredCommands());
  document.body.dataset.locale = app.locale; // what the command picker now speaks (tests wait on it)
  $("#guild-name").textContent = app.state.guild.name;
  const hash = new URLSearchParams(location.hash.slice(1));
  app.user = app.user || hash.get("user") || app.state.users[0].id;
  app.channel = app.channel || hash.get("channel") || app.state.channels[0].id;
  const users = $("#user");
  users.replaceChildren(...app.state.users.map((u) => el("option", { value: u.id, text: u.name, selected: u.id === app.user })));
  renderChannels();
}

/** The group DM open now, if the channel is one. */
const privateChannel = () => (app.state.privateChannels || []).find((c) => c.id === app.channel);

/**
 * The commands the acting user's client offers here: in a server channel the guild's and the global
 * ones; in a DM or group DM only the app's commands for user installs, and only to someone who
 * installed the app (as Discord's client does).
 */
function offeredCommands() {
  if (!privateChannel()) return app.state.commands;
  return (app.state.userInstalls || []).includes(app.user) ? app.state.privateCommands || [] : [];
}

function renderChannels() {
  const list = $("#channels");
  const items = [];
  for (const c of app.state.channels.filter((x) => x.type !== 11)) {
    items.push(channelItem(c, "# "));
    for (const t of app.state.channels.filter((x) => x.parentId === c.id)) items.push(channelItem(t, "└ ", "thread"));
  }
  list.replaceChildren(...items);
  $("#dms").replaceChildren(...(app.state.privateChannels || []).map((c) => channelItem(c, "@ ", "dm")));
  const current = app.state.channels.find((c) => c.id === app.channel) || privateChannel();
  $("#channel-name").textContent = current ? current.name : "";
  $("#channel-mark").textContent = privateChannel() ? "@" : "#";
  app.paths = flattenCommands(offeredCommands());
  // The App Launcher offers the app's Entry Point command where its commands are offered.
  $("#launcher").hidden = !offeredCommands().some((c) => c.type === 4);
}

/** Channels (ids) whose newest message mentions the acting user since they last looked there, as Discord's red badge. */
const mentioned = new Set();

/**
 * A message reached another channel: when its newest message pings the acting user (its
 * `mentions`, as Discord reports them: a turn that begins, a clock about to run out), the channel
 * gets a mention badge until they open it; otherwise any earlier badge stays.
 */
async function markMention(channelId) {
  const msgs = await api("GET", `/local/messages?channel=${channelId}&user=${app.user}`).catch(() => []);
  const last = msgs.at(-1);
  if (last && (last.mentions || []).some((m) => m.id === app.user)) {
    mentioned.add(channelId);
    renderChannels();
  }
}

function channelItem(c, mark, kind = "") {
  const badge = mentioned.has(c.id) && c.id !== app.channel ? el("span", { class: "mention-badge", title: "You were mentioned", text: "@" }) : null;
  return el("li", {
    class: `${kind} ${c.id === app.channel ? "active" : ""} ${badge ? "unread" : ""}`,
    "data-channel": c.id,
    onclick: () => {
      app.channel = c.id;
      mentioned.delete(c.id);
      saveHash();
      renderChannels();
      refresh();
    },
  }, `${mark}${c.name}`, badge);
}

const userName = (id) => app.state.users.find((u) => u.id === id)?.name;

const channelName = (id) => app.state.channels.find((c) => c.id === id)?.name;

/** A Discord timestamp in words: relative (`R`, "in 2 minutes", "3 hours ago") or the local date and time. */
function timestamp(unix, style) {
  const ms = unix * 1000;
  if (style !== "R") return new Date(ms).toLocaleString(app.locale || "en-US");
  const s = Math.round((ms - Date.now()) / 1000);
  const units = [["year", 31536000], ["month", 2592000], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
  const [unit, size] = units.find(([, n]) => Math.abs(s) >= n) || ["second", 1];
  // In the reader's language, as Discord's client writes it ("dans 2 minutes", "in 2 Minuten").
  return new Intl.RelativeTimeFormat(app.locale || "en-US", { numeric: "auto" }).format(Math.trunc(s / size), unit);
}

/** `/game rejoindre`: a command mention's path (English names) as the acting user's client names it. */
function commandShown(path) {
  const parts = path.split(" ");
  let def = app.state.commands.find((c) => c.name === parts[0]);
  const shown = [def ? loc(def, "name") : parts[0]];
  for (const part of parts.slice(1)) {
    def = (def?.options || []).find((o) => o.name === part);
    shown.push(def ? loc(def, "name") : part);
  }
  return `/${shown.join(" ")}`;
}

function markdown(text) {
  const esc = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return esc
    // Mentions as Discord shows them: channels are links that open the channel.
    .replace(/&lt;#(\d+)&gt;/g, (_, id) => `<a class="mention channel-link" href="#user=${app.user}&amp;channel=${id}" data-channel="${id}">#${channelName(id) || "unknown"}</a>`)
    .replace(/&lt;@&amp;(\d+)&gt;/g, (_, id) => `<span class="mention role">@${id === app.state.guild.id ? "everyone" : (app.state.roles || []).find((r) => r.id === id)?.name || "role"}</span>`)
    .replace(/&lt;@!?(\w[\w-]*)&gt;/g, (_, id) => `<span class="mention">@${userName(id) || id}</span>`)
    // Command mentions as Discord shows them: the command's path in the reader's language.
    .replace(/&lt;\/([\w -]+):(\d+)&gt;/g, (_, path) => `<span class="mention command">${commandShown(path)}</span>`)
    // Timestamps as Discord shows them: <t:unix:R> reads "in 2 minutes", the others a date.
    .replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, unix, style) => `<time class="timestamp" datetime="${new Date(unix * 1000).toISOString()}" data-style="${style || "f"}">${timestamp(Number(unix), style || "f")}</time>`)
    .replace(/\*\*(.+?)\*\*/g, "<b>$1</b>")
    .replace(/`([^`]+)`/g, "<code>$1</code>");
}

function html(tag, cls, text) {
  const e = el(tag, { class: cls });
  // "-# " starts a line of subtext, as in Discord (records of earlier table messages);
  // "# ", "## " and "### " start a heading; "- " a list item.
  const line = (l) => {
    if (l.startsWith("-# ")) return `<span class="subtext">${markdown(l.slice(3))}</span>`;
    if (l.startsWith("- ")) return `<span class="list-item">${markdown(l.slice(2))}</span>`;
    const h = /^(#{1,3}) (.*)$/.exec(l);
    return h ? `<span class="heading h${h[1].length}">${markdown(h[2])}</span>` : markdown(l);
  };
  e.innerHTML = text.split("\n").map(line).join("\n");
  return e;
}

/**
 * A select menu that takes several values, as Discord shows it: tick between `min_values` and
 * `max_values` options (the defaults start ticked), then send them together with **Choose**.
 */
function multiSelect(m, c) {
  const min = c.min_values ?? 1;
  const max = c.max_values;
  const box = el("fieldset", { class: "component multi", "data-custom-id": c.custom_id, disabled: !!c.disabled });
  box.append(el("legend", { text: `${c.placeholder || "Choose"} (${min === max ? max : `${min} to ${max}`})` }));
  const ticks = (c.options || []).map((o) => {
    const tick = el("input", { type: "checkbox", value: o.value, checked: !!o.default });
    box.append(el("label", { class: "opt-tick" }, tick, document.createTextNode(o.description ? `${o.label} — ${o.description}` : o.label)));
    return tick;
  });
  const send = el("button", { class: "component s1", type: "button", text: "Choose" });
  const chosen = () => ticks.filter((t) => t.checked).map((t) => t.value);
  const check = () => {
    const n = chosen().length;
    send.disabled = n < min || n > max;
    for (const t of ticks) t.disabled = !t.checked && n >= max;
  };
  for (const t of ticks) t.addEventListener("change", check);
  send.addEventListener("click", () => act({ message: m.id, customId: c.custom_id, values: chosen() }));
  box.append(send);
  check();
  return box;
}

function button(m, c) {
  return el("button", {
    class: `component s${c.style || 2}`, type: "button", disabled: !!c.disabled, "data-custom-id": c.custom_id, text: c.label || "",
    onclick: () => act({ message: m.id, customId: c.custom_id }),
  });
}

function renderRow(m, row) {
  return el("div", { class: "row" }, ...(row.components || []).map((c) => {
    if (c.type === 2) return button(m, c);
    if (c.type === 3 && (c.max_values || 1) > 1) return multiSelect(m, c);
    if (c.type === 3) {
      const s = el("select", { class: "component", "data-custom-id": c.custom_id, disabled: !!c.disabled, "aria-label": c.placeholder || "Choose" });
      s.append(el("option", { value: "", text: c.placeholder || "Choose…", disabled: true, selected: !(c.options || []).some((o) => o.default) }));
      for (const o of c.options || []) s.append(el("option", { value: o.value, text: o.description ? `${o.label} — ${o.description}` : o.label, selected: !!o.default }));
      s.addEventListener("change", () => act({ message: m.id, customId: c.custom_id, values: [s.value] }));
      return s;
    }
    return el("span");
  }));
}

function renderComponents(m) {
  return (m.components || []).map((row) => renderRow(m, row));
}

/**
 * One component of a Components V2 message (flag 1 << 15), drawn as Discord's client draws it:
 * a container is a card with its accent colour down the left, text displays are markdown, a
 * media gallery shows its pictures with their alt text, a section puts its accessory (a button
 * or a thumbnail) beside its text, a separator is a rule or a gap.
 * https://discord.com/developers/docs/components/reference
 */
function v2Node(m, c) {
  switch (c.type) {
    case 1:
      return renderRow(m, c);
    case 10:
      return html("div", "content text-display", c.content || "");
    case 9: {
      const section = el("div", { class: "section" }, el("div", { class: "section-text" }, ...(c.components || []).map((t) => v2Node(m, t))));
      if (c.accessory) section.append(el("div", { class: "accessory" }, c.accessory.type === 2 ? button(m, c.accessory) : v2Node(m, c.accessory)));
      return section;
    }
    case 11:
      return el("img", { class: "thumbnail", src: c.media && c.media.url, alt: c.description || "", title: c.description || "" });
    case 12:
      return el("div", { class: "gallery" }, ...(c.items || []).map((it) =>
        el("img", { src: it.media && it.media.url, alt: it.description || "", title: it.description || "", width: it.media && it.media.width, height: it.media && it.media.height, loading: "lazy" })));
    case 13:
      return el("a", { class: "file", href: c.file && c.file.url, text: (c.file && c.file.url || "").split("/").pop() });
    case 14:
      return el("hr", { class: c.divider === false ? "separator blank" : "separator", "data-spacing": c.spacing || 1 });
    case 17: {
      const box = el("div", { class: "container" }, ...(c.components || []).map((t) => v2Node(m, t)));
      if (c.accent_color !== undefined && c.accent_color !== null) box.style.borderLeftColor = `#${c.accent_color.toString(16).padStart(6, "0")}`;
      return box;
    }
    default:
      return el("span");
  }
}

function renderMessage(m) {
  const meta = m.interaction_metadata;
  const who = meta && meta.user ? meta.user.global_name || meta.user.username : null;
  const reply = meta ? el("div", { class: "reply-line" }) : null;
  // Who acted, and on what: the command, or the button or menu they used (so a table posted in
  // answer to Ben's Buy reads "Ben used Buy K♥", not as Ben's own message).
  const what = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  if (reply) reply.innerHTML = meta.name ? `↳ <b>${what(who)}</b> used <b>/${app.paths.find((p) => p.path === meta.name)?.shown ?? meta.name}</b>` : m.clicked ? `↳ <b>${what(who)}</b> used <b>${what(m.clicked)}</b>` : `↳ <b>${what(who)}</b> clicked a button`;
  // A member's own chat message has its author's name and no BOT tag.
  const byBot = !m.author || m.author.id === app.state.bot.id;
  const author = byBot ? app.state.bot.global_name || "ONEXENO" : m.author.global_name || m.author.username;
  const body = el("div", { class: "body" },
    reply,
    el("div", {}, el("span", { class: byBot ? "author" : "author member", text: author }), byBot ? el("span", { class: "bot-tag", text: "BOT" }) : null, el("span", { class: "time", text: new Date(m.timestamp).toLocaleTimeString() })),
    m.content ? html("div", "content", m.content) : null,
  );
  // A Components V2 message is its components: no content or embeds, and an attachment shows
  // only where a component refers to it.
  const v2 = ((m.flags || 0) & (1 << 15)) !== 0;
  if (v2) body.append(...(m.components || []).map((c) => v2Node(m, c)));
  for (const e of v2 ? [] : m.embeds || []) {
    const box = el("div", { class: "embed" });
    if (e.title) box.append(html("div", "embed-title", e.title));
    if (e.description) box.append(html("div", "content", e.description));
    for (const f of e.fields || []) box.append(el("div", { class: "embed-field" }, html("div", "name", f.name), html("div", "content", f.value)));
    body.append(box);
  }
  for (const a of v2 ? [] : m.attachments || []) {
    // Pictures inline; any other file (a CSV, a JSON export) as a named download, as Discord shows it.
    const picture = /^image\//.test(a.content_type || "") || /\.(png|gif|jpe?g|webp)$/i.test(a.filename);
    body.append(
      el("div", { class: "attachment" },
        picture
          ? el("img", { src: a.url, alt: a.description || a.filename, title: a.description || "", width: a.width, height: a.height, loading: "lazy" })
          : el("a", { class: "file", href: a.url, download: a.filename, text: `📎 ${a.filename} (${Math.max(1, Math.round((a.size || 0) / 1024))} KB)` })),
    );
  }
  if (!v2) body.append(...renderComponents(m));
  if (m.ephemeral) {
    const note = el("div", { class: "eph-note" }, "Only you can see this · ");
    note.append(el("a", { text: "Dismiss message", onclick: () => api("POST", "/local/dismiss", { user: app.user, channel: app.channel, message: m.id }).then(refresh) }));
    body.append(note);
  }
  return el("article", { class: `message${m.ephemeral ? " ephemeral" : ""}`, "data-message": m.id }, el("div", { class: "avatar", text: author.slice(0, 1).toUpperCase() }), body);
}

/** What a message shows: when it is unchanged, its DOM node (and any open menu) is kept. */
// The channels' names are part of how a message reads (its mentions of channels): a message drawn
// before its thread was known (#unknown) is drawn again once the page learns the thread's name.
const signature = (m) =>
  JSON.stringify([m.content, m.embeds, m.attachments, m.components, m.edited_timestamp, m.ephemeral, app.channelsKey]);

/**
 * Brings the message list up to date in place, keyed by message id, as Discord's client
 * does: unchanged messages keep their nodes (a menu a person has open stays open, a button
 * under their pointer stays put), changed ones are replaced one by one, gone ones removed;
 * the scroll position holds unless the reader was at the bottom.
 */
function applyMessages(msgs) {
  const box = $("#messages");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  const keep = new Map([...box.children].map((n) => [n.dataset.message, n]));
  let cursor = box.firstElementChild;
  for (const m of msgs) {
    const sig = signature(m);
    const old = keep.get(m.id);
    keep.delete(m.id);
    const node = old && old.signature === sig ? old : renderMessage(m);
    if (old && node !== old) {
      old.replaceWith(node);
      if (cursor === old) cursor = node;
    }
    node.signature = sig;
    if (node !== cursor) box.insertBefore(node, cursor);
    cursor = node.nextElementSibling;
  }
  for (const gone of keep.values()) gone.remove();
  // An empty channel greets whoever opens it with what to type, as Discord's client does.
  $("#greeting").hidden = msgs.length > 0;
  $("#greeting-title").textContent = `Welcome to ${channelName(app.channel) ? `#${channelName(app.channel)}` : "this conversation"}!`;
  if (atBottom || refresh.force) box.scrollTop = box.scrollHeight;
  refresh.force = false;
  box.dataset.count = String(msgs.length);
}

let refreshing = null;
async function refresh() {
  const run = async () => applyMessages(await api("GET", `/local/messages?channel=${app.channel}&user=${app.user}`));
  const safe = () => run().catch((e) => toast(`Could not load messages: ${e.message}`));
  refreshing = (refreshing || Promise.resolve()).then(safe, safe);
  return refreshing;
}

async function act(body) {
  try {
    const result = await api("POST", "/local/component", { user: app.user, channel: app.channel, ...body });
    interactionOutcome(result);
    if (result && result.launched) await openActivity();
  } catch (e) {
    toast(e.message);
  }
  refresh.force = true;
  refresh();
}

// ---------------------------------------------------------------- composer

function showSuggestions() {
  const text = $("#box").value;
  const box = $("#suggestions");
  if (!text.startsWith("/") || app.command) {
    box.hidden = true;
    return;
  }
  const q = text.slice(1).toLowerCase().trim();
  // Every matching command, grouped under its top-level command as Discord's picker groups them
  // (no cap: the list scrolls).
  const found = app.paths.filter((p) => p.path.includes(q) || p.shown.toLowerCase().includes(q));
  app.sel = found.length ? 0 : -1;
  const rows = [];
  let group = null;
  found.forEach((p, i) => {
    const top = p.shown.split(" ")[0];
    if (top !== group) rows.push(el("div", { class: "suggestion-group", role: "presentation", text: `/${(group = top)}` }));
    rows.push(el("div", {
      class: `suggestion${i === 0 ? " sel" : ""}`, role: "option", "data-path": p.path,
      onmousedown: (ev) => { ev.preventDefault(); chooseCommand(p); },
    }, el("b", { text: `/${p.shown}` }), el("span", { class: "desc", text: loc(p.def, "description") })));
  });
  box.replaceChildren(...rows);
  box.hidden = found.length === 0;
}

function chooseCommand(p) {
  app.command = p;
  $("#suggestions").hidden = true;
  $("#box").value = "";
  $("#box").hidden = true;
  $("#command-form").hidden = false;
  $("#command-chip").textContent = `/${p.shown}`;
  const opts = (p.def.options || []).filter((o) => o.type >= 3);
  $("#options").replaceChildren(...opts.map(optionField));
  const first = $("#options [data-option]");
  (first || $("#send")).focus();
}

function optionField(o) {
  const wrap = el("div", { class: "opt" }, el("label", { class: o.required ? "req" : "", text: `${loc(o, "name")}:` }));
  let input;
  if (o.choices && o.choices.length) {
    input = el("select", { "data-option": o.name, "data-type": o.type });
    if (!o.required) input.append(el("option", { value: "", text: "(default)" }));
    for (const c of o.choices) input.append(el("option", { value: c.value, text: loc(c, "name") }));
  } else if (o.type === 5) {
    input = el("select", { "data-option": o.name, "data-type": o.type }, el("option", { value: "", text: "(default)" }), el("option", { value: "true", text: "true" }), el("option", { value: "false", text: "false" }));
  } else if (o.type >= 6 && o.type <= 9) {
    // USER, CHANNEL, ROLE and MENTIONABLE options: Discord's client offers a picker of the
    // guild's members, its channels (of the option's `channel_types`: text 0, thread 11…) and roles.
    input = el("select", { "data-option": o.name, "data-type": o.type });
    if (!o.required) input.append(el("option", { value: "", text: "(none)" }));
    const types = o.channel_types;
    const picks = [
      ...(o.type === 6 || o.type === 9 ? app.state.users.map((u) => ({ id: u.id, name: `@${u.name}` })) : []),
      ...(o.type === 7 ? app.state.channels.filter((c) => !types || types.includes(c.type)).map((c) => ({ id: c.id, name: `#${c.name}` })) : []),
      ...(o.type === 8 || o.type === 9 ? (app.state.roles || []).map((r) => ({ id: r.id, name: `@${r.name}` })) : []),
    ];
    for (const p of picks) input.append(el("option", { value: p.id, text: p.name }));
  } else {
    input = el("input", { "data-option": o.name, "data-type": o.type, type: o.type === 4 || o.type === 10 ? "number" : "text", placeholder: loc(o, "description"), min: o.min_value, max: o.max_value, size: 22 });
    if (o.autocomplete) {
      input.dataset.autocomplete = "1";
      const refreshAc = () => autocomplete(input, wrap);
      input.addEventListener("input", () => { delete input.dataset.value; clearTimeout(input.t); input.t = setTimeout(refreshAc, 120); });
      input.addEventListener("focus", refreshAc);
      input.addEventListener("blur", () => setTimeout(() => wrap.querySelector(".ac-list")?.remove(), 150));
    }
  }
  input.addEventListener("keydown", (ev) => optionKey(ev, input, wrap));
  wrap.append(input);
  return wrap;
}

function currentOptions(focusedRaw) {
  const out = {};
  for (const f of document.querySelectorAll("#options [data-option]")) {
    const raw = f === focusedRaw ? f.value : f.dataset.value ?? f.value;
    if (raw === "" && f !== focusedRaw) continue;
    const t = Number(f.dataset.type);
    out[f.dataset.option] = t === 4 || t === 10 ? Number(raw) : t === 5 ? raw === "true" : raw;
  }
  return out;
}

async function autocomplete(input, wrap) {
  if (document.activeElement !== input) return;
  let choices = [];
  try {
    choices = await api("POST", "/local/autocomplete", { user: app.user, channel: app.channel, path: app.command.path, options: currentOptions(input), focused: input.dataset.option });
  } catch (e) {
    toast(e.message);
  }
  wrap.querySelector(".ac-list")?.remove();
  if (!choices.length || document.activeElement !== input) return;
  const list = el("div", { class: "ac-list", role: "listbox" }, ...choices.map((c, i) => el("div", {
    class: `ac-item${i === 0 ? " sel" : ""}`, role: "option", "data-value": c.value, text: c.name,
    onmousedown: (ev) => { ev.preventDefault(); pick(input, wrap, c); },
  })));
  wrap.append(list);
}

function pick(input, wrap, c) {
  input.value = c.name;
  input.dataset.value = String(c.value);
  wrap.querySelector(".ac-list")?.remove();
  const fields = [...document.querySelectorAll("#options [data-option]")];
  const next = fields[fields.indexOf(input) + 1];
  (next || $("#send")).focus();
}

function optionKey(ev, input, wrap) {
  const list = wrap.querySelector(".ac-list");
  const items = list ? [...list.children] : [];
  const cur = items.findIndex((x) => x.classList.contains("sel"));
  if (list && (ev.key === "ArrowDown" || ev.key === "ArrowUp")) {
    ev.preventDefault();
    const n = (cur + (ev.key === "ArrowDown" ? 1 : -1) + items.length) % items.length;
    items.forEach((x, i) => x.classList.toggle("sel", i === n));
    items[n].scrollIntoView({ block: "nearest" });
  } else if (ev.key === "Enter" || ev.key === "Tab") {
    if (list && cur >= 0) {
      ev.preventDefault();
      pick(input, wrap, { name: items[cur].textContent, value: items[cur].dataset.value });
    } else if (ev.key === "Enter") {
      ev.preventDefault();
      send();
    }
  } else if (ev.key === "Escape") {
    resetComposer();
  }
}

function resetComposer() {
  app.command = null;
  $("#command-form").hidden = true;
  $("#options").replaceChildren();
  $("#box").hidden = false;
  $("#box").value = "";
  $("#box").focus();
}

async function send() {
  if (!app.command) {
    const text = $("#box").value.trim();
    if (text.startsWith("/")) {
      const exact = app.paths.find((p) => p.path === text.slice(1).trim());
      if (exact) chooseCommand(exact);
      else toast("Choose a command from the list.");
    } else if (text) {
      // Plain words are a chat message, as friends talk in a Discord channel.
      $("#box").value = "";
      try {
        await api("POST", "/local/say", { user: app.user, channel: app.channel, content: text });
      } catch (e) {
        toast(e.message);
      }
      refresh.force = true;
      refresh();
    }
    return;
  }
  const path = app.command.path;
  const options = currentOptions(null);
  const missing = (app.command.def.options || []).filter((o) => o.required && options[o.name] === undefined);
  if (missing.length) {
    toast(`Fill in: ${missing.map((o) => o.name).join(", ")}`);
    return;
  }
  resetComposer();
  try {
    interactionOutcome(await api("POST", "/local/command", { user: app.user, channel: app.channel, path, options }));
  } catch (e) {
    toast(e.message);
  }
  refresh.force = true;
  refresh();
}

$("#box").addEventListener("input", showSuggestions);
$("#box").addEventListener("keydown", (ev) => {
  const box = $("#suggestions");
  const items = [...box.querySelectorAll(".suggestion")];
  if (!box.hidden && items.length && (ev.key === "ArrowDown" || ev.key === "ArrowUp")) {
    ev.preventDefault();
    app.sel = (app.sel + (ev.key === "ArrowDown" ? 1 : -1) + items.length) % items.length;
    items.forEach((x, i) => x.classList.toggle("sel", i === app.sel));
  } else if (!box.hidden && items.length && (ev.key === "Enter" || ev.key === "Tab")) {
    ev.preventDefault();
    chooseCommand(app.paths.find((p) => p.path === items[app.sel].dataset.path));
  }
});
$("#messages").addEventListener("click", (ev) => {
  const link = ev.target.closest("a[data-channel]");
  if (!link) return;
  ev.preventDefault();
  app.channel = link.dataset.channel;
  saveHash();
  renderChannels();
  refresh.force = true;
  refresh();
});
$("#composer").addEventListener("submit", (ev) => { ev.preventDefault(); send(); });
$("#launcher").addEventListener("click", async () => {
  try {
    const result = await api("POST", "/local/launch", { user: app.user, channel: app.channel });
    interactionOutcome(result);
    if (result && result.launched) await openActivity();
  } catch (e) {
    toast(e.message);
  }
});
$("#cancel-command").addEventListener("click", resetComposer);
$("#user").addEventListener("change", async () => { app.user = $("#user").value; mentioned.clear(); saveHash(); await loadState(); refresh.force = true; refresh(); });
// The acting user's client language: the stand-in sends it as `interaction.locale`, and the
// command picker shows each command's names in it, as Discord's client does.
$("#locale").addEventListener("change", async () => {
  await api("POST", "/local/locale", { user: app.user, locale: $("#locale").value });
  await loadState();
  refresh.force = true;
  refresh();
});

function connectEvents() {
  const ws = new WebSocket(`${location.origin.replace("http", "ws")}/local/events`);
  ws.onmessage = async (ev) => {
    const e = JSON.parse(ev.data);
    if (e.type === "messages" && e.channelId === app.channel) refresh();
    else if (e.type === "messages") markMention(e.channelId);
    if (e.type === "channels" || e.type === "commands") {
      await loadState().catch((err) => toast(err.message));
      if (e.type === "channels") refresh(); // mentions of a channel just made read its name now
    }
  };
  ws.onclose = () => setTimeout(connectEvents, 1000);
}

await loadState();
refresh.force = true;
await refresh();
connectEvents();
document.body.dataset.ready = "1";

// Relative timestamps count down as in Discord's client.
setInterval(() => {
  for (const t of document.querySelectorAll('time.timestamp[data-style="R"]')) t.textContent = timestamp(Date.parse(t.getAttribute("datetime")) / 1000, "R");
}, 1000);
