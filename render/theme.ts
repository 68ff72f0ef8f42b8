/** Colours of the table pictures. One theme today; scenes take it as a parameter. */
export interface Theme {
  readonly felt: string;
  readonly feltDark: string;
  readonly panel: string;
  readonly text: string;
  readonly textDim: string;
  readonly black: string;
  readonly white: string;
  readonly centre: string;
  readonly cardEdge: string;
  readonly gridLine: string;
  readonly closed: string;
  readonly lastMove: string;
  readonly trick: string;
  readonly turn: string;
  /** One colour per team (partners); colour is never the only carrier: teams are also named. */
  readonly teams: readonly string[];
}

export const DEFAULT_THEME: Theme = {
  felt: "#1d5b3b",
  feltDark: "#16472e",
  panel: "#22262c",
  text: "#f2f2f2",
  textDim: "#a9b0b8",
  black: "#15151a",
  white: "#f6f3ea",
  centre: "#d9d2c1",
  cardEdge: "#0b0b0d",
  gridLine: "rgba(255,255,255,0.18)",
  closed: "#e0493b",
  lastMove: "#ffc83d",
  trick: "#ff7a59",
  turn: "#5ad17a",
  teams: ["#4aa3ff", "#ff8f3d", "#c77dff"],
};
