/**
 * Every picture the bot sends, as a job of plain data: what a worker thread needs to draw and
 * encode it (structured-clonable: no functions, no class instances). `drawJob` is the one
 * switch from a job to its `draw…` function (a game's scene: its module's, render/scenes.ts);
 * `encodeJob` draws and encodes.
 */
import { drawPodium, drawStandings, type StandingRow } from "./standings.ts";
import { drawBracket, type BracketSection } from "./bracket.ts";
import { drawStats, type StatsBlock } from "./stats.ts";
import type { Canvas } from "@napi-rs/canvas";
import type { Locale } from "../src/i18n/index.ts";
import { encodePicture } from "./encode.ts";
import { reusingCanvases } from "./surface.ts";
import { drawScene, loadScene, sceneSize, type SceneJob } from "./scenes.ts";

/**
 * One picture to make: a game's scene (`SceneJob`, render/scenes.ts: each game's render folder
 * declares its own), or one of the pictures spanning games (standings, podium, stats, bracket).
 */
export type PictureJob =
  | SceneJob
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

/** Draws a job's scene (default theme; a scene job's module loaded: `loadScene`) and returns its canvas. */
export function drawJob(job: PictureJob): Canvas {
  switch (job.kind) {
    case "scene":
      return drawScene(job);
    case "standings":
      return drawStandings(job.title, job.subtitle, job.rows, job.labels, job.legend, undefined, job.locale);
    case "podium":
      return drawPodium(job.title, job.top, undefined, job.locale);
    case "stats":
      return drawStats(job.title, job.blocks, undefined, job.locale);
    case "bracket":
      return drawBracket(job.title, job.subtitle, job.sections, job.note);
  }
}

/**
 * The size in px of a table scene's picture, worked out without drawing it (the animation's
 * frames are all drawn at the largest); undefined for the other scenes (hands, panels, standings).
 */
export function tableSize(job: PictureJob): { readonly width: number; readonly height: number } | undefined {
  return job.kind === "scene" ? sceneSize(job) : undefined;
}

/** Draws and encodes a job (a scene job's module loaded: `loadScene`): its PNG bytes (the scene's canvas is reused for the next job of its size). */
export function encodeJob(job: PictureJob): Buffer {
  return reusingCanvases(() => encodePicture(drawJob(job), job.kind === "scene" ? job.frame : undefined));
}

/** Loads what drawing `job` needs in this thread (a game scene's module), before `drawJob` or `encodeJob`. */
export async function prepareJob(job: PictureJob): Promise<void> {
  if (job.kind === "scene") await loadScene(job);
}
