/**
 * `npm run verify-deal -- FILE…`: checks published deals as anyone can (docs/game-record.md,
 * "Verifying a deal"). Each FILE is a game record (`onexeno-game-record`), a tournament's export
 * (`onexeno-game-records`, from `/tournament export`) or `-` for standard input. For every record
 * it prints the seed, whether SHA-256 of the seed is the commitment shown when the table was
 * dealt, and whether the moves replay with today's rules to the recorded end and outcome. Exits 1
 * when any record fails either check (a record from before commitments only says it has none).
 */
import { readFileSync } from "node:fs";
import { GAMES } from "../commands/index.ts";
import { gameSet } from "../commands/game-module.ts";
import { type GameRecord, verifyRecord } from "./bot/game-record.ts";
import { dealCommitment } from "./engine/rng.ts";

const files = process.argv.slice(2);
if (!files.length) {
  console.error("Use: npm run verify-deal -- RECORD.json [MORE.json …] (a game record or a tournament's export; - reads standard input)");
  process.exit(1);
}
const { catalogue } = gameSet(GAMES);
let failed = 0;
for (const file of files) {
  let doc: GameRecord | { readonly format: "onexeno-game-records"; readonly tables: readonly { readonly record: GameRecord }[] };
  try {
    doc = JSON.parse(readFileSync(file === "-" ? 0 : file, "utf8"));
  } catch (e) {
    console.error(`${file}: not a JSON file (${(e as Error).message})`);
    failed++;
    continue;
  }
  const records = "tables" in doc ? doc.tables.map((x) => x.record) : [doc];
  for (const record of records) {
    const game = catalogue.game(record.game);
    if (!game || record.format !== "onexeno-game-record") {
      console.error(`${file}: ${record.id ?? "?"} is not a record of a game this bot knows (${record.game})`);
      failed++;
      continue;
    }
    const verdict = verifyRecord(game.definition, record);
    const sealed = {
      match: `SHA-256 ${dealCommitment(record.seed)} is the commitment shown at the deal ✓`,
      differs: `SHA-256 ${dealCommitment(record.seed)} is NOT the commitment ${record.commitment} ✗`,
      none: "no commitment (a record from before commitments)",
    }[verdict.commitment];
    const why = {
      refused: `a move is refused (${verdict.detail})`,
      version: `it ends at version ${verdict.detail}, not ${record.version}`,
      outcome: "it ends with another outcome",
    };
    const replay =
      verdict.replay === null ? `replays to its end (${record.moves.length} moves) ✓` : `does not replay: ${why[verdict.replay]} ✗`;
    console.log(
      `${record.id} (${record.game}, seed derivation ${record.seedDerivation ?? 1}): seed ${record.seed}\n  ${sealed}\n  ${replay}`,
    );
    if (verdict.commitment === "differs" || verdict.replay !== null) failed++;
  }
}
if (failed) {
  console.error(`${failed} record(s) failed.`);
  process.exit(1);
}
