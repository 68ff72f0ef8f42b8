/**
 * Cardeno's announcements in words: what a table's events say (CARDENO, DOUBLE, a full board, the
 * reveal, a round's result, the next Go), and which of them happen within a race. Those are
 * shown in place, on the live table and on each player's board (`raceNews`), so nothing pushes
 * a racer's private board off-screen; a round's start and end are new table messages.
 */
import { REVEAL_MS, type CardenoEvent, type CardenoState } from "../../src/games/cardeno/game.ts";
import { evaluate } from "../../src/games/cardeno/poker.ts";
import { pieceOf } from "../../src/games/cardeno/pieces.ts";
import { scoresLine, tableLocale } from "../../src/bot/words.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { handNameIn, lineNameIn } from "../../render/cardeno/words.ts";
import { type CardenoTable, names } from "./tables.ts";

/** Events that happen within a race: announced in place, not as a new table message. */
const IN_RACE: ReadonlySet<CardenoEvent["kind"]> = new Set(["cardeno", "double", "full", "reveal"]);

/** At most this many of a race's announcements are shown at once (the newest). */
export const RACE_NEWS_LINES = 3;

/** Are `events` (a change's new events, at least one) all within a race of a table still playing? */
export function withinRace(rec: CardenoTable, events: readonly CardenoEvent[]): boolean {
  return rec.status === "playing" && events.length > 0 && events.every((e) => IN_RACE.has(e.kind));
}

/**
 * The announcements of the race now running at table `rec` (its round's CARDENO, DOUBLE, full
 * board and reveal), newest last, at most `RACE_NEWS_LINES`, in `locale`; null between races
 * and when nothing was announced yet. Read from the state's events, so a restart keeps them.
 */
export function raceNews(rec: CardenoTable, locale: Locale = tableLocale(rec)): string | null {
  const s = rec.state as CardenoState | undefined;
  if (rec.status !== "playing" || !s || (s.phase !== "race" && s.phase !== "reveal")) return null;
  let from = s.events.length;
  while (from > 0 && s.events[from - 1]!.kind !== "go" && s.events[from - 1]!.kind !== "round_over") from--;
  const note = eventsNote(
    rec,
    s.events.slice(from).filter((e) => IN_RACE.has(e.kind)),
    locale,
  );
  return note === null ? null : note.split("\n").slice(-RACE_NEWS_LINES).join("\n");
}

/**
 * What events of table `rec` say, in words, one line each, in `locale` (the table's unless
 * given: a board panel says them in its reader's): a round's totals and its POKER-CARDENO
 * result lead. Null when none is worth saying (the first round's Go, for one).
 */
export function eventsNote(rec: CardenoTable, events: readonly CardenoEvent[], locale: Locale = tableLocale(rec)): string | null {
  const n = names(rec);
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `cardeno.${key}`, params);
  const who = (seat: number) => n[seat] ?? say("seat", { n: seat + 1 });
  const s = rec.state as CardenoState;
  const out: string[] = [];
  // The round's totals and its POKER-CARDENO result, which lead the note (below).
  let totals: string | null = null;
  let poker: string | null = null;
  const handOf = (pieces: readonly number[]) => handNameIn(locale, evaluate(pieces.map(pieceOf)));
  for (const e of events) {
    switch (e.kind) {
      case "go":
        if (e.round > 1) out.push(say("ev_go", { n: e.round, faces: say(e.round % 2 ? "odd" : "even") }));
        break;
      case "cardeno":
        out.push(say("ev_cardeno", { name: who(e.seat), line: lineNameIn(locale, e.line) }));
        break;
      case "double":
        out.push(say("ev_double", { name: who(e.seat), line: lineNameIn(locale, e.line) }));
        break;
      case "reveal": {
        const why = e.reason === "stuck" ? say("ev_stuck") : e.reason === "idle" ? say("ev_idle") : "";
        out.push(`${why}${say("ev_reveal", { s: REVEAL_MS / 1000 })}`);
        break;
      }
      case "poker": {
        const hands = s.sheet.at(-1)?.hands ?? s.hands.map(() => null);
        // The winners' hand named from its pieces, in the table's language.
        const best = e.winners.map((w) => hands[w]).find((h) => h);
        const name = best ? handOf(best.pieces) : e.name;
        poker =
          e.points > 0
            ? say(e.winners.length === 1 ? "ev_poker_one" : "ev_poker_other", {
                ...{ winners: e.winners.map(who).join(" & "), hand: name, points: e.points },
              })
            : say("ev_poker_none");
        out.push(poker);
        const shown = hands.flatMap((h, i) => (h ? [`${who(i)}: ${handOf(h.pieces)}`] : []));
        if (shown.length) out.push(say("ev_hands", { list: shown.join(" · ") }));
        break;
      }
      case "full":
        out.push(say("ev_full", { name: who(e.seat) }));
        break;
      case "round_over":
        totals = `${say("ev_round_over", { n: e.round, totals: scoresLine(rec.seats, s.scores) })}${e.round < s.rounds ? ` ${say("ev_next_round")}` : ""}`;
        out.push(totals);
        break;
    }
  }
  // A round's totals lead, with the POKER-CARDENO result: the first line is what the message
  // keeps once a newer table replaces it.
  const at = totals === null ? -1 : out.indexOf(totals);
  if (at > 0) {
    out.splice(at, 1);
    const p = poker === null ? -1 : out.indexOf(poker);
    if (p >= 0) out.splice(p, 1);
    out.unshift(p >= 0 ? `${totals} ${poker}` : (totals as string));
  }
  return out.length ? out.join("\n") : null;
}
