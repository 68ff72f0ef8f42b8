/**
 * Tournament pictures: the standings sheet (rank, name, placement points, two tie-breaks, games
 * played) and the podium of the top three. Pure `(rows) -> canvas`, 640 px wide like every
 * table picture, type never below 14 px.
 */
import type { Canvas, SKRSContext2D } from "@napi-rs/canvas";
import { ensureFonts, fitText, font, measureOnly, PICTURE_WIDTH, shortName, wrapParts } from "./fonts.ts";
import { sceneCanvas } from "./surface.ts";
import { DEFAULT_THEME, type Theme } from "./theme.ts";
import { t, type Locale } from "../src/i18n/index.ts";

/** One line of the standings as the picture shows it. */
export interface StandingRow {
  /** Place in the standings; 0: not ranked (a computer entrant of an event that ranks people only). */
  readonly rank: number;
  readonly name: string;
  /** Placement points (a progressive event or a challenge: the score). */
  readonly points: number;
  /** The two middle columns (the event's first two tie-breaks; `labels` name them); a missing one is left blank. */
  readonly values: readonly number[];
  readonly games: number;
}

const HEADER = 78;
const ROW = 26;
/** Most rows one picture shows (the rest are in the text and the CSV export). */
export const MAX_STANDING_ROWS = 32;

const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

/** Column headings of the four number columns (a challenge shows score, square, moves). */
export const STANDING_LABELS = ["points", "game pts", "opp. pts", "games"] as const;

/**
 * A tournament sheet `h` px tall, 640 wide (standings, bracket): the panel colour, `title` (24 px
 * bold) and `subtitle` (15 px) at its top; text left-aligned on the alphabetic baseline after.
 */
export function tournamentSheet(h: number, title: string, subtitle: string, theme: Theme): { canvas: Canvas; ctx: SKRSContext2D } {
  ensureFonts();
  const canvas = sceneCanvas(PICTURE_WIDTH, h);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = theme.panel;
  ctx.fillRect(0, 0, PICTURE_WIDTH, h);
  ctx.fillStyle = theme.text;
  ctx.font = font(24, true);
  ctx.textBaseline = "alphabetic";
  ctx.textAlign = "left";
  ctx.fillText(fitText(ctx, title, PICTURE_WIDTH - 24), 12, 34);
  ctx.fillStyle = theme.textDim;
  ctx.font = font(15);
  ctx.fillText(fitText(ctx, subtitle, PICTURE_WIDTH - 24), 12, 60);
  return { canvas, ctx };
}

/**
 * The standings sheet: a title, a subtitle, and a row per player (the first 32); `labels`
 * name the four number columns and `legend` (a line under the rows) says what they mean. An
 * unranked row (rank 0) shows "–".
 */
export function drawStandings(
  title: string,
  subtitle: string,
  rows: readonly StandingRow[],
  labels: readonly string[] = STANDING_LABELS,
  legend?: string,
  theme: Theme = DEFAULT_THEME,
  locale: Locale = "en",
): Canvas {
  ensureFonts();
  const shown = rows.slice(0, MAX_STANDING_ROWS);
  const legendLines = legend ? wrapParts(measureOnly(14), legend, PICTURE_WIDTH - 24, 4) : [];
  const h = HEADER + ROW * (shown.length + 1) + 16 + legendLines.length * 18 + (legend ? 8 : 0);
  const { canvas, ctx } = tournamentSheet(h, title, subtitle, theme);
  // Columns: rank, name, points, two tie-breaks (as labelled), games.
  const cols = [
    { x: 44, label: "#", align: "right" as const },
    { x: 58, label: t(locale, "tournament.col_player"), align: "left" as const },
    ...[372, 470, 560, 624].map((x, i) => ({ x, label: labels[i] ?? "", align: "right" as const })),
  ];
  let y = HEADER + 18;
  ctx.font = font(14, true);
  for (const c of cols) {
    ctx.textAlign = c.align;
    ctx.fillText(c.label, c.x, y);
  }
  shown.forEach((r, i) => {
    y = HEADER + ROW * (i + 1) + 18;
    if (i % 2 === 0) {
      ctx.fillStyle = "rgba(255,255,255,0.05)";
      ctx.fillRect(6, y - 18, PICTURE_WIDTH - 12, ROW);
    }
    const podium = r.rank > 0 && r.rank <= 3;
    ctx.fillStyle = podium ? theme.lastMove : r.rank === 0 ? theme.textDim : theme.text;
    ctx.font = font(16, podium);
    const cells = [
      r.rank > 0 ? String(r.rank) : "–",
      shortName(ctx, r.name, 290),
      num(r.points),
      r.values[0] === undefined ? "" : num(r.values[0]),
      r.values[1] === undefined ? "" : num(r.values[1]),
      String(r.games),
    ];
    cols.forEach((c, j) => {
      ctx.textAlign = c.align;
      ctx.fillText(cells[j]!, c.x, y);
    });
  });
  ctx.fillStyle = theme.textDim;
  ctx.font = font(14);
  ctx.textAlign = "left";
  legendLines.forEach((line, i) => ctx.fillText(line, 12, h - 12 - (legendLines.length - 1 - i) * 18));
  return canvas;
}

/** Names stacked on one podium step, at most (the rest are counted: "+3"). */
const NAMES_A_STEP = 3;

/**
 * The podium: places 1 to 3 on steps (1st in the middle, 2nd left, 3rd right), each with the
 * names of everyone at that rank and their points. Tied players share their place's step (two
 * golds and no silver: ranks 1, 1, 3), up to NAMES_A_STEP names a step, then "+N". `top`: the
 * entrants ranked 1 to 3, best first (`rank` as the standings give it).
 */
export function drawPodium(
  title: string,
  top: readonly { readonly name: string; readonly points: number; readonly rank: number }[],
  theme: Theme = DEFAULT_THEME,
  locale: Locale = "en",
): Canvas {
  ensureFonts();
  const h = 360;
  const canvas = sceneCanvas(PICTURE_WIDTH, h);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = theme.felt;
  ctx.fillRect(0, 0, PICTURE_WIDTH, h);
  ctx.fillStyle = theme.text;
  ctx.font = font(24, true);
  ctx.textAlign = "center";
  ctx.textBaseline = "alphabetic";
  ctx.fillText(fitText(ctx, title, PICTURE_WIDTH - 24), PICTURE_WIDTH / 2, 38);
  // Steps: 2nd left, 1st middle, 3rd right.
  const steps = [
    { rank: 2, x: 30, height: 120, colour: "#c0c7cf" },
    { rank: 1, x: 230, height: 170, colour: "#e8c34a" },
    { rank: 3, x: 430, height: 90, colour: "#c98a4b" },
  ];
  const base = h - 20;
  for (const s of steps) {
    const here = top.filter((p) => p.rank === s.rank);
    // A podium with fewer places (or a tie that skips one) draws only the steps someone stands on.
    if (here.length === 0) continue;
    ctx.fillStyle = s.colour;
    ctx.fillRect(s.x, base - s.height, 180, s.height);
    ctx.fillStyle = theme.black;
    ctx.font = font(40, true);
    ctx.fillText(String(s.rank), s.x + 90, base - s.height + 52);
    ctx.fillStyle = theme.text;
    ctx.font = font(18, true);
    const shown = here.length > NAMES_A_STEP ? here.slice(0, NAMES_A_STEP - 1) : here;
    const lines = shown.map((p) => shortName(ctx, p.name, 176));
    if (shown.length < here.length) lines.push(`+${here.length - shown.length}`);
    lines.forEach((line, i) => ctx.fillText(line, s.x + 90, base - s.height - 34 - (lines.length - 1 - i) * 22));
    ctx.fillStyle = theme.textDim;
    ctx.font = font(15);
    const points = here[0]!.points;
    ctx.fillText(fitText(ctx, t(locale, "tournament.points", { count: points, n: num(points) }), 176), s.x + 90, base - s.height - 12);
  }
  return canvas;
}
