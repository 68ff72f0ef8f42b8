/**
 * The bracket picture of an elimination event: a section per side (winners', losers', grand
 * final), each at most four columns wide (the columns in play and the one before; earlier ones
 * are in `/tournament export`), every table a box of its seats joined to the tables it feeds.
 * Pure `(sections) -> canvas`, 640 px wide like every picture, type never below 14 px, so 32
 * entrants stay legible at Discord's display width (a column of 16 first-round matches is one
 * tall section, never a narrow one).
 */
import type { Canvas, SKRSContext2D } from "@napi-rs/canvas";
import { fitText, font, PICTURE_WIDTH, shortName } from "./fonts.ts";
import { tournamentSheet } from "./standings.ts";
import { DEFAULT_THEME, type Theme } from "./theme.ts";

/** One seat of a bracket table as drawn: who, and how they fared there. */
export interface BracketSeat {
  /** `3. Ana` (seed and name); empty while not known yet. */
  readonly name: string;
  /** `went-on`: advanced (or through on a bye); `out`: dropped or eliminated; `playing`; `waiting`: not known yet. */
  readonly state: "went-on" | "out" | "playing" | "waiting";
  /** A short mark after the name (`bye`). */
  readonly mark?: string;
}

/** One table of a column: its seats, and which tables of the previous column send it their top half (their indexes). */
export interface BracketBox {
  readonly seats: readonly BracketSeat[];
  readonly from: readonly number[];
}

/** One side of the bracket as drawn: its title, and its columns (each a title and its tables). */
export interface BracketSection {
  readonly title: string;
  readonly columns: readonly { readonly title: string; readonly boxes: readonly BracketBox[] }[];
}

const HEADER = 70;
const SEAT = 22;
const GAP = 10;
const LINK = 18;
const SECTION_HEAD = 46;

/** Height of one section: its tallest column (its boxes stacked with gaps). */
function sectionHeight(s: BracketSection): number {
  const tallest = Math.max(0, ...s.columns.map((c) => c.boxes.reduce((h, b) => h + b.seats.length * SEAT + GAP, 0)));
  return SECTION_HEAD + tallest + GAP;
}

/** Draws one seat's line in a box at (x, y) (its top), `w` wide. */
function drawSeat(ctx: SKRSContext2D, seat: BracketSeat, x: number, y: number, w: number, theme: Theme): void {
  if (seat.state === "went-on") {
    ctx.fillStyle = "rgba(255, 200, 61, 0.18)";
    ctx.fillRect(x, y, w, SEAT);
  }
  ctx.fillStyle = seat.state === "out" || seat.state === "waiting" ? theme.textDim : seat.state === "went-on" ? theme.lastMove : theme.text;
  ctx.font = font(14, seat.state === "went-on");
  ctx.textAlign = "left";
  const mark = seat.mark ? ` · ${seat.mark}` : "";
  const name = seat.name || "…";
  ctx.fillText(`${shortName(ctx, name, w - 10 - ctx.measureText(mark).width)}${mark}`, x + 5, y + 16);
}

/**
 * The bracket: `title` and `subtitle` on top, then each section; `note` (a line) at the foot.
 * A column's boxes are spread over the section's height, so a table sits level with the two it
 * takes players from, as on a printed bracket.
 */
export function drawBracket(
  title: string,
  subtitle: string,
  sections: readonly BracketSection[],
  note?: string,
  theme: Theme = DEFAULT_THEME,
): Canvas {
  const h = HEADER + sections.reduce((s, x) => s + sectionHeight(x), 0) + (note ? 26 : 8);
  const { canvas, ctx } = tournamentSheet(h, title, subtitle, theme);
  let top = HEADER;
  for (const section of sections) {
    const height = sectionHeight(section);
    ctx.fillStyle = theme.text;
    ctx.font = font(16, true);
    ctx.textAlign = "left";
    ctx.fillText(fitText(ctx, section.title, PICTURE_WIDTH - 24), 12, top + 18);
    const n = section.columns.length;
    // Never wider than a third of the picture: a lone grand final is a box, not a banner.
    const width = Math.min((PICTURE_WIDTH - 24 - (n - 1) * LINK) / Math.max(1, n), PICTURE_WIDTH / 3);
    const body = top + SECTION_HEAD;
    const span = height - SECTION_HEAD - GAP;
    /** The centre line of box j of a column of m boxes (the box's own height is set by its seats). */
    const middle = (j: number, m: number) => body + ((j + 0.5) * span) / m;
    let previous: { x: number; y: number }[] = [];
    section.columns.forEach((column, c) => {
      const x = 12 + c * (width + LINK);
      ctx.fillStyle = theme.textDim;
      ctx.font = font(14);
      ctx.fillText(fitText(ctx, column.title, width), x, top + 38);
      const here = column.boxes.map((box, j) => {
        const boxH = box.seats.length * SEAT;
        const y = middle(j, column.boxes.length) - boxH / 2;
        ctx.fillStyle = theme.feltDark;
        ctx.fillRect(x, y, width, boxH);
        ctx.strokeStyle = theme.gridLine;
        ctx.lineWidth = 1;
        ctx.strokeRect(x + 0.5, y + 0.5, width - 1, boxH - 1);
        box.seats.forEach((seat, i) => drawSeat(ctx, seat, x, y + i * SEAT, width, theme));
        // Joins from the tables that send this one their top half.
        ctx.strokeStyle = theme.textDim;
        for (const f of box.from) {
          const src = previous[f];
          if (!src) continue;
          const mid = x - LINK / 2;
          ctx.beginPath();
          ctx.moveTo(src.x, src.y);
          ctx.lineTo(mid, src.y);
          ctx.lineTo(mid, y + boxH / 2);
          ctx.lineTo(x, y + boxH / 2);
          ctx.stroke();
        }
        return { x: x + width, y: y + boxH / 2 };
      });
      previous = here;
    });
    top += height;
  }
  if (note) {
    ctx.fillStyle = theme.textDim;
    ctx.font = font(14);
    ctx.textAlign = "left";
    ctx.fillText(fitText(ctx, note, PICTURE_WIDTH - 24), 12, h - 10);
  }
  return canvas;
}
