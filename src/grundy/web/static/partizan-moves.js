// The moves a partizan board offers, from the play view's listing (the moves of the player
// to move) or from Analyse's report (every move of each player, with the value it
// leaves), in one shape the boards share, and the words a move's button says.

import { state, verdictOf } from "./state.js";

/**
 * A move of a partizan board: `player` ("Left" or "Right"), `board` (the JSON of the
 * board it leaves), `text` (the position to go to), `move` (in words) and `option` (what
 * verdictOf reads: a listed option, or under Analyse whether it wins for its player).
 */
export function analyseMove(player, listed) {
  // A loopy game's move has no value of its own, but what it does: a win, a draw, a loss.
  const loopy = listed.value === null;
  const does = listed.result === "draws" ? "draw" : listed.wins ? "win" : "loss";
  return {
    player, board: listed.position, text: listed.text, move: listed.move,
    option: { text: listed.text, value: does, remoteness: null,
              canonical: loopy ? undefined : listed.value },
  };
}

/** The moves of the play view's listing: each option of the player to move. */
export function playMoves(listing) {
  const [, mover] = listing.position;
  return listing.options.map((o) => ({
    player: mover, board: Array.isArray(o.position) ? o.position[0] : null, text: o.text,
    move: o.move, option: o,
  }));
}

/** What a move says on its button: its words (`words`, else the server's), then its
 * verdict (under Analyse: the value it leaves and whether its player then wins, moving
 * second; in play only while the values are shown). */
export function moveWords(m, words = m.move) {
  const verdict = verdictOf(m.option);
  if (m.option.canonical !== undefined) {
    const wins = verdict && verdict.kind === "win" ? "wins" : "loses";
    return `${words} (leaves ${m.option.canonical}, ${wins} for ${m.player})`;
  }
  return `${words}${verdict && state.values ? ` (${verdict.text})` : ""}`;
}
