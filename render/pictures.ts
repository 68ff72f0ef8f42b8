/**
 * Every picture the bot sends, as a job of plain data: what a worker thread needs to draw and
 * encode it (structured-clonable: no functions, no class instances). `drawJob` is the one
 * switch from a job to its scene's `draw…` function; `encodeJob` draws and encodes.
 */
import { drawPodium, drawStandings, type StandingRow } from "./standings";
import { drawBracket, type BracketSection } from "./bracket";
import { drawStats, type StatsBlock } from "./stats";
import type { Canvas } from "@napi-rs/canvas";
import type { CardId } from "../src/games/onexeno/cards";
import type { Locale } from "../src/i18n/index";
import type { CanastaView } from "../src/games/onexeno/canasta";
import type { OnexenoView } from "../src/games/onexeno/game";
import type { SolitaireView } from "../src/games/onexeno/solitaire";
import type { Card } from "../src/games/onze/cards";
import type { OnzeView } from "../src/games/onze/game";
import { encodePicture } from "./encode";
import { reusingCanvases } from "./surface";
import { CANASTA_WIDTH, canastaHeight, drawCanastaTable } from "./onexeno-canasta";
import { drawOnexenoHand } from "./onexeno-hand";
import { drawSolitaire, SOLITAIRE_HEIGHT, SOLITAIRE_WIDTH } from "./onexeno-solitaire";
import { drawOnexenoTable, TABLE_HEIGHT, TABLE_WIDTH } from "./onexeno-table";
import { drawOnzeHand, drawOnzeTable, ONZE_WIDTH, onzeHeight } from "./onze-table";
import { cardenoHeight, drawCardenoBoard, drawCardenoTable } from "./cardeno";
import { PICTURE_WIDTH } from "./fonts";
import type { CardenoView } from "../src/games/cardeno/game";

/** One picture to make. `clock` is the turn clock's label (`until 14:05 UTC`), when shown. */
export type PictureJob =
  | {
      readonly kind: "onexeno-table";
      readonly view: OnexenoView;
      readonly names: readonly string[];
      readonly clock?: string | undefined;
      /** The language of the picture's words (the table's); absent: English. */
      readonly locale?: Locale | undefined;
    }
  | {
      readonly kind: "onexeno-hand";
      readonly hand: readonly CardId[];
      readonly playable: readonly CardId[];
      readonly title: string;
      readonly captions?: readonly string[] | undefined;
      readonly locale?: Locale | undefined;
    }
  | {
      readonly kind: "canasta-table";
      readonly view: CanastaView;
      readonly names: readonly string[];
      readonly clock?: string | undefined;
      readonly locale?: Locale | undefined;
    }
  | {
      readonly kind: "solitaire";
      readonly view: SolitaireView;
      readonly owner: string;
      readonly hint?: { x: number; y: number } | null | undefined;
      readonly locale?: Locale | undefined;
    }
  | {
      readonly kind: "onze-table";
      readonly view: OnzeView;
      readonly names: readonly string[];
      readonly clock?: string | undefined;
      readonly locale?: Locale | undefined;
      /** Closed with `end` before the game was over (the view's phase is `over`). */
      readonly closed?: boolean | undefined;
    }
  | {
      readonly kind: "onze-hand";
      readonly hand: readonly Card[];
      readonly title: string;
      readonly help: string;
      readonly fresh: readonly Card[];
      readonly locale?: Locale | undefined;
    }
  | {
      readonly kind: "standings";
      readonly title: string;
      readonly subtitle: string;
      readonly rows: readonly StandingRow[];
      readonly labels?: readonly string[] | undefined;
      /** What the columns mean, in a line under the rows. */
      readonly legend?: string | undefined;
      /** The language of the sheet's own words (the event's). */
      readonly locale?: Locale | undefined;
    }
  | {
      readonly kind: "cardeno-table";
      readonly view: CardenoView;
      readonly names: readonly string[];
      readonly now?: number | undefined;
      readonly locale?: Locale | undefined;
      /** Closed with `end` before the game was over (the view's phase is `over`). */
      readonly closed?: boolean | undefined;
    }
  | {
      readonly kind: "cardeno-board";
      readonly view: CardenoView;
      readonly seat: number;
      readonly names: readonly string[];
      readonly now?: number | undefined;
      readonly locale?: Locale | undefined;
    }
  | { readonly kind: "stats"; readonly title: string; readonly blocks: readonly StatsBlock[]; readonly locale?: Locale | undefined }
  | {
      readonly kind: "bracket";
      readonly title: string;
      readonly subtitle: string;
      readonly sections: readonly BracketSection[];
      /** A line at the foot (where the earlier rounds are). */
      readonly note?: string | undefined;
    }
  | {
      readonly kind: "podium";
      readonly title: string;
      readonly top: readonly { readonly name: string; readonly points: number; readonly rank: number }[];
      readonly locale?: Locale | undefined;
    };

/** Draws a job's scene (default theme) and returns its canvas. */
export function drawJob(job: PictureJob): Canvas {
  switch (job.kind) {
    case "onexeno-table":
      return drawOnexenoTable(job.view, job.names, undefined, job.clock, job.locale);
    case "onexeno-hand": {
      const captions = job.captions;
      const caption = captions ? (_card: CardId, i: number) => captions[i] ?? "" : undefined;
      return drawOnexenoHand(job.hand, new Set(job.playable), job.title, undefined, caption, job.locale);
    }
    case "canasta-table":
      return drawCanastaTable(job.view, job.names, undefined, job.clock, job.locale);
    case "solitaire":
      return drawSolitaire(job.view, job.owner, undefined, job.hint, job.locale);
    case "onze-table":
      return drawOnzeTable(job.view, job.names, undefined, job.clock, job.locale, job.closed);
    case "onze-hand":
      return drawOnzeHand(job.hand, job.title, job.help, job.fresh, undefined, job.locale);
    case "standings":
      return drawStandings(job.title, job.subtitle, job.rows, job.labels, job.legend, undefined, job.locale);
    case "podium":
      return drawPodium(job.title, job.top, undefined, job.locale);
    case "stats":
      return drawStats(job.title, job.blocks, undefined, job.locale);
    case "bracket":
      return drawBracket(job.title, job.subtitle, job.sections, job.note);
    case "cardeno-table":
      return drawCardenoTable(job.view, job.names, undefined, job.now, job.locale, job.closed);
    case "cardeno-board":
      return drawCardenoBoard(job.view, job.seat, job.names, undefined, job.now, job.locale);
  }
}

/**
 * The size in px of a table scene's picture, worked out without drawing it (the animation's
 * frames are all drawn at the largest); undefined for the other scenes (hands, panels, standings).
 */
export function tableSize(job: PictureJob): { readonly width: number; readonly height: number } | undefined {
  switch (job.kind) {
    case "onexeno-table":
      return { width: TABLE_WIDTH, height: TABLE_HEIGHT };
    case "canasta-table":
      return { width: CANASTA_WIDTH, height: canastaHeight(job.view.seats) };
    case "solitaire":
      return { width: SOLITAIRE_WIDTH, height: SOLITAIRE_HEIGHT };
    case "onze-table":
      return { width: ONZE_WIDTH, height: onzeHeight(job.view) };
    case "cardeno-table":
      return { width: PICTURE_WIDTH, height: cardenoHeight(job.view) };
    default:
      return undefined;
  }
}

/** Draws and encodes a job: its PNG bytes (the scene's canvas is reused for the next job of its size). */
export function encodeJob(job: PictureJob): Buffer {
  return reusingCanvases(() => encodePicture(drawJob(job)));
}
