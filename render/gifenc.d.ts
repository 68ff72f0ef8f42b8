/**
 * Types for gifenc 1.0.3 (github.com/mattdesl/gifenc, MIT), which ships none: the parts the
 * animation encoder (render/animation.ts) uses. A palette is a list of `[r, g, b]` (0-255);
 * an index is one byte a pixel into it.
 */
declare module "gifenc" {
  /** A colour of a palette: `[r, g, b]`, each 0-255. */
  export type Rgb = [number, number, number];

  /** Options of one frame (GIF89a Graphic Control Extension and Image Descriptor). */
  export interface FrameOptions {
    /** The global palette (first frame) or the frame's local one. */
    palette?: Rgb[];
    /** Delay after the frame, ms (written in hundredths of a second). */
    delay?: number;
    /** Loop count of the NETSCAPE2.0 extension (first frame): 0 forever, -1 none. */
    repeat?: number;
    transparent?: boolean;
    transparentIndex?: number;
    /** Disposal method (0-7): 1 keeps the frame under the next. */
    dispose?: number;
    first?: boolean;
  }

  /** A streaming GIF89a writer (LZW-compressed frames into a growing byte buffer). */
  export interface Encoder {
    /** Writes the `GIF89a` signature (manual mode: before the first frame). */
    writeHeader(): void;
    writeFrame(index: Uint8Array, width: number, height: number, opts?: FrameOptions): void;
    /** Writes the trailer; `bytes()` is then the whole file. */
    finish(): void;
    bytes(): Uint8Array;
  }

  /** `auto` (default true): the first frame writes the header; false: the caller does (`writeHeader`, `first`). */
  export function GIFEncoder(opts?: { auto?: boolean; initialCapacity?: number }): Encoder;
  /** A palette of at most `maxColors` colours for RGBA pixels (PnnQuant over a histogram of `format`). */
  export function quantize(
    rgba: Uint8Array | Uint8ClampedArray,
    maxColors: number,
    opts?: { format?: "rgb565" | "rgb444" | "rgba4444" },
  ): Rgb[];
  /** The palette index of each RGBA pixel (nearest colour, cached per `format` cell). */
  export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Rgb[], format?: "rgb565" | "rgb444" | "rgba4444"): Uint8Array;
}
