/**
 * `/stats` as a picture: one block per rated game of a player in a server, with the rating as
 * it stands, its rank, games, wins and peak, and a small chart of the rating over the player's
 * rated games (oldest left). Pure `(blocks) -> canvas`, 640 px wide like every picture, type
 * never below 14 px.
 */
import type { Canvas } from "@napi-rs/canvas";
import { ensureFonts, fitText, font, PICTURE_WIDTH } from "./fonts.ts";
import { paintedScene } from "./surface.ts";
import { DEFAULT_THEME, type Theme } from "./theme.ts";
import { t, type Locale } from "../src/i18n/index.ts";

/** One game of a player's statistics. */
export interface StatsBlock {
  /** The rated game's name, in the reader's language. */
  readonly game: string;
  readonly rating: number;
  readonly provisional: boolean;
  /** Place on the server's board and the board's size. */
  readonly rank: number;
  readonly of: number;
  readonly games: number;
  readonly wins: number;
  readonly peak: number;
  /** The rating before the first game and after each game kept (oldest first); at least one. */
  readonly points: readonly number[];
}

const HEADER = 52;
const BLOCK = 142;
/** Most games one picture shows (a server has a handful of rated games). */
export const MAX_STATS_BLOCKS = 8;

/** The height of the picture of `count` blocks, px. */
export function statsHeight(count: number): number {
  return HEADER + Math.min(MAX_STATS_BLOCKS, Math.max(1, count)) * BLOCK + 6;
}

/** The statistics picture: `title` (the player), then a block per game of `blocks` (the first 8). */
export function drawStats(title: string, blocks: readonly StatsBlock[], theme: Theme = DEFAULT_THEME, locale: Locale = "en"): Canvas {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `ratings.pic.${key}`, params);
  ensureFonts();
  const shown = blocks.slice(0, MAX_STATS_BLOCKS);
  const h = statsHeight(shown.length);
  const { canvas, ctx } = paintedScene(PICTURE_WIDTH, h, theme.felt, theme.text);
  ctx.font = font(24, true);
  ctx.fillText(fitText(ctx, title, PICTURE_WIDTH - 24), 12, 34);
  shown.forEach((b, i) => {
    const top = HEADER + i * BLOCK;
    ctx.fillStyle = theme.panel;
    ctx.fillRect(6, top, PICTURE_WIDTH - 12, BLOCK - 8);
    // Left: the game, the rating, its rank, games and wins, the peak.
    ctx.textAlign = "left";
    ctx.fillStyle = theme.text;
    ctx.font = font(16, true);
    ctx.fillText(fitText(ctx, b.game, 228), 16, top + 24);
    ctx.font = font(34, true);
    ctx.fillStyle = b.provisional ? theme.textDim : theme.lastMove;
    const big = `${b.rating}${b.provisional ? "?" : ""}`;
    ctx.fillText(big, 16, top + 62);
    const after = 16 + ctx.measureText(big).width + 10;
    ctx.font = font(14);
    ctx.fillStyle = theme.textDim;
    ctx.fillText(fitText(ctx, b.provisional ? say("provisional") : say("rank", { rank: b.rank, of: b.of }), 262 - after), after, top + 62);
    ctx.fillStyle = theme.text;
    const rate = b.games ? Math.round((100 * b.wins) / b.games) : 0;
    const line = say("line", {
      games: t(locale, "ratings.games", { count: b.games }),
      wins: t(locale, "ratings.wins", { count: b.wins }),
      rate,
    });
    ctx.fillText(fitText(ctx, line, 246), 16, top + 90);
    ctx.fillStyle = theme.textDim;
    ctx.fillText(fitText(ctx, say("peak", { n: b.peak }), 246), 16, top + 114);
    drawChart(ctx, b.points, 268, top + 14, PICTURE_WIDTH - 268 - 18, BLOCK - 40, theme);
  });
  return canvas;
}

/** The rating line of `points` in the box at (`x`, `y`), `w` x `h` px, with its lowest and highest value. */
function drawChart(
  ctx: ReturnType<Canvas["getContext"]>,
  points: readonly number[],
  x: number,
  y: number,
  w: number,
  h: number,
  theme: Theme,
): void {
  const lo = Math.min(...points);
  const hi = Math.max(...points);
  const pad = Math.max(10, Math.round((hi - lo) * 0.1));
  const min = lo - pad;
  const max = hi + pad;
  const label = 44; // the value labels' column
  const cx = x + label;
  const cw = w - label;
  const px = (i: number) => cx + (points.length === 1 ? cw : (i * cw) / (points.length - 1));
  const py = (v: number) => y + h - ((v - min) / (max - min)) * h;
  ctx.fillStyle = theme.feltDark;
  ctx.fillRect(cx, y, cw, h);
  ctx.strokeStyle = theme.gridLine;
  ctx.lineWidth = 1;
  ctx.setLineDash([3, 4]);
  for (const v of [lo, hi]) {
    ctx.beginPath();
    ctx.moveTo(cx, Math.round(py(v)) + 0.5);
    ctx.lineTo(cx + cw, Math.round(py(v)) + 0.5);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  ctx.font = font(14);
  ctx.fillStyle = theme.textDim;
  ctx.textAlign = "right";
  ctx.fillText(String(hi), cx - 6, py(hi) + 5);
  if (hi !== lo) ctx.fillText(String(lo), cx - 6, py(lo) + 5);
  ctx.strokeStyle = theme.turn;
  ctx.lineWidth = 2.5;
  ctx.lineJoin = "round";
  ctx.beginPath();
  points.forEach((v, i) => (i === 0 ? ctx.moveTo(px(i), py(v)) : ctx.lineTo(px(i), py(v))));
  ctx.stroke();
  const last = points.length - 1;
  ctx.fillStyle = theme.lastMove;
  ctx.beginPath();
  ctx.arc(px(last), py(points[last] ?? lo), 4.5, 0, Math.PI * 2);
  ctx.fill();
}
