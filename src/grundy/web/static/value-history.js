// The value history of a game in the play view (GamesmanUni's "value history"): after each
// move, who wins the position reached with perfect play, drawn as a strip of bars — up and
// green while you are winning, down and red while the engine is — with the number of
// moves left (remoteness) as the bar's height where the server can say it.

import { api } from "./api.js";
import { $, clear, el, svg } from "./dom.js";
import { isTwoPlayer, misereParam, moverAfter, playStart, played, state } from "./state.js";

const known = new Map();  // "game|misère|position" -> {moverWins, left}
const WIDTH = 22;  // px a move
const HEIGHT = 40;  // px from the middle line to the top of the tallest bar

/** Who wins `position` for the player to move, and in how many moves (null: unknown). */
async function judge(position) {
  const key = `${state.game}|${misereParam()}|${position}`;
  if (known.has(key)) return known.get(key);
  let found;
  if (isTwoPlayer()) {
    const report = await api("solve", { game: state.game, position });
    found = { moverWins: report.value === "win", lose: report.value === "loss",
              left: report.remoteness ?? null };
  } else {
    const misere = misereParam();
    const [value, far] = await Promise.all([
      api("value", { game: state.game, position, misere }),
      api("remoteness", { game: state.game, position, misere }).catch(() => null),
    ]);
    found = { moverWins: value.outcome === "N", lose: value.outcome === "P",
              left: far && far.remoteness !== null ? far.remoteness : null };
  }
  known.set(key, found);
  return found;
}

/**
 * Draw the value history of the moves played (not those undone). `isCurrent()` says
 * whether the game shown is still the one asked about (answers arrive later).
 */
export async function showValueHistory(isCurrent) {
  const box = $("value-history");
  const positions = [playStart(), ...played.log.map((entry) => entry.position)];
  if (state.at === null) {
    clear(box);
    box.hidden = true;
    return;
  }
  let judged;
  try {
    judged = await Promise.all(positions.map((p) => judge(p)));
  } catch {
    return;  // a position too big to judge: no chart rather than a wrong one
  }
  if (!isCurrent()) return;
  clear(box);
  box.hidden = false;
  const tallest = Math.max(1, ...judged.map((j) => j.left ?? 1));
  const chart = svg("svg", { width: WIDTH * positions.length + 8, height: 2 * HEIGHT + 8,
                             class: "value-history-chart", role: "img",
                             "aria-label": "who wins after each move" });
  chart.append(svg("line", { x1: 0, x2: WIDTH * positions.length + 8, y1: HEIGHT + 4,
                             y2: HEIGHT + 4, class: "value-history-axis" }));
  const words = [];
  judged.forEach((j, count) => {
    const tie = !j.moverWins && !j.lose;
    // The person is winning when the player to move wins and it is the person's turn,
    // or loses and it is the engine's.
    const mine = moverAfter(count) === "me";
    const personWins = !tie && (j.moverWins === mine);
    const size = tie ? 2 : Math.max(3, Math.round(HEIGHT * (j.left ?? tallest) / tallest));
    const x = 4 + count * WIDTH + 3;
    const y = tie ? HEIGHT + 3 : personWins ? HEIGHT + 4 - size : HEIGHT + 4;
    const who = tie ? "nobody wins (a tie or a draw)" : personWins ? "you win" : "the engine wins";
    const left = j.left === null ? "" : `, ${j.left} move${j.left === 1 ? "" : "s"} left`;
    const label = `${count ? `after move ${count}` : "at the start"}: ${who}${left}`;
    words.push(label);
    const bar = svg("rect", { x, y, width: WIDTH - 6, height: size, rx: 2,
                              class: `value-bar ${tie ? "tie" : personWins ? "you" : "engine"}` });
    bar.append(svg("title", {}, label));
    chart.append(bar);
  });
  box.append(el("h3", { text: "Who wins after each move" }), chart,
             el("p", { class: "visually-hidden", "data-testid": "value-history-words",
                       text: words.join("; ") }));
}
