// The live table's page (issue 50): it signs its player in through the Embedded App SDK (inside
// Discord's frame) or the SDK's own mock (outside it, on the local stand-in), opens one WebSocket
// to the bot and shows what the bot pushes: the table picture, the player's hand picture and
// their hit maps. A click sends the number of a move the bot offered, nothing else: the bot is
// the referee (src/surfaces/live-table/hub.ts). Bundled by the bot at start (src/surfaces/live-table/server.ts).
import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";

const $ = (s) => document.querySelector(s);
const config = JSON.parse($("#config").textContent);
const query = new URLSearchParams(location.search);
/**
 * The bot's API, under the `/.proxy` prefix the Embedded App SDK's own guide calls it by inside
 * Discord's frame (Discord's proxy passes it to the URL mapping; the server answers with and
 * without it, so it works outside the frame too).
 */
const API = "/.proxy/api";

/** Signs in: a code from Discord's client (or the stand-in, as its client), exchanged by the bot for an access token. */
async function signIn() {
  const embedded = query.has("frame_id");
  let sdk;
  let instance;
  if (embedded) {
    sdk = new DiscordSDK(config.clientId);
    await sdk.ready();
    instance = sdk.instanceId;
  } else {
    // Outside Discord: the SDK's mock, the player chosen by ?user=, the code asked of the stand-in.
    const user = query.get("user");
    instance = query.get("instance_id");
    sdk = new DiscordSDKMock(config.clientId, query.get("guild_id"), query.get("channel_id"), null);
    sdk._updateCommandMocks({
      authorize: async ({ scope }) => {
        const res = await fetch(`${config.standin}/local/activity/authorize`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ user, instance, scopes: scope }),
        });
        if (!res.ok) throw new Error(`authorize: ${res.status}`);
        return res.json();
      },
    });
    await sdk.ready();
  }
  const { code } = await sdk.commands.authorize({
    client_id: config.clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const res = await fetch(`${API}/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code }) });
  if (!res.ok) throw new Error(`token: ${res.status}`);
  const { access_token } = await res.json();
  await sdk.commands.authenticate({ access_token });
  return { token: access_token, instance };
}

const state = { frame: null, selected: null, socket: null };

function send(id) {
  const frame = state.frame;
  if (!frame || !state.socket) return;
  $("#chooser").hidden = true;
  state.selected = null;
  applySelection();
  state.socket.send(JSON.stringify({ t: "act", rev: frame.rev, id }));
}

function choose(moves) {
  const box = $("#chooser");
  box.replaceChildren();
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = m.label;
    b.dataset.move = String(m.id);
    b.addEventListener("click", () => send(m.id));
    box.append(b);
  }
  box.hidden = false;
}

/** A picture and its hit map: one transparent button per rectangle, placed in % so it scales with the picture. */
function drawPicture(box, picture) {
  box.replaceChildren();
  if (!picture) return;
  const img = document.createElement("img");
  img.src = picture.src;
  img.alt = "";
  img.width = picture.width;
  img.height = picture.height;
  box.append(img);
  for (const hit of picture.hits) {
    const b = document.createElement("button");
    b.className = "hit";
    b.setAttribute("aria-label", hit.label);
    b.title = hit.label;
    Object.assign(b.style, {
      left: `${(hit.x / picture.width) * 100}%`,
      top: `${(hit.y / picture.height) * 100}%`,
      width: `${(hit.w / picture.width) * 100}%`,
      height: `${(hit.h / picture.height) * 100}%`,
    });
    if (hit.select) b.dataset.select = hit.select;
    if (hit.good) b.classList.add("good");
    if (hit.when) b.dataset.when = hit.when;
    b.addEventListener("click", () => {
      if (hit.select) {
        // Picks it (a second click keeps it picked: one picked for you is not dropped by a click on it).
        state.selected = hit.select;
        $("#chooser").hidden = true;
        applySelection();
      } else if (hit.moves?.length === 1) send(hit.moves[0].id);
      else if (hit.moves?.length) choose(hit.moves);
    });
    box.append(b);
  }
}

/** Shows the targets of the selected key only, and outlines the selection. */
function applySelection() {
  for (const b of document.querySelectorAll(".hit")) {
    if (b.dataset.when) {
      b.hidden = b.dataset.when !== state.selected;
      b.classList.toggle("target", !b.hidden);
    }
    if (b.dataset.select) b.classList.toggle("selected", b.dataset.select === state.selected);
  }
}

function show(frame) {
  const keep = state.frame && state.frame.rev === frame.rev ? state.selected : null;
  state.frame = frame;
  $("#line").textContent = frame.line;
  // The deal's seal while the game runs, its published seed once it is over.
  $("#deal").textContent = frame.deal ?? "";
  $("#deal").hidden = !frame.deal;
  drawPicture($("#table"), frame.table);
  drawPicture($("#hand"), frame.hand);
  // A selection survives a redraw while its card is still offered.
  state.selected = keep ?? (document.querySelector(`.hit[data-select="${CSS.escape(state.selected ?? "")}"]`) ? state.selected : null);
  applySelection();
  const buttons = $("#buttons");
  buttons.replaceChildren();
  for (const m of frame.buttons) {
    const b = document.createElement("button");
    b.textContent = m.label;
    if (m.moves) b.addEventListener("click", () => choose(m.moves));
    else {
      b.dataset.move = String(m.id);
      b.addEventListener("click", () => send(m.id));
    }
    buttons.append(b);
  }
  $("#chooser").hidden = true;
  document.body.dataset.rev = String(frame.rev);
  document.body.dataset.status = frame.status;
}

function fail(text) {
  const line = $("#error");
  line.textContent = text;
  line.hidden = false;
  clearTimeout(fail.timer);
  fail.timer = setTimeout(() => (line.hidden = true), 5000);
}

async function main() {
  const { token, instance } = await signIn();
  const socket = new WebSocket(`${location.origin.replace(/^http/, "ws")}${API}/live`);
  state.socket = socket;
  socket.addEventListener("open", () => socket.send(JSON.stringify({ t: "hello", token, instance })));
  socket.addEventListener("message", (ev) => {
    const m = JSON.parse(ev.data);
    if (m.t === "frame") show(m);
    else if (m.t === "empty") $("#line").textContent = m.line;
    else if (m.t === "error") fail(m.text);
  });
  socket.addEventListener("close", (ev) => {
    $("#status").textContent = `Disconnected (${ev.code}${ev.reason ? `: ${ev.reason}` : ""}).`;
    document.body.dataset.closed = String(ev.code);
  });
}

main().catch((e) => {
  $("#line").textContent = `Could not open the live table: ${e.message}`;
  document.body.dataset.closed = "signin";
});
